package dev.vitrine.app.ui.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which rows of a very long table are selected, as disjoint ranges of long indices (a
 * shift-click over ten million rows is one range, not ten million entries), with the anchor
 * and lead of the usual click, shift-click and ctrl-click behaviour. No toolkit.
 */
public final class RowSelection {
    /** start → end (exclusive), disjoint and not touching. */
    private final TreeMap<Long, Long> ranges = new TreeMap<>();

    private long anchor = -1;
    private long lead = -1;

    public void clear() {
        ranges.clear();
        anchor = lead = -1;
    }

    /** Every row of a table of {@code total}. */
    public void selectAll(long total) {
        ranges.clear();
        if (total > 0) ranges.put(0L, total);
        anchor = 0;
        lead = Math.max(-1, total - 1);
    }

    /** Only {@code i}. */
    public void select(long i) {
        ranges.clear();
        add(i, i + 1);
        anchor = lead = i;
    }

    /** Adds or removes {@code i}, keeping the rest (ctrl-click). */
    public void toggle(long i) {
        if (contains(i)) remove(i);
        else add(i, i + 1);
        anchor = lead = i;
    }

    /** From the anchor to {@code i} (shift-click, shift-arrow). */
    public void extendTo(long i) {
        long a = anchor < 0 ? i : anchor;
        ranges.clear();
        add(Math.min(a, i), Math.max(a, i) + 1);
        anchor = a;
        lead = i;
    }

    public boolean contains(long i) {
        Map.Entry<Long, Long> e = ranges.floorEntry(i);
        return e != null && i < e.getValue();
    }

    public long count() {
        long n = 0;
        for (Map.Entry<Long, Long> e : ranges.entrySet()) n += e.getValue() - e.getKey();
        return n;
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** The selected ranges, ascending: {start, end} with end exclusive. */
    public List<long[]> ranges() {
        List<long[]> out = new ArrayList<>(ranges.size());
        for (Map.Entry<Long, Long> e : ranges.entrySet()) out.add(new long[] {e.getKey(), e.getValue()});
        return out;
    }

    public long lead() {
        return lead;
    }

    public long anchor() {
        return anchor;
    }

    /** Drops everything at or past {@code total} (the table got shorter). */
    public void clip(long total) {
        while (!ranges.isEmpty() && ranges.lastKey() >= total) ranges.pollLastEntry();
        if (!ranges.isEmpty() && ranges.lastEntry().getValue() > total) ranges.put(ranges.lastKey(), total);
        if (lead >= total) lead = -1;
        if (anchor >= total) anchor = -1;
    }

    private void add(long start, long end) {
        long s = start, e = end;
        Map.Entry<Long, Long> before = ranges.floorEntry(s);
        if (before != null && before.getValue() >= s) {
            s = before.getKey();
            e = Math.max(e, before.getValue());
            ranges.remove(before.getKey());
        }
        Map.Entry<Long, Long> next;
        while ((next = ranges.ceilingEntry(s)) != null && next.getKey() <= e) {
            e = Math.max(e, next.getValue());
            ranges.remove(next.getKey());
        }
        ranges.put(s, e);
    }

    private void remove(long i) {
        Map.Entry<Long, Long> r = ranges.floorEntry(i);
        if (r == null || i >= r.getValue()) return;
        ranges.remove(r.getKey());
        if (r.getKey() < i) ranges.put(r.getKey(), i);
        if (i + 1 < r.getValue()) ranges.put(i + 1, r.getValue());
    }
}
