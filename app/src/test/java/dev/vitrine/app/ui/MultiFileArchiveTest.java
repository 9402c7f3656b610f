package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.testing.TwoPartFormat;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * An archive made of two files with no main one (the test-only {@link TwoPartFormat}): the
 * folder opens, the hex view follows the selection from file to file, a byte click is located
 * in the file shown, and verify's problems in the second file mark that file's nodes only.
 */
class MultiFileArchiveTest extends WindowTest {

    private Path twoParts() throws Exception {
        return TwoPartFormat.write(temp.resolve("log-folder"), 5, 7);
    }

    private static final FileRef PART1 = TwoPartFormat.PARTS.get(0), PART2 = TwoPartFormat.PARTS.get(1);

    private void select(ArchiveView v, int part, int item) throws Exception {
        Node root = fx(() -> v.session().root().node());
        Node partNode = child(root, part);
        Node itemNode = child(partNode, item);
        fx(() -> v.tree().reveal(List.of(root, partNode, itemNode))).get();
        settle();
    }

    @Test
    void aFolderOfTwoFilesOpensAndTheHexViewFollowsTheSelectionAcrossFiles() throws Exception {
        ArchiveView v = open(twoParts());
        assertEquals("two-part test archive", v.session().archive().format().displayName());
        NodeTreeItem root = fx(() -> v.tree().rootItem());
        assertEquals(2, fx(() -> root.getChildren().size()), "both parts are listed");
        ComboBox<?> chooser = lookup("#hex-file").query();
        assertTrue(fx(chooser::isVisible), "a chooser says which file the bytes are from");

        select(v, 1, 3);
        HexView hex = v.hex().hex();
        assertEquals(PART2, fx(() -> v.hex().file()), "the hex view shows the file the item is in");
        assertEquals(PART2, fx(chooser::getValue));
        HexMark node = fx(() -> hex.marks().node());
        assertEquals(TwoPartFormat.itemOffset(3), node.start());
        assertEquals(TwoPartFormat.itemOffset(3) + 8, node.end());
        assertEquals(8 + 7 * 8, fx(() -> hex.layoutModel().size()), "the second part's size");

        select(v, 0, 2);
        assertEquals(PART1, fx(() -> v.hex().file()), "back to the first file");
        assertEquals(TwoPartFormat.itemOffset(2), fx(() -> hex.marks().node().start()));
    }

    @Test
    void aByteClickIsLocatedInTheFileShown() throws Exception {
        ArchiveView v = open(twoParts());
        select(v, 1, 0);
        HexView hex = v.hex().hex();
        long target = TwoPartFormat.itemOffset(5) + 2;
        fx(() -> {
            hex.goTo(target);
            return null;
        });
        Point2D p = fx(() -> hex.localToScreen(hex.pointOf(target)));
        assertNotNull(p);
        clickOn(p);
        settle();
        Node selected = fx(() -> v.selection().selected());
        assertEquals(
                "part-2.bin item 5", selected.name(), "the item under the byte, in part 2 (part 1 has only 5 items)");
        assertEquals(PART2, selected.range().file());
    }

    @Test
    void damageInTheSecondFileIsListedWithItsFileAndMarksOnlyItsNodes() throws Exception {
        Path folder = twoParts();
        long bad = TwoPartFormat.itemOffset(4) + 5;
        try (RandomAccessFile f =
                new RandomAccessFile(folder.resolve("part-2.bin").toFile(), "rw")) {
            f.seek(bad);
            f.write(0x5a);
        }
        ArchiveView v = open(folder);
        click(v.tree().view());
        press(KeyCode.F5).release(KeyCode.F5);
        waitForVerify(v);
        settle();
        List<Problem> found = fx(() -> List.copyOf(v.problems().table().getItems()));
        assertEquals(1, found.size(), found.toString());
        Problem p = found.getFirst();
        assertEquals(PART2, p.ref());
        assertEquals(TwoPartFormat.itemOffset(4), p.offset());
        assertFalse(p.expected().isEmpty(), "the check word expected is named");
        assertTrue(p.toString().startsWith("part-2.bin: offset 40: item 4"), p.toString());

        click(tableRow(v.problems().table(), 0));
        settle();
        assertEquals(
                "part-2.bin item 4",
                fx(() -> v.selection().selected().name()),
                "clicking the problem selects its item");
        assertEquals(PART2, fx(() -> v.hex().file()), "and shows its file");
        assertEquals(TwoPartFormat.itemOffset(4), fx(() -> v.hex().hex().caret()));
        NodeTreeItem root = fx(() -> v.tree().rootItem());
        assertEquals(
                Health.DAMAGED, fx(() -> v.tree().healthOf(root.getChildren().get(1))), "part 2 holds the damage");
        assertEquals(
                Health.OK,
                fx(() -> v.tree().healthOf(root.getChildren().get(0))),
                "part 1 is fine: same offsets, other file");
    }
}
