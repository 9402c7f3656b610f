package dev.vitrine.core.format.zss;

import java.lang.foreign.MemorySegment;
import java.util.List;

/** A decoded index block: where it is, and its entries (keys are views into {@code payload}). */
record IndexBlock(BlockFrame frame, MemorySegment payload, List<IndexEntry> entries) {

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
