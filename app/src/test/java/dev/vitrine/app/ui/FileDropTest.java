package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.OutsideDrop;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.core.testing.Fixtures;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Set;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.input.TransferMode;
import org.junit.jupiter.api.Test;

/**
 * Files and folders dropped on the window by another program. The drop is delivered through
 * the scene's own drag-and-drop handling by {@link OutsideDrop} (the headless platform has no
 * drag and drop of its own); what the user sees afterwards is the real window.
 */
class FileDropTest extends WindowTest {
    private static final Set<TransferMode> FILE_MANAGER =
            Set.of(TransferMode.COPY, TransferMode.MOVE, TransferMode.LINK);

    private OutsideDrop.Outcome drop(Point2D at, TransferMode asked, Path... paths) throws Exception {
        List<File> files = java.util.Arrays.stream(paths).map(Path::toFile).toList();
        return fx(() -> OutsideDrop.files(window.scene(), at, files, FILE_MANAGER, asked));
    }

    /** The middle of the window: the welcome page when nothing is open, an archive's views otherwise. */
    private Point2D middle() throws Exception {
        return fx(
                () -> new Point2D(window.scene().getWidth() / 2, window.scene().getHeight() / 2));
    }

    private List<String> tabNames() throws Exception {
        return fx(() -> window.tabs().getTabs().stream().map(Tab::getText).toList());
    }

    private Path copy(String fixture, Path folder) throws Exception {
        Files.createDirectories(folder);
        return Files.copy(
                Fixtures.path(fixture),
                folder.resolve(Path.of(fixture).getFileName()),
                StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void aDroppedArchiveOpensInATabWithItsTreeAndADropOnTheArchiveOpensAnother() throws Exception {
        Path zss = copy("zss/letters-deflate.zss", temp);
        Point2D at = middle();
        assertTrue(fx(() -> isOver(at, window.scene().lookup(".welcome"))), "dropped on the welcome page");
        OutsideDrop.Outcome o = drop(at, TransferMode.COPY, zss);
        assertEquals(new OutsideDrop.Outcome(TransferMode.COPY, TransferMode.COPY), o, "taken and completed as a copy");
        waitUntil("a tab", () -> window.tabs().getTabs().size() == 1);
        settle();
        assertEquals(List.of("letters-deflate.zss"), tabNames());
        assertEquals("letters-deflate.zss — Vitrine", fx(() -> window.stage().getTitle()));
        ArchiveView v = fx(window::current);
        List<String> top = fx(() -> v.tree().rootItem().getChildren().stream()
                .map(i -> i instanceof NodeTreeItem n ? n.node().name() : String.valueOf(i.getValue()))
                .toList());
        assertFalse(top.isEmpty(), "the structure tree shows the archive's parts");
        assertTrue(
                fx(() -> v.tree().view().isVisible() && v.tree().view().getScene() == window.scene()),
                "and it is on screen");

        // Over an open archive the drop still reaches the window (nothing on the way takes it).
        Path more = copy("zss/generated/recs1000-deflate.zss", temp);
        assertTrue(fx(() -> isOver(at, window.current())), "dropped on the open archive");
        assertEquals(TransferMode.COPY, drop(at, TransferMode.COPY, more).dropped());
        waitUntil("a second tab", () -> window.tabs().getTabs().size() == 2);
        settle();
        assertEquals(List.of("letters-deflate.zss", "recs1000-deflate.zss"), tabNames());
        assertEquals(
                "recs1000-deflate.zss",
                fx(() -> window.tabs().getSelectionModel().getSelectedItem().getText()),
                "in front");
    }

    @Test
    void aDroppedFolderOpensTheArchivesInsideItAndSkipsTheRestQuietly() throws Exception {
        Path folder = temp.resolve("several");
        copy("zss/letters-none.zss", folder);
        copy("zss/generated/recs1000-bz2.zss", folder);
        copy("caf/sample-ts-reference.caf", folder);
        Files.writeString(folder.resolve("README.txt"), "not an archive\n");
        OutsideDrop.Outcome o = drop(middle(), TransferMode.COPY, folder);
        assertEquals(TransferMode.COPY, o.dropped());
        waitUntil("three tabs", () -> window.tabs().getTabs().size() == 3);
        settle();
        assertEquals(
                List.of("letters-none.zss", "recs1000-bz2.zss", "sample-ts-reference.caf"),
                tabNames(),
                "in name order");
        assertEquals(
                "letters-none.zss",
                fx(() -> window.tabs().getSelectionModel().getSelectedItem().getText()),
                "the first in front");
        assertEquals(
                0,
                fx(() -> window.notifier().shown()),
                "nothing to say about README.txt: " + fx(() -> window.notifier().lastMessage()));
    }

    @Test
    void anUnknownFileGetsAMessageNamingItAndNoTab() throws Exception {
        Path notes = Files.writeString(temp.resolve("notes.txt"), "shopping list\n");
        Path empty = Files.createDirectories(temp.resolve("empty folder"));
        OutsideDrop.Outcome o = drop(middle(), TransferMode.COPY, notes, empty);
        assertEquals(TransferMode.COPY, o.dropped(), "files are taken; what they are is found out when opening them");
        waitUntil("two messages", () -> window.notifier().shown() == 2);
        settle();
        assertEquals(List.of(), tabNames());
        List<String> shown = fx(() -> window.notifier().lookupAll(".notification").stream()
                .map(FileDropTest::textOf)
                .toList());
        assertEquals(
                List.of(
                        "notes.txt: not an archive Vitrine knows (checked magic bytes, structure and file name)",
                        "empty folder: no archives Vitrine knows in this folder"),
                shown,
                "newest on top, each naming its file");
        assertEquals("Vitrine", fx(() -> window.stage().getTitle()));
    }

    @Test
    void aDropIsTakenAsACopyEvenWhenAMoveIsAskedAndTextIsNotTakenAtAll() throws Exception {
        Path zss = copy("zss/letters-bz2.zss", temp);
        byte[] before = Files.readAllBytes(zss);
        OutsideDrop.Outcome o = drop(middle(), TransferMode.MOVE, zss);
        assertEquals(
                new OutsideDrop.Outcome(TransferMode.COPY, TransferMode.COPY),
                o,
                "a move would let the file manager delete the file it dropped");
        waitUntil("a tab", () -> window.tabs().getTabs().size() == 1);
        settle();
        assertTrue(Files.exists(zss));
        assertEquals(before.length, Files.size(zss));

        Point2D at = middle();
        assertEquals(
                new OutsideDrop.Outcome(null, null),
                fx(() -> OutsideDrop.text(window.scene(), at, "/tmp/some.zss")),
                "text is refused while dragging over, and never dropped");
        settle();
        assertEquals(List.of("letters-bz2.zss"), tabNames());
        assertEquals(0, fx(() -> window.notifier().shown()));
    }

    private static boolean isOver(Point2D scenePoint, Node n) {
        return n != null
                && n.isVisible()
                && n.getScene() != null
                && n.localToScene(n.getBoundsInLocal()).contains(scenePoint);
    }

    private static String textOf(Node notification) {
        return notification instanceof atlantafx.base.controls.Notification n
                ? n.getMessage()
                : notification.toString();
    }
}
