package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Answers no server should give (a shorter range than asked, a Content-Range no object has, a
 * redirect the client will not follow): each is one named reason at once, not retries ending in
 * "connection dropped" or a Java exception's words.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteOddAnswersTest {
    private static final int BLOCK = 64 << 10;
    private static final RemoteSettings QUICK = RemoteSettings.DEFAULT
            .withBlockBytes(BLOCK)
            .withCacheBytes(8L << 20)
            .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(2));
    private static final byte[] DATA = new byte[5 * BLOCK + 77];

    static {
        new Random(13).nextBytes(DATA);
    }

    private TinyRangeServer server;

    @AfterEach
    void stop() {
        if (server != null) server.close();
    }

    private RemoteObject open(TinyRangeServer.Answer answer) throws IOException {
        server = new TinyRangeServer(DATA, answer);
        return RemoteObject.open(new HttpTransport(URI.create(server.url()), List.of(), QUICK), QUICK);
    }

    private String openFails(TinyRangeServer.Answer answer) {
        return assertThrows(RemoteException.class, () -> open(answer).close()).reason();
    }

    private static String readFails(RemoteObject o) {
        return assertThrows(RemoteException.class, () -> o.read(3L * BLOCK, new byte[100], 0, 100))
                .reason();
    }

    /** A later range answered with its first 1000 bytes, said so in its Content-Range: named once, not retried. */
    @Test
    void aShorterRangeSaidHonestlyIsNamedNotRetried() throws IOException {
        try (RemoteObject o = open((n, x, from, to) -> {
            if (n == 1) server.whole(x, from, to);
            else
                server.headers(x, "bytes " + from + "-" + (from + 999) + "/" + DATA.length, 1000)
                        .write(DATA, from, 1000);
        })) {
            int at = 3 * BLOCK;
            assertEquals(
                    "server sent bytes " + at + "-" + (at + 999) + " when asked for " + at + "-" + (at + BLOCK - 1),
                    readFails(o));
            assertEquals(2, server.requests(), "no retries");
        }
    }

    /** The opening answer is checked the same way: its body was whole, but its Content-Range said one byte. */
    @Test
    void aShorterFirstRangeIsNamed() {
        assertEquals(
                "server sent bytes 0-0 when asked for 0-" + (BLOCK - 1),
                openFails((n, x, from, to) ->
                        server.headers(x, "bytes 0-0/" + DATA.length, BLOCK).write(DATA, 0, BLOCK)));
        assertEquals(1, server.requests());
    }

    @Test
    void aRangeEndingPastTheSizeIsNamed() throws IOException {
        try (RemoteObject o = open((n, x, from, to) -> {
            if (n == 1) server.whole(x, from, to);
            else
                server.headers(x, "bytes " + from + "-" + DATA.length + "/" + DATA.length, to - from + 1)
                        .write(DATA, from, to - from + 1);
        })) {
            assertEquals(
                    "server sent an invalid Content-Range (bytes " + 3 * BLOCK + "-" + DATA.length + "/" + DATA.length
                            + ": it ends past the object's size)",
                    readFails(o));
            assertEquals(2, server.requests(), "no retries");
        }
    }

    @Test
    void aRangeEndingBeforeItStartsIsNamed() {
        assertEquals(
                "server sent an invalid Content-Range (bytes 100-5/" + DATA.length + ": it ends before it starts)",
                openFails((n, x, from, to) -> server.headers(x, "bytes 100-5/" + DATA.length, 0)));
        assertEquals(1, server.requests());
    }

    @Test
    void aSizeNoObjectHasIsNamed() {
        assertEquals(
                "server sent an invalid Content-Range (bytes 0-65535/99999999999999999999: a number past any size)",
                openFails((n, x, from, to) -> server.headers(x, "bytes 0-65535/99999999999999999999", BLOCK)
                        .write(DATA, 0, BLOCK)));
        assertEquals(1, server.requests());
    }

    private String redirectFails(int status, String location) {
        return openFails((n, x, from, to) -> {
            if (location != null) x.getResponseHeaders().add("Location", location);
            x.sendResponseHeaders(status, -1);
        });
    }

    @Test
    void aRedirectToAnotherSchemeIsRefusedByName() {
        assertEquals(
                "redirect to a file:// address refused: only http:// and https:// are read (HTTP 302)",
                redirectFails(302, "file:///etc/passwd"));
        assertEquals(1, server.requests());
        server.close();
        assertEquals(
                "redirect to a ftp:// address refused: only http:// and https:// are read (HTTP 307)",
                redirectFails(307, "ftp://127.0.0.1/a.bin"));
    }

    @Test
    void aRedirectWithoutALocationIsNamedAndNotRetried() {
        assertEquals("redirect without a valid Location", redirectFails(302, null));
        assertEquals(1, server.requests());
    }

    /** The JDK's client quotes a header it refuses: a Location holding a terminal escape is never printed. */
    @Test
    void aHeaderWithControlCharactersIsNamedWithoutThem() {
        assertEquals("server sent a header holding control characters", redirectFails(302, "ftp://x/\u001b[31mRED"));
        assertEquals(1, server.requests());
    }

    @Test
    void notModifiedIsNotCalledARedirect() {
        assertEquals(
                "server answered HTTP 304 (Not Modified), which only a conditional request may get",
                redirectFails(304, null));
    }
}
