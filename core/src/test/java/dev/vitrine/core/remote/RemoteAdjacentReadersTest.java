package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two readers of adjacent spans of one object (a clp-s dictionary and the packed stream after
 * it), against a real nginx. The second starts where the first ends, so read-ahead follows them
 * as one sequential reader. The first has asked for all its blocks and copies them in order; the
 * second says what it has passed. Blocks the first has still to copy must not be offered for
 * reuse: a clp-s cat over http fetched up to a quarter of its archive twice when they were.
 */
class RemoteAdjacentReadersTest {
    private static final int BLOCK = 64 << 10;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void blocksAReadStillHasToCopyAreNotReusedByTheReaderAfterIt(@TempDir Path root) throws Exception {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        byte[] data = new byte[48 * BLOCK];
        new Random(11).nextBytes(data);
        Files.write(root.resolve("a.bin"), data);
        // a cache of its own (caches are shared by limit), far over the object; requests of 4 blocks;
        // a stalled body is dropped after 1 s and resumed
        RemoteSettings s = new RemoteSettings(
                BLOCK,
                (8 << 20) + 13 * BLOCK,
                8 * BLOCK,
                4 * BLOCK,
                4,
                2,
                Duration.ofSeconds(5),
                Duration.ofSeconds(10),
                Duration.ofSeconds(1),
                RemoteSettings.DEFAULT.wholeBodyBytes());
        try (NginxServer nginx = NginxServer.serve(root);
                FaultProxy proxy = new FaultProxy(nginx.port());
                RemoteObject o =
                        RemoteObject.open(new HttpTransport(URI.create(proxy.url("a.bin")), List.of(), s), s)) {
            // Blocks 5-15 are cached, so the first reader's one request is for blocks 1-4, and its body
            // stalls: the reader waits at block 1, with 5-15 still to copy.
            o.read(5 * BLOCK, new byte[11 * BLOCK], 0, 11 * BLOCK);
            int before = nginx.requests().size();
            int sent = proxy.requests();
            proxy.stallAfter(1000, 1);
            byte[] first = new byte[15 * BLOCK];
            CompletableFuture<Void> reading = CompletableFuture.runAsync(() -> {
                try {
                    o.read(BLOCK, first, 0, first.length);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            while (proxy.requests() == sent) Thread.sleep(5);
            // Meanwhile the reader after it reads from block 16 on, saying what it has passed.
            byte[] after = new byte[data.length - 16 * BLOCK];
            for (int at = 0; at < after.length; at += BLOCK) {
                o.read(16L * BLOCK + at, after, at, BLOCK);
                o.passed(16L * BLOCK + at + BLOCK);
            }
            reading.get(30, TimeUnit.SECONDS);
            assertArrayEquals(Arrays.copyOfRange(data, BLOCK, 16 * BLOCK), first);
            assertArrayEquals(Arrays.copyOfRange(data, 16 * BLOCK, data.length), after);
            assertTrue(o.stats().retries() >= 1, "the stalled body was dropped and resumed");
            List<NginxServer.Request> since =
                    nginx.requests().subList(before, nginx.requests().size());
            assertEquals(
                    List.of(),
                    since.stream()
                            .filter(r -> overlaps(r.range(), 5L * BLOCK, 16L * BLOCK))
                            .toList(),
                    "blocks 5-15 fetched again");
        }
    }

    /** Whether a request's "bytes=START-END" range has a byte in [from, to). */
    private static boolean overlaps(String range, long from, long to) {
        String[] p = range.replace("bytes=", "").split("-");
        return Long.parseLong(p[0]) < to && Long.parseLong(p[1]) >= from;
    }
}
