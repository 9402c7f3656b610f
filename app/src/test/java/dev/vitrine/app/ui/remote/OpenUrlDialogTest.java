package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.Screenshot;
import dev.vitrine.app.ui.testing.WindowTest;
import java.nio.file.Path;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** File > Open URL… as a user drives it with the keyboard and mouse. */
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
}
