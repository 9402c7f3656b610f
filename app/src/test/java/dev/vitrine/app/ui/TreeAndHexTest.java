package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.details.FieldsView;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import dev.vitrine.core.model.Node;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** The tree, the details and the hex view of one archive, and how they follow each other. */
class TreeAndHexTest extends WindowTest {

    private static List<String> childNames(TreeItem<TreeEntry> item) {
        return item.getChildren().stream()
                .map(c -> c instanceof NodeTreeItem n
                        ? n.node().name()
                        : c.getValue().toString())
                .toList();
    }

    private Label treeLabel(String text) {
        return lookup(".structure-tree .label")
                .match((Label l) -> text.equals(l.getText()))
                .query();
    }

    @Test
    void selectingANodeFramesItsBytesAndColoursItsFields() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/deep-index-3level.zss"));
        NodeTreeItem root = fx(() -> v.tree().rootItem());
        assertEquals(
                List.of("header", "index (root): level 3 index block @ 7070", "data blocks"),
                fx(() -> childNames(root)),
                "the first level is shown as soon as the file opens");

        click(treeLabel("header"));
        settle();
        HexView hex = v.hex().hex();
        HexMark node = fx(() -> hex.marks().node());
        assertEquals(0, node.start());
        assertEquals(243, node.end(), "the header's 243 bytes are framed");
        assertEquals("header", fx(() -> v.details().summary().nameText()));
        List<FieldsView.Item> fields = fx(() -> List.copyOf(v.details().fields().getItems()));
        assertTrue(
                fields.stream().anyMatch(i -> i.field().name().equals("magic")),
                "the header's fields are listed: " + fields);
        long tinted = fx(() -> hex.marks().all().stream()
                .filter(m -> m.kind() == HexMark.Kind.FIELD)
                .count());
        assertTrue(tinted >= 3, "fields with bytes are coloured in the hex view");

        click(treeLabel("index (root): level 3 index block @ 7070"));
        settle();
        HexMark index = fx(() -> hex.marks().node());
        assertEquals(7070, index.start());
        assertEquals(7123, index.end());
        assertTrue(
                fx(() -> hex.topRow() <= 7070 / 16 && 7070 / 16 < hex.topRow() + hex.visibleRows()),
                "the hex view scrolled to the block");
        assertTrue(fx(hex::settled), "the visible rows are loaded");
    }

    @Test
    void clickingAByteSelectsTheDeepestNodeCoveringIt() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-none.zss"));
        // The first data block follows the header; its first record "b" is a few bytes in.
        Node dataBlocks =
                fx(() -> ((NodeTreeItem) v.tree().rootItem().getChildren().get(2)).node());
        Node first = child(dataBlocks, 0);
        long target = first.range().offset() + 3;
        HexView hex = v.hex().hex();
        fx(() -> {
            hex.goTo(target);
            return null;
        });
        Point2D p = fx(() -> hex.localToScreen(hex.pointOf(target)));
        assertNotNull(p);
        clickOn(p);
        settle();
        Node selected = fx(() -> v.selection().selected());
        assertEquals("record", selected.kind(), "the record under the byte is selected, not its block");
        assertTrue(selected.range().contains(target));
        TreeItem<TreeEntry> item = fx(() -> v.tree().view().getSelectionModel().getSelectedItem());
        assertEquals("data-block", ((NodeTreeItem) item.getParent()).node().kind(), "the tree was expanded down to it");
        assertEquals(target, fx(hex::caret), "the clicked byte stays marked");
        assertTrue(
                fx(() -> hex.topRow() <= target / 16 && target / 16 < hex.topRow() + hex.visibleRows()),
                "the hex view did not jump away from the click");
    }

    @Test
    void goToOffsetAndFindBytesFromTheKeyboard() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/deep-index-3level.zss"));
        HexView hex = v.hex().hex();
        click(hex);
        press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        write("0x1b96").type(KeyCode.ENTER);
        assertEquals(7062, fx(hex::caret));
        press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        write("deep-0999").type(KeyCode.ENTER);
        waitUntil("the search to finish", () -> !v.hex().findStatus().startsWith("searching"));
        String status = fx(v.hex()::findStatus);
        // The records are compressed: their text is not in the file's bytes.
        assertTrue(status.startsWith("not found"), status);
        press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        eraseText(20);
        write("fixture").type(KeyCode.ENTER);
        waitUntil("a match", () -> v.hex().findStatus().startsWith("found at"));
        long at = fx(hex::caret);
        assertTrue(at > 0 && at < 243, "the metadata in the header says \"fixture\": found at " + at);
        assertEquals(HexMark.Kind.MATCH, fx(() -> hex.marks().topAt(at).kind()));
    }
}
