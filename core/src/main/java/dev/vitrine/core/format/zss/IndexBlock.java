package dev.vitrine.core.format.zss;

import java.lang.foreign.MemorySegment;
import java.util.List;

/** A decoded index block: where it is, and its entries (keys are views into {@code payload}). */
record IndexBlock(BlockFrame frame, MemorySegment payload, List<IndexEntry> entries) {
    /** A parsed block's own objects (block, frame, list or array headers, cache node), roughly. */
    static final long OBJECT_BYTES = 128;
    /**
     * One entry's objects: the IndexEntry (header, four longs, a reference: 48 bytes), its key's
     * MemorySegment view (about 40) and its slot in the list. An entry's bytes in the payload may
     * be as few as 3, so with tiny keys these outweigh the payload thirty times over.
     */
    static final long ENTRY_BYTES = 96;

    /** The bytes this block keeps alive: its entries, and its payload when {@code payloadOwned} (not a view of a mapped file). */
    long retainedBytes(boolean payloadOwned) {
        return OBJECT_BYTES + ENTRY_BYTES * entries.size() + (payloadOwned ? payload.byteSize() : 0);
    }

    int level() {
        return frame.level();
    }

    /**
     * The entry whose subtree may hold the first record >= {@code needle}: the last entry
     * whose key is < needle, or the first entry (the reference's bisect_left, rounded down).
     */
    int entryFor(MemorySegment needle) {
        int lo = 0, hi = entries.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Keys.compare(entries.get(mid).key(), needle) < 0) lo = mid + 1;
            else hi = mid;
        }
        return lo == 0 ? 0 : lo - 1;
    }
}
