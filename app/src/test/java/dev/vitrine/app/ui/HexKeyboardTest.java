package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.hex.HexCursor;
import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.locate.NodeLocator;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.model.Node;
import javafx.geometry.Point2D;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * The hex view as a keyboard user drives it (#23 item 1): once a byte is clicked it keeps the
 * focus, arrows move its cursor and select the deepest node under it, Shift extends a
 * selection, pages and Home/End move too; only Ctrl+Tab and Ctrl+Page Up/Down change tabs.
 */
class HexKeyboardTest extends WindowTest {

    private void key(KeyCode... keys) throws Exception {
        push(keys);
        settle();
    }

    private HexCursor.Selection selection(HexView hex) throws Exception {
        return fx(() -> hex.selectionProperty().get());
    }

    /** The deepest node covering {@code offset}, found as the window finds it. */
    private Node deepest(ArchiveView v, long offset) throws Exception {
        Node root = fx(() -> v.session().root().node());
        return background
                .run(() -> NodeLocator.pathTo(root, offset).getLast(), null, null)
                .get();
    }

    @Test
    void arrowsMoveTheCursorByteByByteAndNeverSwitchArchives() throws Exception {
        ArchiveView other = open(fixture("fixtures/zss/deep-index-3level.zss"));
        ArchiveView v = open(fixture("fixtures/zss/letters-none.zss"));
        assertSame(v, fx(window::current));
        HexView hex = v.hex().hex();
        long target = 300;
        fx(() -> {
            hex.goTo(target);
            return null;
        });
        Point2D p = fx(() -> hex.localToScreen(hex.pointOf(target)));
        assertNotNull(p);
        clickOn(p);
        settle();
        assertTrue(fx(hex::isFocused), "a click gives the hex view the keyboard");

        key(KeyCode.RIGHT);
        assertSame(v, fx(window::current), "→ moves in the bytes, not to the next archive");
        assertEquals(target + 1, fx(hex::caret));
        Node under = deepest(v, target + 1);
        assertEquals(under.name(), fx(() -> v.selection().selected().name()), "the node under the cursor is chosen");

        key(KeyCode.LEFT);
        key(KeyCode.LEFT);
        assertEquals(target - 1, fx(hex::caret));
        assertSame(v, fx(window::current), "← does not switch archives either");

        key(KeyCode.DOWN);
        assertEquals(target - 1 + 16, fx(hex::caret), "↓ moves a row");
        key(KeyCode.UP);
        assertEquals(target - 1, fx(hex::caret), "↑ moves back a row");

        press(KeyCode.SHIFT);
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        key(KeyCode.RIGHT);
        release(KeyCode.SHIFT);
        HexCursor.Selection sel = selection(hex);
        assertEquals(target - 1, sel.start(), "Shift+→ extends from where the cursor was");
        assertEquals(4, sel.length());
        assertEquals(target + 2, sel.cursor());

        key(KeyCode.HOME);
        assertEquals(target + 2 - (target + 2) % 16, fx(hex::caret), "Home goes to the row's first byte");
        assertEquals(1, selection(hex).length(), "moving without Shift drops the selection");
        key(KeyCode.END);
        assertEquals(target + 2 - (target + 2) % 16 + 15, fx(hex::caret), "End goes to the row's last byte");
        long before = fx(hex::caret);
        int rows = fx(hex::visibleRows);
        key(KeyCode.PAGE_DOWN);
        assertEquals(before + (long) (rows - 1) * 16, fx(hex::caret), "Page Down moves a screen");
        key(KeyCode.PAGE_UP);
        assertEquals(before, fx(hex::caret), "Page Up moves back");
        assertTrue(fx(hex::isFocused), "the hex view keeps the keyboard");
        assertSame(v, fx(window::current));
        Node last = deepest(v, before);
        assertEquals(last.name(), fx(() -> v.selection().selected().name()));

        key(KeyCode.CONTROL, KeyCode.PAGE_UP);
        assertSame(other, fx(window::current), "Ctrl+Page Up goes to the archive before");
        key(KeyCode.CONTROL, KeyCode.PAGE_DOWN);
        assertSame(v, fx(window::current), "Ctrl+Page Down to the one after");
        key(KeyCode.CONTROL, KeyCode.TAB);
        assertSame(other, fx(window::current), "Ctrl+Tab cycles through the archives");
    }

    @Test
    void aHeldArrowEndsOnTheNodeUnderTheLastByte() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/deep-index-3level.zss"));
        HexView hex = v.hex().hex();
        long start = 200;
        fx(() -> {
            hex.goTo(start);
            return null;
        });
        clickOn(fx(() -> hex.localToScreen(hex.pointOf(start))));
        settle();
        for (int i = 0; i < 48; i++) push(KeyCode.RIGHT); // no waiting between: lookups overlap
        settle();
        assertEquals(start + 48, fx(hex::caret));
        Node under = deepest(v, start + 48);
        assertEquals(
                under.name(),
                fx(() -> v.selection().selected().name()),
                "the tree shows the node under where the cursor stopped, not one it passed");
    }

    @Test
    void theCursorStaysInsideTheFile() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-none.zss"));
        HexView hex = v.hex().hex();
        long size = fx(() -> hex.layoutModel().size());
        fx(() -> {
            hex.goTo(0);
            return null;
        });
        clickOn(fx(() -> hex.localToScreen(hex.pointOf(0))));
        settle();
        key(KeyCode.LEFT);
        assertEquals(0, fx(hex::caret), "← on the first byte stays there");
        key(KeyCode.CONTROL, KeyCode.END);
        assertEquals(size - 1, fx(hex::caret), "Ctrl+End goes to the last byte");
        key(KeyCode.RIGHT);
        assertEquals(size - 1, fx(hex::caret), "→ on the last byte stays there");
    }
}
