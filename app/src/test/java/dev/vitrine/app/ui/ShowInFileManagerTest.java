package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.remote.NginxServer;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import org.junit.jupiter.api.Test;

/** The tab strip's "Show in File Manager": the commands it runs, and that a URL's tab cannot (#23 item 6). */
class ShowInFileManagerTest extends WindowTest {

    private MenuItem reveal(Tab tab) throws Exception {
        return fx(() -> tab.getContextMenu().getItems().stream()
                .filter(i -> "tab-show-in-file-manager".equals(i.getId()))
                .findFirst()
                .orElseThrow());
    }

    @Test
    void asksTheFileManagerOverDbusThenOpensTheFolder() {
        List<List<String>> c = FileManager.commands(Path.of("/data/logs, old/a b.zss"));
        assertEquals(2, c.size());
        List<String> dbus = c.getFirst();
        assertEquals("dbus-send", dbus.getFirst());
        assertTrue(dbus.contains("--dest=org.freedesktop.FileManager1"), dbus.toString());
        assertTrue(dbus.contains("org.freedesktop.FileManager1.ShowItems"), dbus.toString());
        assertTrue(
                dbus.contains("array:string:file:///data/logs%2C%20old/a%20b.zss"),
                "one item, the comma not splitting it: " + dbus);
        assertEquals("string:", dbus.getLast(), "no startup id");
        assertEquals(List.of("xdg-open", "/data/logs, old"), c.get(1), "the folder as it is named");
    }

    @Test
    void aLocalArchivesTabOffersItAUrlsDoesNot() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-none.zss"));
        Tab local = fx(() -> window.tabs().getTabs().getFirst());
        assertEquals("Show in File Manager", fx(() -> reveal(local).getText()));
        assertFalse(fx(() -> reveal(local).isDisable()), "a local file can be shown");
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        try (NginxServer nginx = NginxServer.serve(fx(() -> v.session().path()).getParent())) {
            Tab remote = fx(() -> window.openUrl(nginx.url("letters-none.zss"))).get();
            settle();
            assertTrue(fx(() -> reveal(remote).isDisable()), "an archive read by URL has no folder here");
            fx(() -> {
                for (ArchiveView w : window.views()) w.dispose();
                window.tabs().getTabs().clear();
                return null;
            });
        }
    }
}
