package dev.vitrine.core.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Message counts per channel over time at several resolutions, computed once in the background
 * in one index-only pass (no payload is decompressed; {@link TimedMessages#overview()}), so a
 * timeline redraw reads counts and never walks messages. Level 0 has {@code bins} equal bins
 * over [min, max]; each next level halves the bin count by summing pairs.
 */
public final class TimelineDensity {
    private final long minNs;
    private final long maxNs;
    private final Map<String, List<int[]>> levels = new LinkedHashMap<>();

    private TimelineDensity(long minNs, long maxNs) {
        this.minNs = minNs;
        this.maxNs = maxNs;
    }

    /** Level-0 bins for {@code channels} channels: 2^14, fewer when many channels would hold more than 2^22 counts in all. */
    public static int defaultBins(int channels) {
        int per = (1 << 22) / Math.max(1, channels);
        return Math.max(64, Math.min(1 << 14, Integer.highestOneBit(Math.max(1, per))));
    }

    /** The level-0 bin of {@code t} among {@code n} bins over [min, max]; times outside go to the edge bins. */
    public static int bin(long t, long min, long max, int n) {
        double span = Math.max(1.0, (double) max - (double) min + 1);
        return (int) Math.min(n - 1, Math.max(0, ((double) t - (double) min) / span * n));
    }

    /** Bins are a power of two: {@code bins} rounded up (at most 2^20). */
    public static int roundBins(int bins) {
        return Integer.highestOneBit(Math.max(1, Math.min(bins, 1 << 20) - 1)) << 1;
    }

    /**
     * The pyramid over level-0 counts per channel (each array {@link #roundBins} long, counted
     * with {@link #bin}), for a format that counts them from its own indexes. Takes the arrays.
     */
    public static TimelineDensity of(long minNs, long maxNs, Map<String, int[]> finest) {
        TimelineDensity d = new TimelineDensity(minNs, maxNs);
        for (var e : finest.entrySet()) {
            List<int[]> ls = new ArrayList<>();
            int[] cur = e.getValue();
            ls.add(cur);
            while (cur.length > 1) {
                int[] next = new int[cur.length / 2];
                for (int i = 0; i < next.length; i++) next[i] = cur[2 * i] + cur[2 * i + 1];
                ls.add(next);
                cur = next;
            }
            d.levels.put(e.getKey(), ls);
        }
        return d;
    }

    /** Builds the pyramid by walking every message once; {@code bins} is rounded up to a power of two (at most 2^20). */
    public static TimelineDensity build(TimedMessages messages, int bins) throws IOException {
        List<TimedMessages.ChannelInfo> cs = messages.channels();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (TimedMessages.ChannelInfo c : cs) {
            min = Math.min(min, c.minTimeNs());
            max = Math.max(max, c.maxTimeNs());
        }
        if (cs.isEmpty()) {
            min = 0;
            max = 0;
        }
        int n = roundBins(bins);
        Map<String, int[]> finest = new LinkedHashMap<>();
        for (TimedMessages.ChannelInfo c : cs) finest.put(c.name(), new int[n]);
        try (TimedMessages.Cursor cur = messages.messages(null, Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (cur.hasNext()) {
                TimedMessages.Message m = cur.next();
                if (Thread.currentThread().isInterrupted()) throw new java.io.InterruptedIOException("interrupted");
                int[] a = finest.get(m.channel());
                if (a != null) a[bin(m.timeNs(), min, max, n)]++;
            }
        }
        return of(min, max, finest);
    }

    /** Start of the binned range (the counts' own range; a timeline may show a wider or narrower one). */
    public long minNs() {
        return minNs;
    }

    public long maxNs() {
        return maxNs;
    }

    /** Channels in the order of {@link TimedMessages#channels()}. */
    public List<String> channels() {
        return List.copyOf(levels.keySet());
    }

    /** Bins at level 0 (the finest). */
    public int bins() {
        return levels.isEmpty() ? 0 : levels.values().iterator().next().getFirst().length;
    }

    /** The counts of {@code channel} at {@code level} (0 = finest), or an empty array. Do not modify. */
    public int[] level(String channel, int level) {
        List<int[]> ls = levels.get(channel);
        if (ls == null || ls.isEmpty()) return new int[0];
        return ls.get(Math.max(0, Math.min(level, ls.size() - 1)));
    }

    /**
     * Counts of {@code channel} in {@code pixels} columns over [startNs, stopNs], read from the
     * coarsest level whose bins are still at most one column wide (a column sums the bins whose
     * start falls in it).
     */
    public long[] columns(String channel, long startNs, long stopNs, int pixels) {
        long[] out = new long[Math.max(0, pixels)];
        List<int[]> ls = levels.get(channel);
        if (ls == null || pixels <= 0 || stopNs < startNs) return out;
        double span = Math.max(1.0, (double) maxNs - (double) minNs + 1);
        double perColumn = ((double) stopNs - (double) startNs + 1) / pixels;
        int level = 0;
        while (level + 1 < ls.size() && span / ls.get(level + 1).length <= perColumn) level++;
        int[] a = ls.get(level);
        double binNs = span / a.length;
        int first = (int) Math.max(0, Math.floor(((double) startNs - minNs) / binNs));
        int last = (int) Math.min(a.length - 1, Math.floor(((double) stopNs - minNs) / binNs));
        for (int i = first; i <= last; i++) {
            double t = minNs + i * binNs;
            int col = (int) Math.floor((t - startNs) / perColumn);
            out[Math.max(0, Math.min(pixels - 1, col))] += a[i];
        }
        return out;
    }
}
