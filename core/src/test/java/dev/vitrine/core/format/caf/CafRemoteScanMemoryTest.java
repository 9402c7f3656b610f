package dev.vitrine.core.format.caf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.RemoteObject;
import dev.vitrine.core.remote.RemoteSettings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An export of every entry of a remote CAF chunk several times the block cache's size holds
 * its working span of block buffers, not the whole limit: the blocks of entries already written
 * are reused before the cache grows, as a mapped chunk's pages are released behind an export.
 * (A CAF verify reads only the footer and the index, so it has no data to pass.)
 */
class CafRemoteScanMemoryTest {
    private static final int ENTRIES = 192;
    private static final int ENTRY_BYTES = 32 << 10;
    private static final int BLOCK = 64 << 10;
    /** A limit of its own (caches are shared by limit), a third of the chunk. */
    private static final RemoteSettings SETTINGS =
            RemoteSettings.DEFAULT.withBlockBytes(BLOCK).withCacheBytes((2 << 20) + 2 * BLOCK);

    @TempDir
    static Path dir;

    /** Made once: 6 MB of entries from the project's own CAF writer. */
    @BeforeAll
    static void makeChunk() throws IOException {
        try (CafWriter w = CafWriter.create(dir.resolve("big.caf"), false)) {
            for (int i = 0; i < ENTRIES; i++) w.add(name(i), new ByteArrayInputStream(content(i)));
            w.finish();
        }
        try (CafWriter w = CafWriter.create(dir.resolve("large.caf"), false)) {
            w.add("large.bin", new ByteArrayInputStream(large()));
            w.finish();
        }
    }

    /** One entry larger than the cache's limit, which is the most a remote read holds in memory at once. */
    private static byte[] large() {
        byte[] b = new byte[(int) SETTINGS.cacheBytes() + (1 << 20)];
        new SplittableRandom(7).nextBytes(b);
        return b;
    }

    @Test
    void anEntryLargerThanTheCacheIsExportedAPieceAtATime() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Path out = dir.resolve("out-large");
        try (NginxServer nginx = NginxServer.serve(dir);
                Archive a =
                        FormatRegistry.get().open(Locations.of(nginx.url("large.caf"), options()), Limits.DEFAULT)) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all((FileListing) a).contents(), out);
            assertTrue(r.ok(), r::toString);
        }
        assertArrayEquals(large(), Files.readAllBytes(out.resolve("large.bin")));
        RemoteObject.CacheUse use = RemoteObject.cacheUse(SETTINGS);
        assertTrue(use.peak() <= SETTINGS.cacheBytes(), "within the cache's limit: " + use);
    }

    @Test
    void exportOfEveryEntryReusesTheBuffersOfEntriesWrittenBeforeTheCacheGrows() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        long size = Files.size(dir.resolve("big.caf"));
        assertTrue(size > 2 * SETTINGS.cacheBytes(), "the chunk is several times the cache: " + size);
        Path out = dir.resolve("out");
        try (NginxServer nginx = NginxServer.serve(dir);
                Archive a = FormatRegistry.get().open(Locations.of(nginx.url("big.caf"), options()), Limits.DEFAULT)) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all((FileListing) a).contents(), out);
            assertTrue(r.ok(), r::toString);
            assertEquals(ENTRIES, r.exported().size());
            long fetched = nginx.requests().stream()
                    .mapToLong(NginxServer.Request::bytes)
                    .sum();
            assertTrue(fetched <= size * 11 / 10, "each byte fetched about once: " + fetched + " of " + size);
        }
        for (int i = 0; i < ENTRIES; i++) assertArrayEquals(content(i), Files.readAllBytes(out.resolve(name(i))));
        RemoteObject.CacheUse use = RemoteObject.cacheUse(SETTINGS);
        assertTrue(use.peak() <= SETTINGS.cacheBytes() / 2, "the export's working span, not the whole limit: " + use);
    }

    private static RemoteOptions options() {
        return new RemoteOptions(List.of(), false, null, SETTINGS);
    }

    private static String name(int i) {
        return String.format("part-%04d.bin", i);
    }

    private static byte[] content(int i) {
        byte[] b = new byte[ENTRY_BYTES];
        new SplittableRandom(i).nextBytes(b);
        return b;
    }
}
