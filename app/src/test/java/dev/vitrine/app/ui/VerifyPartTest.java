package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;

/** The tree's "Verify This Part": the problems inside the right-clicked node, selected in the Problems pane (#23 item 6). */
class VerifyPartTest extends WindowTest {

    private void verifyPart(ArchiveView v, NodeTreeItem node) throws Exception {
        TreeView<TreeEntry> tree = v.tree().view();
        fx(() -> {
            tree.getSelectionModel().select(node);
            tree.scrollTo(tree.getRow(node));
            return null;
        });
        settle();
        javafx.scene.Node cell = lookup(".structure-tree .tree-cell:selected").query();
        clickOn(cell, MouseButton.SECONDARY);
        settle();
        clickOn("#tree-verify-part");
        waitForVerify(v);
        settle();
    }

    private static List<Problem> inside(List<Problem> all, ByteRange r) {
        return all.stream()
                .filter(p -> p.offset() >= 0 && r.contains(p.position()))
                .toList();
    }

    @Test
    void verifyingAPartSelectsItsProblemsAndSaysHowMany() throws Exception {
        Path copy = temp.resolve("weather-damaged.zss");
        Files.copy(Path.of("../samples/weather-damaged.zss"), copy);
        ArchiveView v = open(copy);
        List<NodeTreeItem> parts = fx(() -> v.tree().view().getRoot().getChildren().stream()
                .filter(i -> i instanceof NodeTreeItem n && !n.entry().range().isNone())
                .map(i -> (NodeTreeItem) i)
                .toList());
        // what a whole verify finds, to compare with
        fx(() -> {
            v.verifier().start();
            return null;
        });
        waitForVerify(v);
        List<Problem> all = fx(() -> List.copyOf(v.problems().table().getItems()));
        NodeTreeItem damaged = parts.stream()
                .filter(n -> !inside(all, n.entry().range()).isEmpty())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no top-level part holds a problem: " + all));
        NodeTreeItem clean = parts.stream()
                .filter(n -> inside(all, n.entry().range()).isEmpty())
                .findFirst()
                .orElseThrow(() -> new AssertionError("every part holds a problem: " + all));

        verifyPart(v, damaged);
        List<Problem> expected = inside(all, damaged.entry().range());
        assertEquals(
                expected,
                fx(() -> List.copyOf(v.problems().table().getSelectionModel().getSelectedItems())).stream()
                        .sorted(java.util.Comparator.comparingInt(all::indexOf))
                        .toList(),
                "the problems inside the part are selected, no others");
        String name = fx(() -> damaged.entry().name());
        assertTrue(
                fx(() -> v.problems().state()).endsWith(" · " + expected.size() + " in " + name),
                fx(() -> v.problems().state()));
        assertEquals(all.size(), (int) fx(() -> v.problems().table().getItems().size()), "the whole list stays");

        // back on the part that holds none (the tree followed the problem selected)
        TreeItem<TreeEntry> none = clean;
        verifyPart(v, (NodeTreeItem) none);
        assertTrue(
                fx(() -> v.problems().state())
                        .endsWith(" · none in " + clean.entry().name()),
                fx(() -> v.problems().state()));
        assertTrue(fx(() -> v.problems().table().getSelectionModel().isEmpty()));
        assertFalse(fx(() -> v.problems().table().getItems().isEmpty()));
    }
}
