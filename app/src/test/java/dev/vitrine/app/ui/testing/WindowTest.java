package dev.vitrine.app.ui.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.MainWindow;
import dev.vitrine.app.ui.Screenshot;
import dev.vitrine.app.ui.Settler;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.settings.SettingsStore;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A real main window on JavaFX's headless platform, with helpers to open fixtures, wait until
 * background loading has settled, and save a screenshot of every test under
 * {@code vitrine.screenshots} (app/target/screenshots) for a person to look at.
 */
@ExtendWith(TraceInSummary.class)
public abstract class WindowTest extends FxRobot {
    protected static final Duration SETTLE = Duration.ofSeconds(60);

    @TempDir
    protected Path temp;

    protected MainWindow window;
    protected Background background;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @BeforeEach
    void openWindow() throws Exception {
        background = Background.create();
        FxToolkit.setupStage(stage -> {
            window = new MainWindow(stage, SettingsStore.none(), background, false, 1360, 860);
            window.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void screenshotAndClose(TestInfo info) throws Exception {
        String dir = System.getProperty("vitrine.screenshots", "target/screenshots");
        String name = info.getTestClass().map(Class::getSimpleName).orElse("Test") + "-"
                + info.getTestMethod().map(m -> m.getName()).orElse("test") + ".png";
        fx(() -> Screenshot.save(window.scene(), Path.of(dir, name)));
        fx(() -> {
            // A popup left showing (a test's data inspector) is drawn again while the window empties
            // below it; JavaFX's headless platform then copies a frame of the old size into the
            // resized window's buffer (HeadlessWindow.blit: IndexOutOfBoundsException), which
            // surfaced in whichever test ran next.
            for (javafx.stage.Window w : List.copyOf(javafx.stage.Window.getWindows()))
                if (w instanceof javafx.stage.PopupWindow p) p.hide();
            for (ArchiveView v : window.views()) v.dispose();
            window.tabs().getTabs().clear();
            // a drag the headless platform refused would make every later clipboard read see its dragboard
            HeadlessDrag.release();
            return null;
        });
        // What the FX thread threw during this test is reported here, not in the next test.
        WaitForAsyncUtils.waitForFxEvents();
        background.shutdown();
    }

    /** Copies a test resource (fixtures/...) to a file. */
    protected Path fixture(String resource) throws Exception {
        Path p = temp.resolve(Path.of(resource).getFileName());
        try (InputStream in = WindowTest.class.getResourceAsStream("/" + resource)) {
            if (in == null) throw new IllegalArgumentException("no test resource " + resource);
            Files.copy(in, p, StandardCopyOption.REPLACE_EXISTING);
        }
        return p;
    }

    /** Child {@code index} of {@code parent}, read in the background as the window reads it. */
    protected dev.vitrine.core.model.Node child(dev.vitrine.core.model.Node parent, long index) throws Exception {
        return background
                .run(() -> parent.children(index, 1).getFirst(), null, null)
                .get();
    }

    /** Opens {@code file} in the window and waits until it is drawn and nothing is loading. */
    protected ArchiveView open(Path file) throws Exception {
        CompletableFuture<Void> opened = fx(() -> window.open(List.of(file)));
        opened.get(60, TimeUnit.SECONDS);
        settle();
        return fx(() -> window.current());
    }

    protected void settle() throws Exception {
        CompletableFuture<Boolean> f = fx(() -> Settler.whenSettled(window, SETTLE));
        assertTrue(
                f.get(SETTLE.toSeconds() + 5, TimeUnit.SECONDS),
                () -> "window did not settle: " + Settler.unsettled(window));
    }

    /** Waits until {@code condition} (checked on the FX thread) holds. */
    /**
     * Gives {@code node}'s window and then {@code node} the keyboard, and empties the clipboard,
     * so a copy test sees only what its own keys put there.
     */
    protected static void keyboardTo(javafx.scene.Node node) throws Exception {
        fx(() -> {
            if (node.getScene().getWindow() instanceof javafx.stage.Stage st) st.toFront();
            node.getScene().getWindow().requestFocus();
            node.requestFocus();
            dev.vitrine.app.ui.copy.Clip.put("");
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits until the archive's verify has run to its end and reported. */
    protected void waitForVerify(ArchiveView v) throws Exception {
        waitUntil(
                "verify to finish",
                () -> !v.verifier().runningProperty().get() && v.verifier().lastReport() != null);
    }

    protected void waitUntil(String what, Callable<Boolean> condition) throws Exception {
        CompletableFuture<Boolean> f = fx(() -> Settler.whenTrue(
                () -> {
                    try {
                        return condition.call();
                    } catch (Exception e) {
                        return false;
                    }
                },
                SETTLE));
        assertTrue(f.get(SETTLE.toSeconds() + 5, TimeUnit.SECONDS), "timed out waiting for " + what);
    }

    /** Runs on the FX thread and returns the result. */
    protected static <T> T fx(Callable<T> c) throws Exception {
        if (Platform.isFxApplicationThread()) return c.call();
        return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
    }

    /** The on-screen row of {@code table} showing item {@code index} (scroll it into view first). */
    protected javafx.scene.control.TableRow<?> tableRow(javafx.scene.control.TableView<?> table, int index)
            throws Exception {
        fx(() -> {
            table.scrollTo(index);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        return fx(() -> table.lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.TableRow<?> r && r.getIndex() == index && r.isVisible())
                .map(n -> (javafx.scene.control.TableRow<?>) n)
                .findFirst()
                .orElseThrow());
    }

    /** Clicks the centre of a node already on screen. */
    protected void click(Node n) {
        clickOn(n);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
