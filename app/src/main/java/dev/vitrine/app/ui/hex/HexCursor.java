package dev.vitrine.app.ui.hex;

import javafx.scene.input.KeyCode;

/**
 * The hex view's cursor and selection, as an editor keeps them: the cursor is one byte, the
 * selection runs from an anchor to the cursor (both included). Moving without Shift drops the
 * anchor on the new byte; with Shift the anchor stays. No drawing: tests drive it directly.
 */
public final class HexCursor {
    /** What the status bar shows: the cursor, and the selection's first byte and length (1 when nothing is selected beyond the cursor). */
    public record Selection(long cursor, long start, long length) {
        public static final Selection NONE = new Selection(-1, -1, 0);

        public long end() {
            return start + length;
        }
    }

    private long cursor = -1;
    private long anchor = -1;

    public Selection selection() {
        if (cursor < 0) return Selection.NONE;
        long a = Math.min(anchor, cursor), b = Math.max(anchor, cursor);
        return new Selection(cursor, a, b - a + 1);
    }

    public long cursor() {
        return cursor;
    }

    /** Puts the cursor on {@code offset} (-1: none); {@code extend} keeps the anchor. */
    public void moveTo(long offset, boolean extend) {
        cursor = offset;
        if (!extend || anchor < 0 || offset < 0) anchor = offset;
    }

    /** Selects [start, end) with the cursor on its first byte (a node's range). */
    public void select(long start, long end) {
        if (end <= start) return;
        anchor = end - 1;
        cursor = start;
    }

    /**
     * Where {@code key} moves the cursor in a file of {@code size} bytes with {@code rows} rows
     * on screen: arrows by a byte or a row, pages by a screen, Home/End to the row's ends (with
     * {@code toEnds}, to the file's). Long.MIN_VALUE when the key does not move it.
     */
    public long target(KeyCode key, boolean toEnds, long size, int rows) {
        if (size <= 0) return Long.MIN_VALUE;
        long c = Math.max(0, cursor);
        int row = HexLayout.BYTES_PER_ROW;
        long page = (long) Math.max(1, rows - 1) * row;
        long to = switch (key) {
            case LEFT, KP_LEFT -> c - 1;
            case RIGHT, KP_RIGHT -> c + 1;
            case UP, KP_UP -> c - row;
            case DOWN, KP_DOWN -> c + row;
            case PAGE_UP -> c - page;
            case PAGE_DOWN -> c + page;
            case HOME -> toEnds ? 0 : c - c % row;
            case END -> toEnds ? size - 1 : c - c % row + row - 1;
            default -> Long.MIN_VALUE;
        };
        if (to == Long.MIN_VALUE) return to;
        if (cursor < 0) to = 0; // the first key puts the cursor on the first byte
        if ((key == KeyCode.UP || key == KeyCode.DOWN) && (to < 0 || to >= size)) return c; // stays in its column
        return Math.max(0, Math.min(size - 1, to));
    }
}
