package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Servers whose later answers name the object's version differently from the first (the JDK's
 * HTTP server, answering ranges and ignoring If-Match): a version that vanishes is a change,
 * never a mix of two objects; a validator added later is no change.
 */
class RemoteVersionPinTest {
    private static final int BLOCK = 64 << 10;
    private static final RemoteSettings SETTINGS = RemoteSettings.DEFAULT
            .withBlockBytes(BLOCK)
            .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(10));
    private static final String DATE = "Sun, 6 Nov 1994 08:49:37 GMT";

    /**
     * Serves ranges: the first answer of {@code first} with {@code firstHeaders}, every later
     * one of {@code later} (the same size) with {@code laterHeaders}.
     */
    private static TinyRangeServer server(
            byte[] first, Map<String, String> firstHeaders, byte[] later, Map<String, String> laterHeaders)
            throws IOException {
        return new TinyRangeServer(first, (n, x, from, to) -> {
            byte[] data = n == 1 ? first : later;
            (n == 1 ? firstHeaders : laterHeaders).forEach(x.getResponseHeaders()::add);
            x.getResponseHeaders().add("Content-Range", "bytes " + from + "-" + to + "/" + data.length);
            x.sendResponseHeaders(206, to - from + 1);
            x.getResponseBody().write(data, from, to - from + 1);
        });
    }

    private static byte[] readAll(TinyRangeServer server, int size) throws IOException {
        try (RemoteObject o =
                RemoteObject.open(new HttpTransport(URI.create(server.url()), List.of(), SETTINGS), SETTINGS)) {
            byte[] got = new byte[size];
            o.read(0, got, 0, size);
            return got;
        }
    }

    private static byte[] data(int seed) {
        byte[] b = new byte[4 * BLOCK];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void aTagThatVanishesFromLaterAnswersIsAChangeNotAMix() throws IOException {
        try (TinyRangeServer s = server(data(1), Map.of("ETag", "\"v1\""), data(2), Map.of())) {
            RemoteException e = assertThrows(RemoteException.class, () -> readAll(s, 4 * BLOCK));
            assertEquals("changed while being read (the server no longer names its version)", e.reason());
        }
    }

    /** A first answer with a tag alone and later ones with a date alone share no validator: a change, not a mix. */
    @Test
    void aTagReplacedByADateIsAChangeNotAMix() throws IOException {
        try (TinyRangeServer s = server(data(4), Map.of("ETag", "\"v1\""), data(5), Map.of("Last-Modified", DATE))) {
            RemoteException e = assertThrows(RemoteException.class, () -> readAll(s, 4 * BLOCK));
            assertEquals("changed while being read", e.reason());
        }
    }

    @Test
    void aTagAddedToLaterAnswersOfTheSameObjectIsNoChange() throws IOException {
        byte[] same = data(3);
        for (Map<String, String> later :
                List.of(Map.of("Last-Modified", DATE, "ETag", "\"v1\""), Map.of("Last-Modified", DATE))) {
            Map<String, String> first = later.containsKey("ETag")
                    ? Map.of("Last-Modified", DATE)
                    : Map.of("Last-Modified", DATE, "ETag", "\"v1\"");
            try (TinyRangeServer s = server(same, first, same, later)) {
                assertArrayEquals(same, readAll(s, same.length), first + " then " + later);
            }
        }
    }

    @Test
    void versionsAreToldApartByKind() {
        assertEquals(false, RangeTransport.isEntityTag(DATE));
        assertEquals(true, RangeTransport.isEntityTag("\"v1\""));
        assertEquals(true, RangeTransport.isEntityTag("d41d8cd98f00b204e9800998ecf8427e")); // unquoted, as some stores
        assertEquals(false, RangeTransport.sameVersion("\"v1\"", null, "\"v2\"", null));
        assertEquals(
                false,
                RangeTransport.sameVersion(DATE, DATE, "Mon, 7 Nov 1994 08:49:37 GMT", "Mon, 7 Nov 1994 08:49:37 GMT"));
        assertEquals(
                true, RangeTransport.sameVersion("\"v1\"", DATE, DATE, DATE), "the tag dropped, the date the same");
    }
}
