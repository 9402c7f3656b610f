package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote verify of an archive many times the block cache's size holds no more block buffers
 * than the cache's limit (cached, being fetched and free together): memory is bounded by the
 * cache, not the file. (A cache this small is under the verifier's working span, so some blocks
 * are fetched twice; at the default size each byte is fetched once, see bench/remote.sh.) The
 * spans remote sources keep count within that limit too, and go when the window hides a tab.
 */
class ZssRemoteVerifyMemoryTest {
    private static final int RECORDS = 500_000;
    /** A limit of its own, so no other test's reads share this cache. */
    private static final RemoteSettings SETTINGS =
            RemoteSettings.DEFAULT.withBlockBytes(64 << 10).withCacheBytes((2 << 20) + (64 << 10));

    @TempDir
    static Path dir;

    /** Made once for every test: an archive many times the smallest cache. */
    @BeforeAll
    static void makeArchive() throws IOException {
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
    }

    @Test
    void verifyOfAnArchiveManyTimesTheCacheHoldsNoMoreThanTheCacheLimit() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        long size = Files.size(dir.resolve("big.zss"));
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

    /** What a hidden tab's remote archive keeps (its parsed blocks and its source's recent spans) goes, all of it. */
    @Test
    void releaseCachesOfARemoteArchiveLetsGoOfEverythingItKept() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        RemoteSettings settings =
                RemoteSettings.DEFAULT.withBlockBytes(64 << 10).withCacheBytes((32 << 20) + (64 << 10));
        try (NginxServer nginx = NginxServer.serve(dir);
                Archive a = FormatRegistry.get()
                        .open(Locations.of(nginx.url("big.zss"), remoteOptions(settings)), Limits.DEFAULT)) {
            ZssArchive z = (ZssArchive) a;
            byte[] first = ZssTestSupport.dump(z, null, key(20_000), null, "\n");
            assertTrue(a.cachedBytes() > 0, "reading keeps copies of remote blocks, and says so: " + a.cachedBytes());
            assertTrue(a.source().cachedBytes() > 0, "the source keeps recent spans");

            a.releaseCaches();
            assertEquals(0, a.cachedBytes(), "released, nothing is kept");
            assertEquals(0, a.source().cachedBytes(), "not even the source's recent spans");
            assertEquals(0, RemoteObject.cacheUse(settings).spans(), "the cache counts no span any more");

            assertArrayEquals(first, ZssTestSupport.dump(z, null, key(20_000), null, "\n"), "read again alike");
        }
    }

    /**
     * Spans kept by several remote archives open at once stay within their share of the cache's
     * limit, and blocks and spans together within the limit: many tabs do not hold 8 MB each.
     */
    @Test
    void spansOfManyOpenRemoteArchivesStayWithinTheirShareOfTheCacheLimit() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        RemoteSettings settings =
                RemoteSettings.DEFAULT.withBlockBytes(64 << 10).withCacheBytes((8 << 20) + (64 << 10));
        long share = settings.cacheBytes() / 32;
        try (NginxServer nginx = NginxServer.serve(dir)) {
            List<Archive> open = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    Archive a = FormatRegistry.get()
                            .open(Locations.of(nginx.url("big.zss"), remoteOptions(settings)), Limits.DEFAULT);
                    open.add(a);
                    ZssTestSupport.dump((ZssArchive) a, key(100_000L * i), key(100_000L * i + 20_000), null, "\n");
                }
                long kept = 0;
                for (Archive a : open) kept += a.source().cachedBytes();
                RemoteObject.CacheUse use = RemoteObject.cacheUse(settings);
                assertTrue(use.spansPeak() > 0, "the sources kept spans: " + use);
                assertTrue(use.spansPeak() <= share, "spans never took more than their share: " + use);
                assertTrue(kept <= share, "the sources' spans together are within the share: " + kept);
                assertTrue(use.peak() <= settings.cacheBytes(), "blocks and spans within the limit: " + use);
            } finally {
                for (Archive a : open) a.close();
            }
        }
    }

    private static RemoteOptions remoteOptions(RemoteSettings settings) {
        return new RemoteOptions(List.of(), false, null, settings);
    }

    private static byte[] key(long i) {
        return String.format("key-%09d", i).getBytes(StandardCharsets.US_ASCII);
    }
}
