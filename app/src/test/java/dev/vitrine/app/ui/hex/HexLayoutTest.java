package dev.vitrine.app.ui.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HexLayoutTest {

    @Test
    void rowsOfA10GbFileAreLongs() {
        HexLayout l = new HexLayout(10L << 30);
        assertEquals((10L << 30) / 16, l.rowCount());
        assertEquals(671_088_639L, l.rowOf((10L << 30) - 1));
        assertEquals(9, l.offsetDigits(), "offsets past 4 GiB need a ninth hex digit");
        assertEquals("27ffffff0", l.offsetText(l.rowCount() - 1));
    }

    @Test
    void shortLastRowAndEmptyFile() {
        HexLayout l = new HexLayout(35);
        assertEquals(3, l.rowCount());
        assertEquals(16, l.bytesInRow(1));
        assertEquals(3, l.bytesInRow(2));
        assertEquals(0, l.bytesInRow(3));
        assertEquals(0, new HexLayout(0).rowCount());
        assertEquals("00000010", l.offsetText(1));
    }

    @Test
    void columnsHaveAGapAfterEightBytesAndHitTestingFindsTheByte() {
        HexLayout l = new HexLayout(1000);
        assertEquals(10, l.hexColumn(0));
        assertEquals(10 + 7 * 3, l.hexColumn(7));
        assertEquals(10 + 8 * 3 + 1, l.hexColumn(8));
        for (int i = 0; i < 16; i++) {
            assertEquals(i, l.byteAtColumn(l.hexColumn(i)), "hex digit 1 of byte " + i);
            assertEquals(i, l.byteAtColumn(l.hexColumn(i) + 1.5), "hex digit 2 of byte " + i);
            assertEquals(i, l.byteAtColumn(l.asciiColumn(i) + 0.5), "ascii of byte " + i);
        }
        assertEquals(-1, l.byteAtColumn(2), "the offset column has no byte");
        assertEquals(16 * 3 + 5, l.offsetAt(3, l.hexColumn(5)));
        assertEquals(-1, new HexLayout(20).offsetAt(1, l.hexColumn(5)), "past the end of the file");
    }

    @Test
    void framingKeepsAVisibleRangeAndScrollsToAHiddenOne() {
        HexLayout l = new HexLayout(1 << 20);
        assertEquals(100, l.frame(1600, 1700, 100, 30), "range starts in view: stay");
        assertEquals(100, l.frame(0, 1700, 100, 30), "range ends in view: stay");
        assertEquals(498, l.frame(8000, 8100, 100, 30), "hidden: its first row two below the top");
        assertEquals(l.maxTopRow(30), l.frame((1 << 20) - 5, 1 << 20, 0, 30), "clamped at the end");
        assertEquals(0, l.reveal(3, 10, 30));
    }

    @Test
    void printableAndHex() {
        assertEquals('A', HexLayout.printable(0x41));
        assertEquals('.', HexLayout.printable(0));
        assertEquals('.', HexLayout.printable(0xff));
        assertEquals("0f", HexLayout.hexByte(15));
        assertEquals("ff", HexLayout.hexByte(255));
    }
}
