package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.settings.Settings;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.testing.WindowTest;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Hyperlink;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/** What the window remembers between runs: recent files, dividers, theme, size. */
class RememberTest extends WindowTest {

    @Test
    void recentFilesDividersAndThemeAreRememberedOnClose() throws Exception {
        SettingsStore store = new SettingsStore(temp.resolve("config/settings.json"));
        Background bg = Background.create();
        Path file = fixture("fixtures/zss/letters-none.zss");
        MainWindow[] w = {windowWith(store, bg, file)};
        fx(() -> {
            w[0].current().setDividers(new double[] {0.31, 0.42, 0.7});
            w[0].theme().darkProperty().set(true);
            Stage s = w[0].stage();
            s.fireEvent(new WindowEvent(s, WindowEvent.WINDOW_CLOSE_REQUEST));
            return null;
        });
        waitUntil("settings written", () -> bg.inFlight() == 0 && java.nio.file.Files.exists(store.file()));
        Settings saved = store.load();
        assertEquals(List.of(file.toAbsolutePath().toString()), saved.recent);
        assertEquals(0.31, saved.dividers[0], 0.02);
        assertEquals(0.42, saved.dividers[1], 0.02);
        assertTrue(saved.dark);
        fx(() -> {
            w[0].current().dispose();
            w[0].tabs().getTabs().clear();
            return null;
        });
        bg.shutdown();

        // The next window starts dark, and offers the file again.
        Background bg2 = Background.create();
        FxToolkit.setupStage(stage -> {
            w[0] = new MainWindow(stage, store, bg2, null, 1200, 800);
            w[0].show();
        });
        assertTrue(fx(() -> w[0].theme().darkProperty().get()));
        Hyperlink again = lookup(".welcome .hyperlink").query();
        assertEquals(file.toAbsolutePath().toString(), again.getText());
        click(again);
        waitUntil(
                "the recent file to open",
                () -> w[0].current() != null && w[0].current().firstDraw().isDone());
        assertEquals(0.31, fx(() -> w[0].current().dividers()[0]), 0.02, "dividers come back too");
        fx(() -> {
            w[0].current().dispose();
            w[0].tabs().getTabs().clear();
            w[0].theme().darkProperty().set(false);
            return null;
        });
        bg2.shutdown();
    }

    /** Closing the last tab brings the welcome page back with the file just opened first among its recent files. */
    @Test
    void theWelcomePageOffersTheFileJustClosed() throws Exception {
        Background bg = Background.create();
        Path file = fixture("fixtures/zss/letters-none.zss");
        MainWindow[] w = {windowWith(new SettingsStore(temp.resolve("config/settings.json")), bg, file)};
        fx(() -> {
            w[0].current().dispose();
            w[0].tabs().getTabs().clear();
            return null;
        });
        Hyperlink first = lookup(".welcome .hyperlink").query();
        assertEquals(file.toAbsolutePath().toString(), first.getText());
        bg.shutdown();
    }

    /** A new window over {@code store}, with {@code file} open in a tab and drawn. */
    private MainWindow windowWith(SettingsStore store, Background bg, Path file) throws Exception {
        MainWindow[] w = new MainWindow[1];
        FxToolkit.setupStage(stage -> {
            w[0] = new MainWindow(stage, store, bg, null, 1200, 800);
            w[0].show();
        });
        fx(() -> w[0].open(List.of(file))).get();
        waitUntil(
                "the tab",
                () -> w[0].current() != null && w[0].current().firstDraw().isDone());
        return w[0];
    }
}
