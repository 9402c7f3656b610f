package dev.vitrine.app.ui.hex;

/**
 * Row and column arithmetic of the hex view, in character cells, with long offsets so a
 * multi-gigabyte file is just a larger row count. No toolkit: tests drive it directly.
 *
 * <pre>
 * 00000000  5a 53 53 1c 8e 6c 00 01  52 00 00 00 00 00 00 00  ZSS..l..R.......
 * ^offset   ^hex (a gap after 8 bytes)                         ^ASCII
 * </pre>
 */
public final class HexLayout {
    public static final int BYTES_PER_ROW = 16;
    private static final int GAP = 2;

    private final long size;
    private final int offsetDigits;

    public HexLayout(long size) {
        if (size < 0) throw new IllegalArgumentException("negative size " + size);
        this.size = size;
        int digits = 8;
        long last = Math.max(0, size - 1);
        while (digits < 16 && (last >>> (4 * digits)) != 0) digits++;
        this.offsetDigits = digits;
    }

    public long size() {
        return size;
    }

    /** Rows needed to show every byte (0 for an empty file). */
    public long rowCount() {
        return (size + BYTES_PER_ROW - 1) / BYTES_PER_ROW;
    }

    public long rowOf(long offset) {
        return Math.floorDiv(offset, BYTES_PER_ROW);
    }

    public long rowStart(long row) {
        return row * BYTES_PER_ROW;
    }

    /** Bytes in {@code row} (the last row may be short; rows past the end have none). */
    public int bytesInRow(long row) {
        long start = rowStart(row);
        if (row < 0 || start >= size) return 0;
        return (int) Math.min(BYTES_PER_ROW, size - start);
    }

    public int offsetDigits() {
        return offsetDigits;
    }

    public String offsetText(long row) {
        String hex = Long.toHexString(rowStart(row));
        return "0".repeat(Math.max(0, offsetDigits - hex.length())) + hex;
    }

    /** Character column where byte {@code i} of a row starts in the hex part. */
    public int hexColumn(int i) {
        return offsetDigits + GAP + i * 3 + (i >= BYTES_PER_ROW / 2 ? 1 : 0);
    }

    /** Character column of byte {@code i} in the ASCII part. */
    public int asciiColumn(int i) {
        return hexColumn(BYTES_PER_ROW - 1) + 2 + GAP + i;
    }

    /** Width of a whole row in characters. */
    public int totalColumns() {
        return asciiColumn(BYTES_PER_ROW - 1) + 1;
    }

    /**
     * The byte index within a row under character column {@code column} (fractional columns
     * allowed), in either the hex or the ASCII part; -1 between them or outside.
     */
    public int byteAtColumn(double column) {
        for (int i = 0; i < BYTES_PER_ROW; i++) {
            int c = hexColumn(i);
            if (column >= c - 0.5 && column < c + 2.5) return i;
        }
        int a0 = asciiColumn(0);
        if (column >= a0 && column < a0 + BYTES_PER_ROW) return (int) (column - a0);
        return -1;
    }

    /** The offset under a point given as (row, character column); -1 when there is no byte. */
    public long offsetAt(long row, double column) {
        int i = byteAtColumn(column);
        if (i < 0 || row < 0) return -1;
        long off = rowStart(row) + i;
        return off < size ? off : -1;
    }

    /** Largest allowed top row when {@code visibleRows} rows fit in the view. */
    public long maxTopRow(int visibleRows) {
        return Math.max(0, rowCount() - Math.max(1, visibleRows));
    }

    public long clampTopRow(long top, int visibleRows) {
        return Math.max(0, Math.min(top, maxTopRow(visibleRows)));
    }

    /**
     * The top row that frames {@code [start, end)}: unchanged when part of it is already visible,
     * otherwise its first row a little below the top edge.
     */
    public long frame(long start, long end, long currentTop, int visibleRows) {
        if (start < 0) return currentTop;
        long first = rowOf(start);
        long last = rowOf(Math.max(start, end - 1));
        long bottom = currentTop + visibleRows;
        if (last >= currentTop && first < bottom) return currentTop;
        return clampTopRow(first - Math.min(2, visibleRows / 4), visibleRows);
    }

    /** Like {@link #frame} but always reveals {@code offset} itself. */
    public long reveal(long offset, long currentTop, int visibleRows) {
        return frame(offset, offset + 1, currentTop, visibleRows);
    }

    public static char printable(int b) {
        return b >= 0x20 && b < 0x7f ? (char) b : '.';
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    public static String hexByte(int b) {
        return new String(new char[] {HEX[(b >> 4) & 15], HEX[b & 15]});
    }
}
