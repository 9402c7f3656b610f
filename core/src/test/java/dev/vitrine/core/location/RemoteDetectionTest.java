package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Detection of a remote file through real nginx: a file its magic claims is not read elsewhere to
 * rule out the formats without one (CAF's footer, an Ark manifest's trailer). Each of those reads
 * was a request for the object's last block, a round trip more before anything is shown.
 */
class RemoteDetectionTest {
    private static final int BLOCK = 16 << 10;
    private static final RemoteSettings SETTINGS = RemoteSettings.DEFAULT.withBlockBytes(BLOCK);

    @TempDir
    static Path root;

    static NginxServer nginx;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Files.copy(Fixtures.path("clp-s/v0.5.0/archives/app.clps"), root.resolve("app.clps"));
        Files.copy(Fixtures.path("zss/generated/big-records-none.zss"), root.resolve("big.zss"));
        nginx = NginxServer.serve(root);
    }

    @AfterAll
    static void stop() throws IOException {
        if (nginx != null) nginx.close();
    }

    @Test
    void aFileItsMagicClaimsIsNotReadAtItsEnd() throws IOException {
        for (String[] c : List.of(new String[] {"app.clps", "clps"}, new String[] {"big.zss", "zss"})) {
            nginx.clearLog();
            Location l = Locations.of(nginx.url(c[0]), new RemoteOptions(List.of(), false, null, SETTINGS, null));
            assertEquals(c[1], FormatRegistry.get().detect(l).orElseThrow().id());
            long size = Files.size(root.resolve(c[0]));
            assertTrue(size > 4 * BLOCK, c[0] + " spans several blocks");
            List<NginxServer.Request> rs = nginx.requests();
            assertEquals(
                    List.of("bytes=0-" + (BLOCK - 1)),
                    rs.stream().map(NginxServer.Request::range).toList(),
                    c[0]);
        }
    }
}
