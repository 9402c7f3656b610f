package dev.vitrine.core.format.clps;

/**
 * One column of a decoded table, read in place from the decoded stream: {@code base} is where
 * its n values start, {@code second} where its second array starts (format words, pattern ids,
 * encoded variables). Delta-encoded columns (DeltaInteger, Timestamp) are turned into running
 * sums in place when the table is decoded, so they are read like plain integers.
 */
final class ClpsColumn {
    final int node;
    final int type;
    final long base;
    long second;
    int varCount;

    ClpsColumn(int node, int type, long base) {
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

    /** Whether the column's length depends on more than its record count (a tail of encoded variables). */
    static boolean variable(int type) {
        return type == ClpsNodeType.CLP_STRING || type == ClpsNodeType.UNSTRUCTURED_ARRAY;
    }
}
