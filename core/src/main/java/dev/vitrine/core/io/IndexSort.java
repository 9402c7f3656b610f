package dev.vitrine.core.io;

/**
 * Sorts an array of indices by a comparison of what they index, without boxing: for orders
 * over millions of entries held in primitive arrays (a 2,000,000-entry index sorted by
 * Integer objects would cost more than the entries themselves). Stable merge sort.
 */
public final class IndexSort {
    private IndexSort() {}

    /** Compares what indices {@code a} and {@code b} stand for. */
    @FunctionalInterface
    public interface IndexComparator {
        int compare(int a, int b);
    }

    /** {@code 0, 1, ..., n-1} in the order {@code cmp} gives, equal elements in index order. */
    public static int[] sorted(int n, IndexComparator cmp) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        sort(idx, cmp);
        return idx;
    }

    public static void sort(int[] idx, IndexComparator cmp) {
        int n = idx.length;
        if (n < 2) return;
        // Already in order (data written in order, the usual case): one pass and done.
        boolean ordered = true;
        for (int i = 1; i < n && ordered; i++) ordered = cmp.compare(idx[i - 1], idx[i]) <= 0;
        if (ordered) return;
        int[] tmp = new int[n];
        int[] src = idx;
        int[] dst = tmp;
        for (int width = 1; width < n; width <<= 1) {
            for (int lo = 0; lo < n; lo += width << 1) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + (width << 1), n);
                int i = lo, j = mid, k = lo;
                while (i < mid && j < hi) dst[k++] = cmp.compare(src[j], src[i]) < 0 ? src[j++] : src[i++];
                while (i < mid) dst[k++] = src[i++];
                while (j < hi) dst[k++] = src[j++];
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        if (src != idx) System.arraycopy(src, 0, idx, 0, n);
    }
}
