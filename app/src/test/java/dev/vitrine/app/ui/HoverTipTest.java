package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeCell;
import org.junit.jupiter.api.Test;

/** Tree and file-table cells get their tooltip when the pointer enters them, saying what they show. */
class HoverTipTest extends WindowTest {

    @Test
    void aTreeRowExplainsItselfOnHoverAndNotBefore() throws Exception {
        open(fixture("fixtures/zss/deep-index-3level.zss"));
        long made = fx(() -> lookup(".structure-tree .tree-cell").queryAll().stream()
                .filter(c -> ((TreeCell<?>) c).getTooltip() != null)
                .count());
        assertEquals(0, made, "no cell has made a tooltip before the pointer comes");

        Label header = lookup(".structure-tree .label")
                .match((Label l) -> "header".equals(l.getText()))
                .query();
        moveTo(header);
        TreeCell<?> cell = fx(() -> {
            javafx.scene.Node n = header;
            while (!(n instanceof TreeCell<?>)) n = n.getParent();
            return (TreeCell<?>) n;
        });
        waitUntil("a tooltip on the hovered row", () -> cell.getTooltip() != null);
        // The whole label (cut at the pane's edge when long), then what the node is and its health.
        assertEquals(
                "header  @0 · 243 B\nheader · not checked yet",
                fx(() -> cell.getTooltip().getText()));
    }

    @Test
    void aFileRowNamesItsFileOnHover() throws Exception {
        open(fixture("fixtures/caf/sample-ts-reference.caf"));
        TableCell<?, ?> name = lookup(".files-view .table-cell")
                .match((TableCell<?, ?> c) -> c.getText() != null && c.getText().endsWith(".txt"))
                .query();
        assertNull(fx(name::getTooltip), "no tooltip before hovering");
        moveTo(name);
        waitUntil("a tooltip on the hovered name", () -> name.getTooltip() != null);
        String text = fx(() -> name.getTooltip().getText());
        assertTrue(text.startsWith(fx(name::getText)), text);
    }
}
