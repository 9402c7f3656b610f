package dev.vitrine.core.remote;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JDK's HTTP server on loopback answering ranged GETs of {@code data} as each test says, for
 * the faults nginx does not make: a body that stalls or trickles, odd Content-Ranges, redirects.
 * Answers that wait ({@link #stallAfter}) end when the server closes.
 */
final class TinyRangeServer implements AutoCloseable {
    /** What the n-th request (from 1) gets; {@code from}-{@code to} is the range asked for, cut to the data. */
    interface Answer {
        void answer(int n, HttpExchange x, int from, int to) throws Exception;
    }

    private final byte[] data;
    private final HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch over = new CountDownLatch(1);

    TinyRangeServer(byte[] data, Answer answer) throws IOException {
        this.data = data;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", x -> {
            int n = requests.incrementAndGet();
            String[] range = x.getRequestHeaders()
                    .getFirst("Range")
                    .substring("bytes=".length())
                    .split("-");
            int from = Integer.parseInt(range[0]);
            int to = Math.min(data.length - 1, Integer.parseInt(range[1]));
            try {
                answer.answer(n, x, from, to);
            } catch (Exception e) {
                // the client gave the body up: this is how these answers end
            } finally {
                x.close();
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/a.bin";
    }

    /** Requests answered or being answered so far. */
    int requests() {
        return requests.get();
    }

    /** Sends the headers of {@code from}-{@code to}, saying {@code contentRange}; the body is the caller's. */
    OutputStream headers(HttpExchange x, String contentRange, int bodyBytes) throws IOException {
        x.getResponseHeaders().add("Content-Range", contentRange);
        x.getResponseHeaders().add("ETag", "\"v1\"");
        x.sendResponseHeaders(206, bodyBytes);
        return x.getResponseBody();
    }

    OutputStream headers(HttpExchange x, int from, int to) throws IOException {
        return headers(x, "bytes " + from + "-" + to + "/" + data.length, to - from + 1);
    }

    /** The range asked for, whole. */
    void whole(HttpExchange x, int from, int to) throws IOException {
        headers(x, from, to).write(data, from, to - from + 1);
    }

    /** Sends {@code bytes} of the range, then nothing until the server closes. */
    void stallAfter(HttpExchange x, int from, int to, int bytes) throws Exception {
        OutputStream out = headers(x, from, to);
        out.write(data, from, Math.min(bytes, to - from + 1));
        out.flush();
        over.await();
    }

    /** Waits until the server closes, answering nothing. */
    void silence() throws InterruptedException {
        over.await();
    }

    @Override
    public void close() {
        over.countDown();
        server.stop(0);
    }
}
