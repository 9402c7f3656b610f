package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.app.ui.MainWindow;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.remote.NginxServer;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/** An archive opened by URL from a real nginx: its tab, the status bar's request counts, the recent URLs. */
class RemoteWindowTest extends WindowTest {

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
            assertEquals("letters-none.zss", fx(tab::getText));
            assertEquals(url, fx(() -> tab.getTooltip().getText()), "the tab names where the archive lives");
            waitUntil(
                    "the first draw",
                    () -> w[0].current() != null && w[0].current().firstDraw().isDone());
            waitUntil(
                    "the remote counts",
                    () -> fx(() -> ((Label) lookup("#remote-stats").query()).getText())
                            .startsWith("remote: "));
            String stats = fx(() -> ((Label) lookup("#remote-stats").query()).getText());
            assertTrue(stats.matches("remote: \\d+ requests? · .* fetched · \\d+ cache hits"), stats);
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
