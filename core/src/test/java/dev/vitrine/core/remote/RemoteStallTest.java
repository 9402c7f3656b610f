package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
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

    private TinyRangeServer server;

    @AfterEach
    void stop() {
        if (server != null) server.close();
    }

    private String serve(TinyRangeServer.Answer answer) throws IOException {
        server = new TinyRangeServer(DATA, answer);
        return server.url();
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
        String url = serve((n, x, from, to) -> server.stallAfter(x, from, to, 0));
        try (RemoteObject o = open(url, QUICK)) {
            assertEquals(DATA.length, o.size(), "the headers gave the size");
            assertEquals("timed out (no data for 1 s)", readFails(o, 0).reason());
            assertEquals(2, server.requests(), "the opening try and one more");
        }
    }

    /** The opening body stops half way once: its block is asked for again and read. */
    @Test
    void aFirstBodyThatStallsHalfWayIsAskedForAgain() throws Exception {
        String url = serve((n, x, from, to) -> {
            if (n == 1) server.stallAfter(x, from, to, BLOCK / 2);
            else server.whole(x, from, to);
        });
        try (RemoteObject o = open(url, QUICK)) {
            byte[] got = new byte[BLOCK];
            o.read(0, got, 0, BLOCK);
            assertArrayEquals(Arrays.copyOf(DATA, BLOCK), got);
            assertEquals(2, server.requests());
        }
    }

    /** A server that ignores Range and stalls its whole body is timed out too (nothing to resume). */
    @Test
    void aWholeBodyThatStallsIsTimedOut() throws Exception {
        String url = serve((n, x, from, to) -> {
            x.sendResponseHeaders(200, DATA.length);
            x.getResponseBody().write(DATA, 0, 1000);
            x.getResponseBody().flush();
            server.silence();
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
            if (n == 1) server.whole(x, from, to);
            else server.stallAfter(x, from, to, 0);
        });
        try (RemoteObject o = open(url, QUICK)) {
            assertEquals("timed out (no data for 1 s)", readFails(o, 3L * BLOCK).reason());
            assertEquals(3, server.requests(), "the opening request, then two tries");
        }
    }

    /** A server that takes later requests and never answers them is tried twice, like one that never answers the first. */
    @Test
    void laterRequestsNeverAnsweredAreTriedTwice() throws Exception {
        String url = serve((n, x, from, to) -> {
            if (n == 1) server.whole(x, from, to);
            else server.silence();
        });
        try (RemoteObject o = open(url, QUICK)) {
            assertEquals("timed out", readFails(o, 3L * BLOCK).reason());
            assertEquals(3, server.requests());
        }
    }

    /** A byte every 200 ms never looks idle, but is under the minimum rate: timed out in bounded time. */
    @Test
    void aTricklingBodyIsAStall() throws Exception {
        String url = serve((n, x, from, to) -> {
            if (n == 1) {
                server.whole(x, from, to);
                return;
            }
            OutputStream out = server.headers(x, from, to);
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
            assertEquals(3, server.requests());
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
        assertEquals(1, server.requests());
    }

    /** A Retry-After given as a date (RFC 9110 allows either) is a wait too: a day ahead is not waited for. */
    @Test
    void aRetryAfterDateBeyondTheBudgetIsNotWaitedFor() throws Exception {
        String tomorrow = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusDays(1));
        String url = serve((n, x, from, to) -> {
            x.getResponseHeaders().add("Retry-After", tomorrow);
            x.sendResponseHeaders(503, -1);
        });
        RemoteException e = assertThrows(RemoteException.class, () -> open(url, QUICK));
        assertTrue(e.reason().startsWith("server answered HTTP 503 (it asks to retry after 86"), e.reason());
        assertEquals(1, server.requests());
    }

    /** Retry-Afters that fit one by one stop once their sum would pass the budget, not after every retry. */
    @Test
    void theWaitsOfOneRequestShareOneBudget() throws Exception {
        RemoteSettings s = QUICK.withPatience(RemoteSettings.DEFAULT.minBytesPerSecond(), Duration.ofMillis(2500));
        String url = serve((n, x, from, to) -> {
            if (n == 1) {
                server.whole(x, from, to);
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
            assertTrue(server.requests() <= 4, "at most two pauses of 1-1.5 s fit in 2.5 s: " + server.requests());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "it did not wait out every retry");
        }
    }
}
