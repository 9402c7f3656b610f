package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.MainWindow;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import dev.vitrine.core.remote.FaultProxy;
import dev.vitrine.core.remote.NginxServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/**
 * The status bar at the window's smallest size, 1024x700, with a remote archive, a node and an
 * offset selected and a verify running: the remote counters are whole, and nothing overlaps.
 */
class RemoteStatusBarTest extends WindowTest {

    @Test
    void at1024TheRemoteCountersAreWholeAndNothingOverlaps() throws Exception {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Path dir = Files.createDirectories(temp.resolve("www"));
        ZssWriter.write(
                dir.resolve("a-rather-long-archive-name.zss"),
                ZssWriter.Options.of(ZssFlavor.ZSS).codec("none"),
                // ~60 MB: more than a sequential reader fetches ahead, so the verify has to wait
                IntStream.range(0, 700_000)
                        .mapToObj(i -> String.format("key-%08d value-%s", i, "v".repeat(70))
                                .getBytes(StandardCharsets.UTF_8))
                        .iterator());
        try (NginxServer nginx = NginxServer.serve(dir);
                FaultProxy slow = new FaultProxy(nginx.port())) {
            MainWindow[] w = new MainWindow[1];
            FxToolkit.setupStage(stage -> {
                w[0] = new MainWindow(stage, SettingsStore.none(), background, false, 1024, 700);
                w[0].show();
            });
            window = w[0]; // closed and pictured by the test's end
            slow.latency(150); // the read-ahead must not have fetched it all before the verify
            assertNotNull(fx(() -> window.openUrl(slow.url("a-rather-long-archive-name.zss")))
                    .get());
            waitUntil("the first draw", () -> window.current().firstDraw().isDone());
            ArchiveView view = fx(() -> window.current());
            fx(() -> {
                // a node shown by its path and an offset, from the bytes the first draw read
                view.tree().view().getSelectionModel().select(1);
                view.hex().hex().setCaret(1_234);
                return null;
            });
            settle();
            slow.stallAfter(100_000, 100_000); // the verify stays running
            fx(() -> {
                view.verifier().start();
                return null;
            });
            waitUntil("the verify's progress", () -> view.problems().state().contains(" fetched · "));
            waitUntil(
                    "the remote counters",
                    () -> !fx(() -> window.status().remoteText()).isEmpty());
            Thread.sleep(300); // the verify keeps settle() waiting: a layout pass or two
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
            assertTrue(fx(() -> lookup("#status-job").query().isVisible()), "the verify is running");
            Path shot = Path.of(
                    System.getProperty("vitrine.screenshots", "target/screenshots"), "status-1024-verifying.png");
            fx(() -> dev.vitrine.app.ui.Screenshot.save(window.scene(), shot));

            List<String> order = List.of(
                    ".status-format",
                    ".status-size",
                    "#remote-stats",
                    "#status-node-path",
                    "#status-cursor",
                    "#status-inspector",
                    "#status-job-title",
                    "#status-job .progress-bar",
                    "#status-job .button");
            List<Bounds> shown = new ArrayList<>();
            for (String q : order) {
                Node n = lookup(q).query();
                shown.add(fx(() -> n.localToScene(n.getBoundsInLocal())));
                if (n instanceof Labeled l && !q.equals("#status-node-path") && !q.equals("#status-job-title"))
                    assertTrue(
                            fx(() -> l.getWidth() >= l.prefWidth(-1) - 0.5),
                            q + " is cut: '" + fx(l::getText) + "' in " + fx(l::getWidth) + " px");
            }
            double width = fx(() -> window.scene().getWidth());
            for (int i = 0; i + 1 < shown.size(); i++)
                assertTrue(
                        shown.get(i).getMaxX() <= shown.get(i + 1).getMinX() + 0.5,
                        order.get(i) + " overlaps " + order.get(i + 1) + ": " + shown);
            assertTrue(shown.getLast().getMaxX() <= width, "the bar fits the window: " + shown.getLast());
            view.verifier().cancel();
        }
    }
}
