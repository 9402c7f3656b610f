package dev.vitrine.app.ui.timeline;

import dev.vitrine.core.model.TimedMessages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * The selected rows' messages as a list that reads them when used, a page at a time. Made on the
 * FX thread without reading anything (a shift-click can select a million rows), it is iterated
 * by the export job in the background. Reading a page that fails throws {@link UncheckedIOException},
 * which fails that job with the reason.
 */
final class SelectedMessages extends AbstractList<TimedMessages.Message> {
    private final WindowMessages source;
    private final long rowCount;
    private final long[] starts;
    /** Selected rows in the ranges before range k. */
    private final long[] before;

    private final int size;
    private int cachedPage = -1;
    private List<TimedMessages.Message> cached = List.of();

    /** {@code ranges}: selected rows as [start, end) pairs in ascending order; rows past {@code rowCount} are left out. */
    SelectedMessages(WindowMessages source, List<long[]> ranges, long rowCount) {
        this.source = source;
        this.rowCount = rowCount;
        long[] s = new long[ranges.size()];
        long[] b = new long[ranges.size()];
        long n = 0;
        int k = 0;
        for (long[] r : ranges) {
            long end = Math.min(r[1], rowCount);
            if (end <= r[0]) continue;
            s[k] = r[0];
            b[k] = n;
            n += end - r[0];
            k++;
        }
        this.starts = Arrays.copyOf(s, k);
        this.before = Arrays.copyOf(b, k);
        this.size = (int) Math.min(n, Integer.MAX_VALUE);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public synchronized TimedMessages.Message get(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
        long row = row(i);
        int page = (int) (row / WindowMessages.PAGE);
        if (page != cachedPage) {
            try {
                cached = source.read(
                        page, (int) Math.min(WindowMessages.PAGE, rowCount - (long) page * WindowMessages.PAGE));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            cachedPage = page;
        }
        return cached.get((int) (row % WindowMessages.PAGE));
    }

    /** The table row of the i-th selected message: the range holding it, by binary search. */
    private long row(long i) {
        int lo = 0;
        int hi = starts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (before[mid] <= i) lo = mid;
            else hi = mid - 1;
        }
        return starts[lo] + (i - before[lo]);
    }
}
