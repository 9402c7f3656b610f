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
import java.util.concurrent.TimeUnit;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeView;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;

/**
 * The tree's "Verify This Part" (#23 item 6): a verify of the right-clicked node's blocks only,
 * whose problems are those of that part, selected, with a state line that says it was a part.
 */
class VerifyPartTest extends WindowTest {

    private void verifyPart(ArchiveView v, NodeTreeItem node) throws Exception {
        TreeView<TreeEntry> tree = v.tree().view();
        fx(() -> {
            tree.getSelectionModel().select(node);
            tree.scrollTo(tree.getRow(node));
            return null;
        });
        settle();
        // as a user does: a right-click on the node's row, then a click on the menu's item
        TreeCell<?> row = fx(() -> tree.lookupAll(".tree-cell").stream()
                .filter(n -> n instanceof TreeCell<?> c && c.getTreeItem() == node && c.isVisible())
                .map(n -> (TreeCell<?>) n)
                .findFirst()
                .orElseThrow());
        clickOn(row, MouseButton.SECONDARY);
        settle();
        MenuItem item = fx(() -> tree.getContextMenu().getItems().stream()
                .filter(i -> "tree-verify-part".equals(i.getId()))
                .findFirst()
                .orElseThrow());
        assertFalse(fx(item::isDisable), "a node with bytes can be verified on its own");
        clickOn("#tree-verify-part");
        waitUntil(
                "the part verify to end",
                () -> v.problems().state().contains("verified:")
                        && v.problems()
                                .state()
                                .contains(" · part " + node.entry().name()));
        settle();
    }

    /** The block nodes under the root's "data blocks" node, loaded. */
    private List<NodeTreeItem> dataBlocks(ArchiveView v) throws Exception {
        NodeTreeItem blocks = fx(() -> v.tree().view().getRoot().getChildren().stream()
                .filter(i -> i instanceof NodeTreeItem n && n.entry().name().startsWith("data blocks"))
                .map(i -> (NodeTreeItem) i)
                .findFirst()
                .orElseThrow());
        fx(() -> {
                    blocks.setExpanded(true);
                    return blocks.ensureLoaded();
                })
                .get(60, TimeUnit.SECONDS);
        settle();
        return fx(() -> blocks.getChildren().stream()
                .filter(i -> i instanceof NodeTreeItem)
                .map(i -> (NodeTreeItem) i)
                .toList());
    }

    /** The selected problems, through their indices (the selected-items view of a table is lazy). */
    private static List<Problem> selected(ArchiveView v) throws Exception {
        return fx(() -> {
            var t = v.problems().table();
            return t.getSelectionModel().getSelectedIndices().stream()
                    .sorted()
                    .map(i -> t.getItems().get(i))
                    .toList();
        });
    }

    private static List<Problem> checksums(List<Problem> ps) {
        return ps.stream()
                .filter(p -> p.message().startsWith("checksum mismatch"))
                .toList();
    }

    /** The shared stage's x, y, width and height before a test moved it (null: not moved). */
    private double[] before;

    @org.junit.jupiter.api.AfterEach
    void restoreStage() throws Exception {
        if (before == null) return;
        double[] b = before;
        fx(() -> {
            var st = window.stage();
            st.setX(b[0]);
            st.setY(b[1]);
            st.setWidth(b[2]);
            st.setHeight(b[3]);
            return null;
        });
    }

    @Test
    void aPartVerifyFindsTheDamageOfItsBlockOnly() throws Exception {
        // The headless screen is 1000x1000 and a popup reaching past its bottom fails to draw
        // (IndexOutOfBounds in HeadlessWindow.blit): the window sits at the screen's top, short
        // enough that the menu fits below the lowest row, where the last data block lies.
        // The stage is the toolkit's primary stage, shared by every window test: its place and
        // size go back as they were afterwards (restoreStage), or later tests run 600 px high.
        fx(() -> {
            var st = window.stage();
            before = new double[] {st.getX(), st.getY(), st.getWidth(), st.getHeight()};
            st.setX(0);
            st.setY(0);
            st.setHeight(600);
            return null;
        });
        // weather-damaged.zss has one damaged data block; a second is damaged here, in its middle
        Path first = temp.resolve("one.zss");
        Files.copy(Path.of("../samples/weather-damaged.zss"), first);
        ArchiveView v1 = open(first);
        List<ByteRange> ranges =
                dataBlocks(v1).stream().map(n -> n.entry().range()).toList();
        fx(() -> {
            v1.verifier().start();
            return null;
        });
        waitForVerify(v1);
        List<Problem> before =
                checksums(fx(() -> List.copyOf(v1.problems().table().getItems())));
        assertEquals(1, before.size(), before.toString());
        long damagedAt = before.getFirst().offset();
        ByteRange other = ranges.stream()
                .filter(r -> !r.contains(damagedAt))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("one data block only: " + ranges));
        byte[] data = Files.readAllBytes(first);
        data[(int) (other.offset() + other.length() / 2)] ^= 0x55;
        Path two = temp.resolve("two.zss");
        Files.write(two, data);

        ArchiveView v = open(two);
        List<NodeTreeItem> blocks = dataBlocks(v);
        NodeTreeItem a = blocks.stream()
                .filter(n -> n.entry().range().contains(damagedAt))
                .findFirst()
                .orElseThrow();
        NodeTreeItem b = blocks.stream()
                .filter(n -> n.entry().range().equals(other))
                .findFirst()
                .orElseThrow();

        verifyPart(v, a);
        // what the part verify found is selected: this block's damage, not the other's, not the hash
        List<Problem> selected = selected(v);
        assertEquals(
                List.of("checksum mismatch at " + damagedAt),
                selected.stream().map(Problem::message).toList(),
                "only the part's damage is found: " + fx(() -> v.problems().state()) + " "
                        + fx(() -> List.copyOf(v.problems().table().getItems())));
        assertEquals(1, fx(() -> v.verifier().lastReport().errors()));
        assertEquals(0, fx(() -> v.verifier().lastReport().warnings()), "no data hash warning: it was not run");
        String state = fx(() -> v.problems().state());
        assertTrue(state.startsWith("verified: 1 error ("), state);
        assertTrue(
                state.endsWith(" · part " + a.entry().name() + ": 1 data block in ["
                        + a.entry().range().offset()
                        + ", " + a.entry().range().end() + "); whole-archive checks not run: data hash, index"
                        + " references and lengths, record order across blocks, root"),
                state);
        List<Problem> listed = fx(() -> List.copyOf(v.problems().table().getItems()));
        assertTrue(listed.stream().noneMatch(p -> p.message().startsWith("data hash")), listed.toString());

        verifyPart(v, b);
        selected = selected(v);
        assertEquals(1, selected.size(), selected.toString());
        assertTrue(b.entry().range().contains(selected.getFirst().offset()), selected.toString());
        assertTrue(selected.getFirst().message().startsWith("checksum mismatch"), selected.toString());
        assertEquals(1, fx(() -> v.verifier().lastReport().errors()));
        listed = fx(() -> List.copyOf(v.problems().table().getItems()));
        assertTrue(listed.contains(checksums(listed).getFirst()), "the first part's finding stays listed");
        assertEquals(2, checksums(listed).size(), listed.toString());
    }
}
