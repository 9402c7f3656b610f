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
    /**
     * Small blocks, a cache of its own with room for the whole archive (so a reader that passes
     * nothing keeps every block) and a short read-ahead: phases.clps's packed stream (about
     * 215 KB) is many blocks, and many times what a reader decoding it as it arrives holds.
     */
    private static final RemoteSettings SETTINGS = new RemoteSettings(
            4 << 10,
            (1 << 20) + (4 << 10),
            32 << 10,
            16 << 10,
            RemoteSettings.DEFAULT.inFlight(),
            RemoteSettings.DEFAULT.retries(),
            RemoteSettings.DEFAULT.connectTimeout(),
            RemoteSettings.DEFAULT.responseTimeout(),
            RemoteSettings.DEFAULT.idleTimeout(),
            RemoteSettings.DEFAULT.wholeBodyBytes());

    @TempDir
    Path dir;

    @Test
    void aRemoteStreamIsDecodedAsItArrivesWithoutFillingTheCache() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        byte[] bytes = ClpsTestFiles.bytes("made/archives/phases.clps");
        Files.write(dir.resolve("phases.clps"), bytes);
        List<String> local;
        long stream;
        try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
            var tm = a.tableMetadata().value();
            stream = 0;
            for (int i = 0; i < tm.streams.size(); i++) stream += a.streams.streamRange(tm, i)[1];
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
        assertTrue(stream > 200 << 10, "the streams are many blocks: " + stream);
        // a reader that passes nothing keeps the whole stream and the metadata before it
        assertTrue(
                use.peak() < stream * 3 / 4,
                "the cache held a window of the " + stream + " bytes of streams, not all of them: " + use);
    }
}
