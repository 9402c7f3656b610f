package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.instance.SingleInstance;
import dev.vitrine.app.ui.about.BundledLibraries;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderStroke;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** The window as a desktop application: Help > About, menus from the keyboard, focus, Open Recent, one instance. */
class DesktopTest extends WindowTest {

    private Menu menu(String text) throws Exception {
        return fx(() -> lookup(".main-menu").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> m.getText().replace("_", "").equals(text))
                .findFirst()
                .orElseThrow());
    }

    @Test
    void aboutShowsTheVersionTheBundledLicencesAndWhereThingsAreKept() throws Exception {
        MenuItem about = fx(() -> menu("Help").getItems().stream()
                .filter(i -> i.getText() != null && i.getText().replace("_", "").startsWith("About"))
                .findFirst()
                .orElseThrow());
        fx(() -> {
            about.fire();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        javafx.stage.Window w = fx(() -> javafx.stage.Window.getWindows().stream()
                .filter(x -> x.getScene() != null && x.getScene().lookup("#about") != null)
                .findFirst()
                .orElseThrow());
        var scene = w.getScene();
        assertEquals(
                "Vitrine 0.1.0", fx(() -> ((javafx.scene.control.Label) scene.lookup("#about-version")).getText()));
        String settings = fx(() -> ((TextField) scene.lookup("#about-settings")).getText());
        assertTrue(settings.endsWith("settings.json"), settings);
        assertTrue(fx(() -> ((TextField) scene.lookup("#about-logs")).getText()).endsWith("logs"));
        assertTrue(
                fx(() -> ((TextField) scene.lookup("#about-caches")).getText()).contains("vitrine"));
        @SuppressWarnings("unchecked")
        TableView<BundledLibraries.Library> libs =
                (TableView<BundledLibraries.Library>) scene.lookup("#about-libraries");
        List<BundledLibraries.Library> rows = fx(() -> List.copyOf(libs.getItems()));
        assertTrue(rows.size() >= 15, rows.toString());
        assertTrue(
                rows.stream()
                        .anyMatch(l ->
                                l.name().equals("rocksdbjni") && l.licence().contains("Apache-2.0")),
                rows.toString());
        assertTrue(
                rows.stream()
                        .anyMatch(
                                l -> l.name().contains("openjfx") && l.licence().contains("Classpath-exception")),
                rows.toString());
        fx(() -> Screenshot.save(
                scene, Path.of(System.getProperty("vitrine.screenshots", "target/screenshots"), "about.png")));
        fx(() -> {
            w.hide();
            return null;
        });
    }

    @Test
    void altAndALetterOpenTheMenus() throws Exception {
        Menu file = menu("File");
        assertFalse(fx(file::isShowing));
        press(KeyCode.ALT, KeyCode.F).release(KeyCode.F, KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(file::isShowing), "Alt+F opens File");
        type(KeyCode.ESCAPE);
        fx(() -> {
            file.hide();
            return null;
        });
        Menu help = menu("Help");
        press(KeyCode.ALT, KeyCode.H).release(KeyCode.H, KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(help::isShowing), "Alt+H opens Help");
        fx(() -> {
            help.hide();
            return null;
        });
    }

    @Test
    void aFocusedTableShowsARing() throws Exception {
        open(Fixtures.path("caf/sample-ts-reference.caf"));
        TableView<?> table = fx(() -> (TableView<?>) window.scene().lookup(".table-view"));
        assertNotNull(table);
        fx(() -> {
            table.requestFocus();
            table.applyCss();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(table::isFocused));
        var border = fx(table::getBorder);
        assertNotNull(border, "a focused table has a border");
        BorderStroke s = border.getStrokes().getFirst();
        assertTrue(s.getWidths().getTop() >= 1, "at least a pixel wide");
        assertTrue(s.getTopStroke() instanceof Color c && c.getOpacity() > 0.5, "and visible: " + s.getTopStroke());
    }

    @Test
    void openFolderAddsTheFolderToOpenRecentNotItsArchives() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("many"));
        for (String f : List.of("zss/letters-none.zss", "zss/letters-bz2.zss", "zss/letters-deflate.zss"))
            Files.copy(Fixtures.path(f), folder.resolve(Path.of(f).getFileName()));
        Path single = Fixtures.path("caf/sample-ts-reference.caf");
        open(single);
        fx(() -> window.open(List.of(folder))).get(60, TimeUnit.SECONDS);
        settle();
        assertEquals(4, fx(() -> window.views().size()), "the folder's three archives opened");
        assertEquals(
                List.of(
                        folder.toAbsolutePath().toString(),
                        single.toAbsolutePath().toString()),
                fx(() -> List.copyOf(window.settings().recent)),
                "the folder, once, and the earlier file still there");
    }

    @Test
    void aSecondStartHandsItsFileToTheRunningWindowAndExits() throws Exception {
        Path runtime = Files.createDirectories(temp.resolve("run"));
        Path socket = SingleInstance.socketIn(runtime);
        try (SingleInstance.Server server = SingleInstance.Server.bind(socket)) {
            fx(() -> {
                OpenRequests.attach(server, window);
                return null;
            });
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));

            Path file = Fixtures.path("zss/letters-none.zss");
            ProcessBuilder pb = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            "dev.vitrine.app.Main",
                            file.toString())
                    .redirectErrorStream(true);
            pb.environment().put("XDG_RUNTIME_DIR", runtime.toString());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
            assertEquals(0, p.exitValue(), out);
            waitUntil(
                    "the handed file in a tab",
                    () -> window.views().stream()
                            .anyMatch(v -> v.session().path().toAbsolutePath().equals(file.toAbsolutePath())));
            settle();
        }
        assertFalse(Files.exists(socket), "closed, the window removes its socket");
    }

    @Test
    void aSocketLeftByAWindowThatDiedIsTakenOver() throws Exception {
        Path socket = SingleInstance.socketIn(Files.createDirectories(temp.resolve("run2")));
        // a socket file nobody listens on, as a killed window leaves it
        var ch = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
        ch.bind(java.net.UnixDomainSocketAddress.of(socket));
        ch.close();
        assertTrue(Files.exists(socket));
        assertFalse(SingleInstance.handOverOrClaim(socket, List.of(), List.of()), "nobody to hand over to");
        try (SingleInstance.Server mine = SingleInstance.claimed()) {
            assertNotNull(mine, "this start listens instead");
            assertTrue(
                    SingleInstance.handOverOrClaim(socket, List.of(Path.of("/x.zss")), List.of()),
                    "and the next hands over");
        }
        assertTrue(LaunchOptions.parse(new String[] {"--new-window", "a.zss"}).newWindow());
    }
}
