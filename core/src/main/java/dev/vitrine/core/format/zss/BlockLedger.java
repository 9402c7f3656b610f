package dev.vitrine.core.format.zss;

import java.util.Arrays;

/**
 * Blocks seen by verify and not yet referenced by an index block: offset → level, length,
 * first and last record (key handles). Open addressing over primitive arrays, so a file with
 * millions of blocks costs tens of bytes per outstanding block and no boxing. In a file
 * written bottom-up, entries leave as soon as their index block arrives.
 */
final class BlockLedger {
    private long[] offsets; // stored as offset + 1; 0 marks an empty slot
    private int[] levels;
    private long[] lengths;
    private long[] firsts;
    private long[] lasts;
    private int size;

    /** Values of the entry removed by the last successful {@link #remove}. */
    int removedLevel;

    long removedLength;
    long removedFirst;
    long removedLast;

    BlockLedger() {
        allocate(64);
    }

    private void allocate(int capacity) {
        offsets = new long[capacity];
        levels = new int[capacity];
        lengths = new long[capacity];
        firsts = new long[capacity];
        lasts = new long[capacity];
    }

    private static int hash(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    int size() {
        return size;
    }

    /** Adds a block; an offset already present is replaced (cannot happen in one file pass). */
    void put(long offset, int level, long length, long first, long last) {
        if ((size + 1) * 2 > offsets.length) grow();
        long key = offset + 1;
        int mask = offsets.length - 1;
        int i = hash(key, mask);
        while (offsets[i] != 0 && offsets[i] != key) i = (i + 1) & mask;
        if (offsets[i] == 0) size++;
        offsets[i] = key;
        levels[i] = level;
        lengths[i] = length;
        firsts[i] = first;
        lasts[i] = last;
    }

    /** Removes the block at {@code offset}; false if absent. Values go to the removed* fields. */
    boolean remove(long offset) {
        long key = offset + 1;
        int mask = offsets.length - 1;
        int i = hash(key, mask);
        while (true) {
            if (offsets[i] == 0) return false;
            if (offsets[i] == key) break;
            i = (i + 1) & mask;
        }
        removedLevel = levels[i];
        removedLength = lengths[i];
        removedFirst = firsts[i];
        removedLast = lasts[i];
        // Backward-shift deletion keeps probe chains intact without tombstones.
        int hole = i;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (offsets[j] == 0) break;
            int home = hash(offsets[j], mask);
            boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
            if (movable) {
                offsets[hole] = offsets[j];
                levels[hole] = levels[j];
                lengths[hole] = lengths[j];
                firsts[hole] = firsts[j];
                lasts[hole] = lasts[j];
                hole = j;
            }
        }
        offsets[hole] = 0;
        size--;
        return true;
    }

    /** Offsets still unreferenced, ascending (= file order). */
    long[] remainingOffsets() {
        long[] out = new long[size];
        int n = 0;
        for (long k : offsets) if (k != 0) out[n++] = k - 1;
        Arrays.sort(out);
        return out;
    }

    private void grow() {
        long[] o = offsets;
        int[] lv = levels;
        long[] ln = lengths, f = firsts, l = lasts;
        allocate(o.length * 2);
        size = 0;
        for (int i = 0; i < o.length; i++) if (o[i] != 0) put(o[i] - 1, lv[i], ln[i], f[i], l[i]);
    }
}
