package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.Screenshot;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File > Open URL… as a user drives it with the keyboard and mouse, over a real S3 store
 * (s3proxy); and addresses pasted onto the window or naming a prefix.
 */
class OpenUrlDialogTest extends WindowTest {

    /** Ctrl+L, as the window's user presses it; returns the dialog's address box once it shows. */
    ComboBox<String> openDialog() throws Exception {
        keyboardTo(window.tabs().getTabs().isEmpty() ? window.scene().getRoot() : window.tabs());
        press(KeyCode.CONTROL, KeyCode.L).release(KeyCode.L, KeyCode.CONTROL);
        waitUntil(
                "the Open URL dialog",
                () -> lookup("#open-url-address").tryQuery().isPresent());
        ComboBox<String> address = lookup("#open-url-address").query();
        // the window manager gives a new dialog the keyboard; on the headless platform a click on
        // its header (which takes no focus itself) does
        clickOn(".dialog-pane .header-panel");
        WaitForAsyncUtils.waitForFxEvents();
        return address;
    }

    static void shoot(javafx.scene.Node n, String name) throws Exception {
        fx(() -> Screenshot.save(
                n.getScene(), Path.of(System.getProperty("vitrine.screenshots", "target/screenshots"), name)));
    }

    @Test
    void whatIsTypedAfterCtrlLGoesInTheAddress() throws Exception {
        ComboBox<String> address = openDialog();
        assertTrue(
                fx(() -> address.isFocused() || address.getEditor().isFocused()),
                () -> "the keyboard is in the address, not on "
                        + address.getScene().getFocusOwner());
        write("s3://qabucket/a.zss");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("s3://qabucket/a.zss", fx(() -> address.getEditor().getText()));
        shoot(address, "OpenUrlDialogTest-typed.png");
        javafx.stage.Window dialog = fx(() -> address.getScene().getWindow());
        type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(fx(dialog::isShowing), "Escape closes it");
        assertTrue(fx(() -> window.tabs().getTabs().isEmpty()), "nothing opened");
    }

    /** The empty window offers an address as it offers a file: its Open URL… button opens the dialog. */
    @Test
    void theEmptyWindowsOpenUrlButtonOpensTheDialog() throws Exception {
        assertTrue(fx(() -> window.tabs().getTabs().isEmpty()), "the welcome page shows");
        shoot(lookup(".welcome").query(), "OpenUrlDialogTest-welcome.png");
        clickOn(".welcome .button:last-child");
        waitUntil(
                "the Open URL dialog",
                () -> lookup("#open-url-address").tryQuery().isPresent());
        ComboBox<String> address = lookup("#open-url-address").query();
        javafx.stage.Window dialog = fx(() -> address.getScene().getWindow());
        fx(() -> {
            dialog.hide();
            return null;
        });
    }

    /** A bucket as the QA pass had it: two archives, a text file, a prefix of text files. */
    private S3TestServer qabucket() throws Exception {
        Path b = Files.createDirectories(temp.resolve("qabucket"));
        Path zss = fixture("fixtures/zss/letters-none.zss");
        Files.copy(zss, b.resolve("weather-none.zss"));
        Files.copy(zss, b.resolve("weather-bz2.zss"));
        Files.writeString(b.resolve("notes.txt"), "not an archive\n");
        Files.createDirectories(b.resolve("many/deeper"));
        Files.writeString(b.resolve("many/a.txt"), "a");
        Files.writeString(b.resolve("many/deeper/b.txt"), "b");
        S3TestServer s3 = S3TestServer.serving("qabucket", b);
        fx(() -> {
            window.setRemoteOptions(new RemoteOptions(List.of(), false, s3.endpoint(), RemoteSettings.DEFAULT));
            return null;
        });
        return s3;
    }

    private ListView<Location.Entry> entries() {
        return lookup("#open-url-entries").query();
    }

    private List<String> names() throws Exception {
        return fx(() -> entries().getItems().stream().map(Location.Entry::name).toList());
    }

    private ListCell<?> row(String name) {
        return lookup(".list-cell")
                .match((ListCell<?> c) ->
                        c.getItem() instanceof Location.Entry e && e.name().equals(name))
                .query();
    }

    private String status() throws Exception {
        return fx(() -> ((Label) lookup("#open-url-status").query()).getText());
    }

    private Tab waitForTab(String url) throws Exception {
        waitUntil(
                "the tab of " + url,
                () -> window.tabs().getTabs().stream()
                        .anyMatch(t -> t.getTooltip() != null
                                && url.equals(t.getTooltip().getText())));
        return fx(() -> window.tabs().getSelectionModel().getSelectedItem());
    }

    /** List lists by the prefix as typed; the row chosen is what Enter opens. */
    @Test
    void aPartialNameListsWhatStartsWithItAndTheChosenRowOpens() throws Exception {
        try (S3TestServer s3 = qabucket()) {
            ComboBox<String> address = openDialog();
            write("s3://qabucket/we");
            clickOn("#open-url-list");
            waitUntil("the listing", () -> entries().getItems().size() == 2);
            assertEquals(List.of("weather-bz2.zss", "weather-none.zss"), names());
            assertEquals("s3://qabucket/we: 0 prefixes, 2 objects", status());
            assertEquals("s3://qabucket/we", fx(() -> address.getEditor().getText()), "the address as typed");

            click(row("weather-bz2.zss"));
            assertEquals(
                    "s3://qabucket/weather-bz2.zss",
                    fx(() -> address.getEditor().getText()));
            type(KeyCode.DOWN);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(
                    "s3://qabucket/weather-none.zss",
                    fx(() -> address.getEditor().getText()));
            shoot(address, "OpenUrlDialogTest-chosen.png");
            type(KeyCode.ENTER);
            Tab tab = waitForTab("s3://qabucket/weather-none.zss");
            assertEquals("s3://qabucket/weather-none.zss", fx(tab::getText), "named by its URL");

            // an object's own address lists that object, not an empty "folder" under it
            openDialog();
            write("s3://qabucket/weather-bz2.zss");
            clickOn("#open-url-list");
            waitUntil("the listing", () -> !entries().getItems().isEmpty());
            assertEquals(List.of("weather-bz2.zss"), names());
            assertEquals("s3://qabucket/weather-bz2.zss: 0 prefixes, 1 object", status());
            // a double-click opens an object
            doubleClickOn(row("weather-bz2.zss"));
            waitForTab("s3://qabucket/weather-bz2.zss");
            assertEquals(2, (int) fx(() -> window.tabs().getTabs().size()));
        }
    }

    /** A prefix that is not an archive shows what is under it; a file that is not one is named by its URL. */
    @Test
    void aPrefixOpenedIsListedAndAFileNotAnArchiveIsNamedByItsUrl() throws Exception {
        try (S3TestServer s3 = qabucket()) {
            fx(() -> window.openUrl("s3://qabucket/many/"));
            waitUntil(
                    "the listing",
                    () -> lookup("#open-url-entries").tryQuery().isPresent()
                            && entries().getItems().size() == 2);
            assertEquals(List.of("a.txt", "deeper"), names());
            String header = fx(() ->
                    ((javafx.scene.control.DialogPane) entries().getScene().getRoot()).getHeaderText());
            assertEquals(
                    "s3://qabucket/many/ is a bucket or prefix, not an archive: choose what to open under it", header);
            assertFalse(fx(() -> window.notifier().lastMessage()).contains("is a folder"), "no error said instead");
            shoot(entries(), "OpenUrlDialogTest-prefix.png");
            // a prefix double-clicked is listed in turn
            doubleClickOn(row("deeper"));
            waitUntil("the prefix's listing", () -> names().equals(List.of("b.txt")));
            assertEquals("s3://qabucket/many/deeper/: 0 prefixes, 1 object", status());
            javafx.stage.Window dialog = fx(() -> entries().getScene().getWindow());
            // Escape with the list focused closes the dialog
            click(row("b.txt"));
            type(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(fx(dialog::isShowing), "Escape on the list closes the dialog");

            fx(() -> window.openUrl("s3://qabucket/notes.txt")).get();
            assertEquals(
                    "s3://qabucket/notes.txt: not an archive Vitrine knows (checked magic bytes, structure and file name)",
                    fx(() -> window.notifier().lastMessage()));
            assertTrue(fx(() -> window.tabs().getTabs().isEmpty()));
        }
    }

    /** Ctrl+V on the window opens the address on the clipboard; a text field still pastes into itself. */
    @Test
    void anAddressPastedOntoTheWindowOpens() throws Exception {
        try (S3TestServer s3 = qabucket()) {
            keyboardTo(window.scene().getRoot());
            fx(() -> {
                dev.vitrine.app.ui.copy.Clip.put("  s3://qabucket/weather-bz2.zss\n");
                return null;
            });
            press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
            Tab tab = waitForTab("s3://qabucket/weather-bz2.zss");
            assertEquals("s3://qabucket/weather-bz2.zss", fx(tab::getText), "named by its URL");

            keyboardTo(window.tabs());
            fx(() -> {
                dev.vitrine.app.ui.copy.Clip.put("just words");
                return null;
            });
            press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(
                    "The clipboard holds no http://, https:// or s3:// address to open",
                    fx(() -> window.notifier().lastMessage()));
            assertEquals(1, (int) fx(() -> window.tabs().getTabs().size()));
        }
    }
}
