package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeView;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.AfterEach;

/**
 * What the window tests of the tree's "Verify This Part" share: the stage moved where its
 * context menu can be drawn, and put back; the right-click, the menu item and the wait for the
 * report, as a user does them.
 */
abstract class PartVerifyWindowTest extends WindowTest {
    /** The shared stage's x, y, width and height before a test moved it (null: not moved). */
    private double[] before;

    /**
     * The headless screen is 1000x1000 and a popup reaching past its bottom fails to draw
     * (IndexOutOfBounds in HeadlessWindow.blit): the window sits at the screen's top, short
     * enough that the menu fits below the lowest row. The stage is the toolkit's primary stage,
     * shared by every window test: its place and size go back as they were afterwards
     * ({@link #restoreStage}), or later tests run 600 px high.
     */
    protected void moveStageToTop() throws Exception {
        fx(() -> {
            var st = window.stage();
            before = new double[] {st.getX(), st.getY(), st.getWidth(), st.getHeight()};
            st.setX(0);
            st.setY(0);
            st.setHeight(600);
            return null;
        });
    }

    @AfterEach
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

    /** A right-click on {@code node}'s row, "Verify This Part", and the wait for its report. */
    protected void verifyPart(ArchiveView v, NodeTreeItem node) throws Exception {
        TreeView<TreeEntry> tree = v.tree().view();
        fx(() -> {
            tree.getSelectionModel().select(node);
            tree.scrollTo(tree.getRow(node));
            return null;
        });
        settle();
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
                () -> v.problems().state().startsWith("verified:")
                        && v.problems()
                                .state()
                                .contains(" · part " + node.entry().name()));
        settle();
    }
}
