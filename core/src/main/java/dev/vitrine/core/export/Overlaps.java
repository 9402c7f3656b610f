package dev.vitrine.core.export;

import dev.vitrine.core.io.IndexSort;
import dev.vitrine.core.model.ByteRange;
import java.util.Arrays;
import java.util.List;

/**
 * Which stored ranges overlap bytes an earlier one already covers: the sweep CAF verify uses
 * for its overlap errors, made generic. Ranges are taken by file, then start, then end, then
 * list position; a range that starts before the furthest end seen so far (in its file)
 * overlaps the range that reaches furthest. The first claimant keeps its bytes: only the
 * later ones are flagged, as verify flags them. Empty and unknown ranges never overlap.
 */
public final class Overlaps {
    private Overlaps() {}

    /**
     * For each range, the position of the earlier range it overlaps, or -1. Memory: two int
     * arrays of the list's size.
     */
    public static int[] find(List<ByteRange> ranges) {
        int n = ranges.size();
        int[] covering = new int[n];
        Arrays.fill(covering, -1);
        int[] order = IndexSort.sorted(n, (a, b) -> {
            ByteRange x = ranges.get(a), y = ranges.get(b);
            boolean ux = unknown(x), uy = unknown(y);
            if (ux || uy) return Boolean.compare(ux, uy);
            int c = x.file().compareTo(y.file());
            if (c != 0) return c;
            c = Long.compare(x.offset(), y.offset());
            return c != 0 ? c : Long.compare(x.end(), y.end());
        });
        int reach = -1;
        for (int i : order) {
            ByteRange r = ranges.get(i);
            if (unknown(r)) break; // sorted last
            if (reach >= 0 && !ranges.get(reach).file().equals(r.file())) reach = -1;
            if (reach >= 0 && r.offset() < ranges.get(reach).end()) covering[i] = reach;
            if (reach < 0 || r.end() > ranges.get(reach).end()) reach = i;
        }
        return covering;
    }

    private static boolean unknown(ByteRange r) {
        return r == null || r.isNone() || r.length() == 0;
    }
}
