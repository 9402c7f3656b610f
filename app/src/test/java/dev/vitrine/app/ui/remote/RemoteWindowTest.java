package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.app.ui.MainWindow;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import dev.vitrine.core.remote.NginxServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/**
 * An archive opened by URL from a real nginx: its tab, the status bar's request counts, the
 * recent URLs; and what its first draw costs in requests.
 */
class RemoteWindowTest extends WindowTest {

    /**
     * The first draw of a ZSS (tree, header fields, first page of bytes) waits for two requests
     * in a row, the header's block then the root index's, and the window asks for nothing more
     * until the user does: tabs not shown (records, the index picture) and verify fetch nothing.
     * Over a link adding 20 ms to a request, that is two round trips, whatever the file's size.
     */
    @Test
    void theFirstDrawOfAZssFetchesOnlyItsHeaderAndItsRootIndex() throws Exception {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        // ~3 MB in 4 KB blocks, a three-level index: the header's and the root's blocks are far apart
        Path zss = Files.createDirectories(temp.resolve("www")).resolve("big.zss");
        ZssWriter.write(
                zss,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .approxBlockSize(4096)
                        .branchingFactor(16),
                IntStream.range(0, 80_000)
                        .mapToObj(i -> String.format("key-%08d value-%s", i, "x".repeat(10 + i % 13))
                                .getBytes(StandardCharsets.UTF_8))
                        .iterator());
        long size = Files.size(zss);
        try (NginxServer nginx = NginxServer.serve(zss.getParent())) {
            Tab tab = fx(() -> window.openUrl(nginx.url("big.zss"))).get(60, TimeUnit.SECONDS);
            assertNotNull(tab, "the archive opened");
            waitUntil(
                    "the first draw",
                    () -> window.current() != null
                            && window.current().firstDraw().isDone());
            settle();
            List<NginxServer.Request> rs = nginx.requests();
            assertEquals(2, rs.size(), "requests for the first draw: " + rs);
            assertTrue(rs.get(0).range().startsWith("bytes=0-"), "the header's block first: " + rs);
            assertTrue(rs.get(1).range().endsWith("-" + (size - 1)), "then the root index, at the end: " + rs);
        }
    }

    @Test
    void anArchiveOpensByUrlAndTheStatusBarCountsItsRequests() throws Exception {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Path dir = fixture("fixtures/zss/letters-none.zss").getParent();
        try (NginxServer nginx = NginxServer.serve(dir)) {
            SettingsStore store = new SettingsStore(temp.resolve("config/settings.json"));
            Background bg = Background.create();
            MainWindow[] w = new MainWindow[1];
            FxToolkit.setupStage(stage -> {
                w[0] = new MainWindow(stage, store, bg, null, 1200, 800);
                w[0].show();
            });
            String url = nginx.url("letters-none.zss");
            Tab tab = fx(() -> w[0].openUrl(url)).get();
            assertNotNull(tab, "the archive opened");
            assertEquals(url.substring("http://".length()), fx(tab::getText), "host and path");
            assertEquals(url, fx(() -> tab.getTooltip().getText()), "the tab names where the archive lives");
            waitUntil(
                    "the first draw",
                    () -> w[0].current() != null && w[0].current().firstDraw().isDone());
            waitUntil(
                    "the remote counts",
                    () -> fx(() -> ((Label) lookup("#remote-stats").query()).getText())
                            .contains(" request"));
            String stats = fx(() -> ((Label) lookup("#remote-stats").query()).getText());
            assertTrue(stats.matches("\\d+ requests? · .* · \\d+ hits"), stats);
            String full = fx(() -> w[0].status().remoteFull());
            assertTrue(full.matches("remote: \\d+ requests? · .* fetched · \\d+ cache hits"), "on hover: " + full);
            assertEquals(List.of(url), fx(() -> w[0].settings().recentUrls), "the URL is offered again");

            // the same URL again selects its tab instead of opening it twice
            fx(() -> w[0].openUrl(url)).get();
            assertEquals(1, (int) fx(() -> w[0].tabs().getTabs().size()));

            // a missing object is one line in the banner, no tab
            fx(() -> w[0].openUrl(nginx.url("nope.zss"))).get();
            assertEquals(1, (int) fx(() -> w[0].tabs().getTabs().size()));
            assertEquals(
                    nginx.url("nope.zss") + ": no such object (HTTP 404)",
                    fx(() -> w[0].notifier().lastMessage()));
            fx(() -> {
                w[0].current().dispose();
                w[0].tabs().getTabs().clear();
                return null;
            });
            bg.shutdown();
        }
    }
}
