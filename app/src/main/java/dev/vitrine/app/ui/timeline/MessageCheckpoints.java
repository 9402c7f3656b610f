package dev.vitrine.app.ui.timeline;

import java.util.Arrays;

/**
 * Where each page of a window's messages starts, so that any row can be read without keeping
 * the messages: the time of every {@link #EVERY}th message and how many earlier messages share
 * that time (a cursor opened at the time skips them). Written by the walk, read by page loads.
 */
final class MessageCheckpoints {
    /** Messages per checkpoint, and per page of the table. */
    static final int EVERY = 1024;

    private long[] times = new long[64];
    private int[] ties = new int[64];
    private int size;

    synchronized void add(long timeNs, int tie) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            ties = Arrays.copyOf(ties, size * 2);
        }
        times[size] = timeNs;
        ties[size++] = tie;
    }

    synchronized int size() {
        return size;
    }

    synchronized long time(int page) {
        return times[page];
    }

    synchronized int tie(int page) {
        return ties[page];
    }

    /** The last page that starts before {@code timeNs} (0 if none): a message at that time is on it or later. */
    synchronized int pageBefore(long timeNs) {
        int lo = 0;
        int hi = size - 1;
        int found = 0;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] < timeNs) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
