package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.RemoteObject;
import dev.vitrine.core.remote.RemoteSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote verify of an archive many times the block cache's size holds no more block buffers
 * than the cache's limit (cached, being fetched and free together): memory is bounded by the
 * cache, not the file. (A cache this small is under the verifier's working span, so some blocks
 * are fetched twice; at the default size each byte is fetched once, see bench/remote.sh.)
 */
class ZssRemoteVerifyMemoryTest {
    private static final int RECORDS = 500_000;
    /** A limit of its own, so no other test's reads share this cache. */
    private static final RemoteSettings SETTINGS =
            RemoteSettings.DEFAULT.withBlockBytes(64 << 10).withCacheBytes((2 << 20) + (64 << 10));

    @TempDir
    static Path dir;

    @Test
    void verifyOfAnArchiveManyTimesTheCacheHoldsNoMoreThanTheCacheLimit() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Path file = dir.resolve("big.zss");
        Iterator<byte[]> records = new Iterator<>() {
            long i;

            public boolean hasNext() {
                return i < RECORDS;
            }

            public byte[] next() {
                return String.format("key-%09d value-%08x", i, i++ * 2654435761L & 0xffffffffL)
                        .getBytes(StandardCharsets.US_ASCII);
            }
        };
        ZssWriter.write(file, ZssWriter.Options.of(ZssFlavor.ZSS).codec("none").approxBlockSize(64 << 10), records);
        long size = Files.size(file);
        assertTrue(size > 6 * SETTINGS.cacheBytes(), "the archive is many times the cache: " + size);

        try (NginxServer nginx = NginxServer.serve(dir)) {
            RemoteOptions options = new RemoteOptions(List.of(), false, null, SETTINGS);
            List<Problem> problems = new ArrayList<>();
            try (Archive a = FormatRegistry.get().open(Locations.of(nginx.url("big.zss"), options), Limits.DEFAULT)) {
                VerifyEngine.run(a, problems::add);
            }
            assertEquals(List.of(), problems, "the archive verifies clean over HTTP");

            RemoteObject.CacheUse use = RemoteObject.cacheUse(SETTINGS);
            assertTrue(use.peak() > SETTINGS.cacheBytes() / 2, "the verify read through this cache: " + use);
            assertTrue(
                    use.peak() <= SETTINGS.cacheBytes(),
                    "block buffers, in flight included, never exceed the cache limit: " + use);
        }
    }
}
