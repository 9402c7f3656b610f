package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.app.ui.copy.Clip;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.remote.NginxServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;

/**
 * Archives of one name on two servers: their tabs, the window's title and what Copy Path and
 * Copy URL give say where each lives (the file name alone told them apart from nothing).
 */
class RemoteNamesWindowTest extends WindowTest {

    @Test
    void twoArchivesOfOneNameOnTwoHostsAreToldApart() throws Exception {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Path a = Files.createDirectories(temp.resolve("a/deep/er"));
        Path b = Files.createDirectories(temp.resolve("b"));
        Path zss = fixture("fixtures/zss/letters-none.zss");
        Files.copy(zss, a.resolve("letters.zss"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(zss, b.resolve("letters.zss"), StandardCopyOption.REPLACE_EXISTING);
        try (NginxServer one = NginxServer.serve(temp.resolve("a"));
                NginxServer two = NginxServer.serve(b)) {
            String url1 = one.url("deep/er/letters.zss");
            String url2 = two.url("letters.zss");
            Tab t1 = fx(() -> window.openUrl(url1)).get(60, TimeUnit.SECONDS);
            Tab t2 = fx(() -> window.openUrl(url2)).get(60, TimeUnit.SECONDS);
            assertNotNull(t1);
            assertNotNull(t2);
            String host1 = "127.0.0.1:" + one.port();
            String host2 = "127.0.0.1:" + two.port();
            assertEquals(host1 + "/deep/er/letters.zss", fx(t1::getText), "the tab names host and path");
            assertEquals(host2 + "/letters.zss", fx(t2::getText));
            assertNotEquals(fx(t1::getText), fx(t2::getText));
            assertEquals(url1, fx(() -> t1.getTooltip().getText()), "the full URL on hover");
            assertEquals(
                    host2 + "/letters.zss — Vitrine", fx(() -> window.stage().getTitle()));

            waitUntil("the first draw", () -> window.current().firstDraw().isDone());
            settle();
            // the root's Copy Path is where the archive lives, not its file name
            Label root = lookup(".structure-tree .label")
                    .match((Label l) -> "letters.zss".equals(l.getText()))
                    .query();
            clickOn(root, MouseButton.SECONDARY);
            settle();
            clickOn("#tree-copy-path");
            settle();
            assertEquals(url2, fx(Clip::text));

            // the tab's own menu copies its URL
            Label tab1 = lookup(".tab-label")
                    .match((Label l) -> l.getText().equals(host1 + "/deep/er/letters.zss"))
                    .query();
            clickOn(tab1, MouseButton.SECONDARY);
            settle();
            clickOn("#tab-copy-address");
            settle();
            assertEquals(url1, fx(Clip::text));
        }
    }
}
