package dev.vitrine.app.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RowViewportTest {

    @Test
    void aBillionRowsScrollAsLongs() {
        RowViewport v = new RowViewport(3_000_000_000L);
        v.setVisible(30);
        v.move(RowViewport.Move.END, false);
        assertEquals(2_999_999_999L, v.selection().lead());
        assertEquals(2_999_999_970L, v.top(), "the last row is the bottom row");
        assertEquals(30, v.shown());
        v.move(RowViewport.Move.PAGE_UP, false);
        assertEquals(2_999_999_970L, v.selection().lead());
        v.move(RowViewport.Move.UP, false);
        assertEquals(2_999_999_969L, v.top(), "moving above the top scrolls by one");
        v.scrollTo(-5);
        assertEquals(0, v.top());
    }

    @Test
    void clicksShiftClicksAndCtrlClicksMakeRanges() {
        RowViewport v = new RowViewport(1_000_000);
        v.setVisible(20);
        v.click(10, false, false);
        v.click(500_000, true, false);
        assertEquals(499_991, v.selection().count(), "one range, however long");
        assertEquals(1, v.selection().ranges().size());
        v.click(600_000, false, true);
        v.click(250_000, false, true);
        assertEquals(3, v.selection().ranges().size(), "toggling a row out of the middle splits the range");
        assertFalse(v.selection().contains(250_000));
        assertTrue(v.selection().contains(250_001));
        assertTrue(v.selection().contains(600_000));
        v.move(RowViewport.Move.DOWN, true);
        assertEquals(2, v.selection().count(), "shift-arrow extends from the anchor");
        v.selection().selectAll(v.total());
        assertEquals(1_000_000, v.selection().count());
    }

    @Test
    void aShortTableShowsWhatItHasAndJumpsKeepContext() {
        RowViewport v = new RowViewport(5);
        v.setVisible(30);
        assertEquals(5, v.shown());
        assertEquals(0, v.maxTop());
        RowViewport big = new RowViewport(10_000);
        big.setVisible(40);
        big.jumpTo(5000);
        assertEquals(4998, big.top());
        assertEquals(5000, big.selection().lead());
        big.setTotal(100);
        assertEquals(60, big.top(), "a shorter table pulls the view back");
        assertEquals(-1, big.selection().lead());
    }
}
