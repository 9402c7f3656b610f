package dev.vitrine.app.ui.jsonrecords;

import java.util.Arrays;

/** Indices of matching records, appended by the scan thread, read by the FX thread. */
final class Matches {
    private long[] a = new long[1024];
    private int n;

    synchronized void add(long i) {
        if (n == a.length) a = Arrays.copyOf(a, Math.min(Integer.MAX_VALUE - 16, a.length * 2));
        a[n++] = i;
    }

    synchronized long size() {
        return n;
    }

    synchronized long get(long pos) {
        return a[(int) pos];
    }

    synchronized long[] slice(long from, int count) {
        int f = (int) Math.min(from, n);
        return Arrays.copyOfRange(a, f, (int) Math.min(n, f + (long) count));
    }

    /** The position among the matches of the first record at or after {@code record}, or size() when none. */
    synchronized long firstAtOrAfter(long record) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < record) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
