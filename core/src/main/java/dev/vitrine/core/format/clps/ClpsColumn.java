package dev.vitrine.core.format.clps;

/**
 * One column of a decoded table, read in place from the decoded stream: {@code base} is where
 * its n values start, {@code second} where its second array starts (format words, pattern ids,
 * encoded variables), {@code values} holds running sums for delta-encoded columns.
 */
final class ClpsColumn {
    final int node;
    final int type;
    final int base;
    int second;
    int varCount;
    long[] values;

    ClpsColumn(int node, int type, int base) {
        this.node = node;
        this.type = type;
        this.base = base;
    }

    /** Bytes a column of this type takes for n values, before any variable-length tail. */
    static long fixedBytes(int type, long n) {
        return switch (type) {
            case ClpsNodeType.BOOLEAN -> n;
            case ClpsNodeType.FORMATTED_FLOAT -> 10 * n;
            case ClpsNodeType.DATE_STRING, ClpsNodeType.TIMESTAMP -> 16 * n;
            default -> 8 * n;
        };
    }
}
