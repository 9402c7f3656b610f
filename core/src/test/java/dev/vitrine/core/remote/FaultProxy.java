package dev.vitrine.core.remote;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small TCP proxy in front of a real server, for the faults a real link has: bodies dropped
 * half way, 503 answers, added latency. One request per connection (it asks the server to
 * close), so each fault hits exactly the requests it is set for.
 */
public final class FaultProxy implements AutoCloseable {
    private final ServerSocket server;
    private final int upstreamPort;
    private final AtomicInteger fail503 = new AtomicInteger();
    private final AtomicInteger dropCount = new AtomicInteger();
    private final AtomicLong dropAfter = new AtomicLong();
    private final AtomicInteger stallCount = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile long latencyMillis;
    private volatile boolean closed;

    public FaultProxy(int upstreamPort) throws IOException {
        this.upstreamPort = upstreamPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::acceptLoop);
    }

    public int port() {
        return server.getLocalPort();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port() + "/" + path;
    }

    /** The next {@code n} requests are answered 503 by the proxy itself. */
    public void fail503(int n) {
        fail503.set(n);
    }

    /** The next {@code n} responses are cut after {@code bytes} bytes (headers included). */
    public void dropAfter(long bytes, int n) {
        dropAfter.set(bytes);
        dropCount.set(n);
    }

    /** The next {@code n} responses stop sending after {@code bytes} bytes but keep the connection open. */
    public void stallAfter(long bytes, int n) {
        dropAfter.set(bytes);
        stallCount.set(n);
    }

    /** Requests that reached the proxy so far (the server's log only has those it finished). */
    public int requests() {
        return requests.get();
    }

    /** Every request waits this long before it goes on to the server. */
    public void latency(long millis) {
        latencyMillis = millis;
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Thread.ofVirtual().start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client;
                Socket up = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
            InputStream cin = client.getInputStream();
            OutputStream cout = client.getOutputStream();
            String head = readHead(cin);
            if (head == null) return;
            requests.incrementAndGet();
            if (fail503.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                cout.write("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                return;
            }
            if (latencyMillis > 0) Thread.sleep(latencyMillis);
            boolean stall = stallCount.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
            long limit =
                    stall || dropCount.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? dropAfter.get() : Long.MAX_VALUE;
            String rewritten =
                    head.replaceAll("(?im)^connection:.*\r\n", "").replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n");
            up.getOutputStream().write(rewritten.getBytes(StandardCharsets.ISO_8859_1));
            InputStream uin = up.getInputStream();
            byte[] buf = new byte[16384];
            long sent = 0;
            for (int k; (k = uin.read(buf)) > 0; ) {
                int n = (int) Math.min(k, limit - sent);
                cout.write(buf, 0, n);
                sent += n;
                if (sent >= limit) {
                    if (stall) Thread.sleep(60_000); // a silent server: only the client's idle timeout ends this
                    return; // cut the body here: the client sees a dropped connection
                }
            }
        } catch (IOException | InterruptedException e) {
            // a fault proxy ends connections however they end
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int state = 0;
        for (int c; (c = in.read()) >= 0; ) {
            b.write(c);
            state = (c == '\r' && (state == 0 || state == 2))
                    ? state + 1
                    : (c == '\n' && (state == 1 || state == 3)) ? state + 1 : 0;
            if (state == 4) return b.toString(StandardCharsets.ISO_8859_1);
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
    }
}
