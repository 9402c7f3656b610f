package dev.vitrine.app.ui.hex;

/**
 * One coloured span drawn in the hex view: the selected node's bytes, one of its fields, a
 * search match or the caret. {@code tint} picks a field colour (0..{@link #FIELD_TINTS}-1).
 */
public record HexMark(long start, long end, Kind kind, int tint, String label) {
    public static final int FIELD_TINTS = 6;

    public enum Kind {
        NODE,
        FIELD,
        RECORD,
        MATCH,
        PROBLEM
    }

    public HexMark {
        if (end < start) throw new IllegalArgumentException("end " + end + " < start " + start);
    }

    public static HexMark node(long start, long length, String label) {
        return new HexMark(start, start + length, Kind.NODE, 0, label);
    }

    public static HexMark field(long start, long length, int index, String label) {
        return new HexMark(start, start + length, Kind.FIELD, Math.floorMod(index, FIELD_TINTS), label);
    }

    public boolean contains(long offset) {
        return offset >= start && offset < end;
    }

    public boolean intersects(long from, long to) {
        return start < to && end > from;
    }
}
