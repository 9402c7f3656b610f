package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.RemoteObject;
import dev.vitrine.core.remote.RemoteSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote clp-s archive's packed stream is decoded as its bytes arrive and passed behind: its
 * records read as the local copy's, while the block cache holds a window of the stream, not the
 * whole compressed stream (which a cat of a large archive would otherwise pin, tens of MB).
 */
class ClpsRemoteStreamTest {
    /** Small blocks and a cache of its own: phases.clps's packed stream (about 215 KB) is many blocks. */
    private static final RemoteSettings SETTINGS =
            RemoteSettings.DEFAULT.withBlockBytes(4 << 10).withCacheBytes((256 << 10) + (4 << 10));

    @TempDir
    Path dir;

    @Test
    void aRemoteStreamIsDecodedAsItArrivesWithoutFillingTheCache() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        byte[] bytes = ClpsTestFiles.bytes("made/archives/phases.clps");
        Files.write(dir.resolve("phases.clps"), bytes);
        List<String> local;
        try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
            FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
            local = r.lines(0, (int) r.recordCount());
        }
        try (NginxServer nginx = NginxServer.serve(dir);
                Archive a = FormatRegistry.get()
                        .open(
                                Locations.of(
                                        nginx.url("phases.clps"), new RemoteOptions(List.of(), false, null, SETTINGS)),
                                Limits.DEFAULT)) {
            FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
            assertEquals(local, r.lines(0, (int) r.recordCount()), "every record as the local copy gives it");
        }
        RemoteObject.CacheUse use = RemoteObject.cacheUse(SETTINGS);
        assertTrue(bytes.length > 200 << 10, "the archive is most of the cache: " + bytes.length);
        assertTrue(
                use.peak() <= SETTINGS.cacheBytes() / 2,
                "the cache held a window of the stream, not all of it: " + use);
    }
}
