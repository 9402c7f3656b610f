package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Servers that stall, trickle or ask for long pauses, on the JDK's own HTTP server: every body,
 * the opening one too, is given up in bounded time with "timed out", never waited on for ever.
 * Timeouts are a second here; the bounds only prove that nothing hung.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteStallTest {
    private static final int BLOCK = 64 << 10;
    private static final RemoteSettings QUICK = RemoteSettings.DEFAULT
            .withBlockBytes(BLOCK)
            .withCacheBytes(8L << 20)
            .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(1), Duration.ofSeconds(1));
    private static final byte[] DATA = new byte[5 * BLOCK + 77];

    static {
        new Random(11).nextBytes(DATA);
    }

    /** What the n-th request (from 1) gets. */
    private interface Answer {
        void answer(int n, HttpExchange x, int from, int to) throws Exception;
    }

    private final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch over = new CountDownLatch(1);
    private HttpServer server;

    @AfterEach
    void stop() {
        over.countDown();
        if (server != null) server.stop(0);
    }

    private String serve(Answer answer) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", x -> {
            int n = requests.incrementAndGet();
            String[] range = x.getRequestHeaders()
                    .getFirst("Range")
                    .substring("bytes=".length())
                    .split("-");
            int from = Integer.parseInt(range[0]);
            int to = Math.min(DATA.length - 1, Integer.parseInt(range[1]));
            try {
                answer.answer(n, x, from, to);
            } catch (Exception e) {
                // the client gave the body up: this is how these answers end
            } finally {
                x.close();
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/a.bin";
    }

    /** Headers of the range asked for; the body is the caller's. */
    private static OutputStream headers(HttpExchange x, int from, int to) throws IOException {
        x.getResponseHeaders().add("Content-Range", "bytes " + from + "-" + to + "/" + DATA.length);
        x.getResponseHeaders().add("ETag", "\"v1\"");
        x.sendResponseHeaders(206, to - from + 1);
        return x.getResponseBody();
    }

    private static void whole(HttpExchange x, int from, int to) throws IOException {
        headers(x, from, to).write(DATA, from, to - from + 1);
    }

    /** Sends {@code bytes} of the range, then nothing until the test is over. */
    private void stallAfter(HttpExchange x, int from, int to, int bytes) throws Exception {
        OutputStream out = headers(x, from, to);
        out.write(DATA, from, Math.min(bytes, to - from + 1));
        out.flush();
        over.await();
    }

    private static RemoteObject open(String url, RemoteSettings s) throws IOException {
        return RemoteObject.open(new HttpTransport(URI.create(url), List.of(), s), s);
    }

    private static RemoteException readFails(RemoteObject o, long at) {
        return assertThrows(RemoteException.class, () -> o.read(at, new byte[100], 0, 100));
    }

    /** The opening body stalls at every try: tried twice in all, then "timed out", never a hang. */
    @Test
    void aFirstBodyThatNeverComesIsTimedOut() throws Exception {
        String url = serve((n, x, from, to) -> stallAfter(x, from, to, 0));
        try (RemoteObject o = open(url, QUICK)) {
            assertEquals(DATA.length, o.size(), "the headers gave the size");
            assertEquals("timed out (no data for 1 s)", readFails(o, 0).reason());
            assertEquals(2, requests.get(), "the opening try and one more");
        }
    }

    /** The opening body stops half way once: its block is asked for again and read. */
    @Test
    void aFirstBodyThatStallsHalfWayIsAskedForAgain() throws Exception {
        String url = serve((n, x, from, to) -> {
            if (n == 1) stallAfter(x, from, to, BLOCK / 2);
            else whole(x, from, to);
        });
        try (RemoteObject o = open(url, QUICK)) {
            byte[] got = new byte[BLOCK];
            o.read(0, got, 0, BLOCK);
            assertArrayEquals(Arrays.copyOf(DATA, BLOCK), got);
            assertEquals(2, requests.get());
        }
    }

    /** A server that ignores Range and stalls its whole body is timed out too (nothing to resume). */
    @Test
    void aWholeBodyThatStallsIsTimedOut() throws Exception {
        String url = serve((n, x, from, to) -> {
            x.sendResponseHeaders(200, DATA.length);
            x.getResponseBody().write(DATA, 0, 1000);
            x.getResponseBody().flush();
            over.await();
        });
        var l = dev.vitrine.core.location.Locations.of(
                url, new dev.vitrine.core.location.RemoteOptions(List.of(), false, null, QUICK));
        assertEquals(
                "timed out (no data for 1 s)",
                assertThrows(RemoteException.class, l::stat).reason());
    }

    /** Later bodies send their headers and then nothing: two tries, said as timed out, not dropped. */
    @Test
    void laterBodiesThatNeverComeAreTimedOutAfterTwoTries() throws Exception {
        String url = serve((n, x, from, to) -> {
            if (n == 1) whole(x, from, to);
            else stallAfter(x, from, to, 0);
        });
        try (RemoteObject o = open(url, QUICK)) {
            assertEquals("timed out (no data for 1 s)", readFails(o, 3L * BLOCK).reason());
            assertEquals(3, requests.get(), "the opening request, then two tries");
        }
    }

    /** A server that takes later requests and never answers them is tried twice, like one that never answers the first. */
    @Test
    void laterRequestsNeverAnsweredAreTriedTwice() throws Exception {
        String url = serve((n, x, from, to) -> {
            if (n == 1) whole(x, from, to);
            else over.await();
        });
        try (RemoteObject o = open(url, QUICK)) {
            assertEquals("timed out", readFails(o, 3L * BLOCK).reason());
            assertEquals(3, requests.get());
        }
    }

    /** A byte every 200 ms never looks idle, but is under the minimum rate: timed out in bounded time. */
    @Test
    void aTricklingBodyIsAStall() throws Exception {
        String url = serve((n, x, from, to) -> {
            if (n == 1) {
                whole(x, from, to);
                return;
            }
            OutputStream out = headers(x, from, to);
            for (int i = from; i <= to; i++) {
                out.write(DATA[i]);
                out.flush();
                Thread.sleep(200);
            }
        });
        try (RemoteObject o = open(url, QUICK)) {
            assertEquals(
                    "timed out (under 1024 bytes in 1 s)",
                    readFails(o, 3L * BLOCK).reason());
            assertEquals(3, requests.get());
        }
    }

    /** A Retry-After beyond the request's budget of pauses is given up at once, saying what it asked. */
    @Test
    void aRetryAfterBeyondTheBudgetIsNotWaitedFor() throws Exception {
        String url = serve((n, x, from, to) -> {
            x.getResponseHeaders().add("Retry-After", "100000");
            x.sendResponseHeaders(429, -1);
        });
        RemoteException e = assertThrows(RemoteException.class, () -> open(url, QUICK));
        assertEquals("server answered HTTP 429 (it asks to retry after 100000 s)", e.reason());
        assertEquals(1, requests.get());
    }

    /** Retry-Afters that fit one by one stop once their sum would pass the budget, not after every retry. */
    @Test
    void theWaitsOfOneRequestShareOneBudget() throws Exception {
        RemoteSettings s = QUICK.withPatience(RemoteSettings.DEFAULT.minBytesPerSecond(), Duration.ofMillis(2500));
        String url = serve((n, x, from, to) -> {
            if (n == 1) {
                whole(x, from, to);
                return;
            }
            x.getResponseHeaders().add("Retry-After", "1");
            x.sendResponseHeaders(503, -1);
        });
        try (RemoteObject o = open(url, s)) {
            long start = System.nanoTime();
            assertEquals(
                    "server answered HTTP 503 (it asks to retry after 1 s)",
                    readFails(o, 3L * BLOCK).reason());
            assertTrue(requests.get() <= 4, "at most two pauses of 1-1.5 s fit in 2.5 s: " + requests.get());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "it did not wait out every retry");
        }
    }
}
