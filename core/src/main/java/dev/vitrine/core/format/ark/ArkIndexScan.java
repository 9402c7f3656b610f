package dev.vitrine.core.format.ark;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.model.TimedMessages.ChannelInfo;
import dev.vitrine.core.model.TimedMessages.Hidden;
import dev.vitrine.core.model.TimelineDensity;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pass over the index of every split of a log, read in place from the mapped files with no
 * object per entry: the channel table (D17, visible messages only), how many messages the
 * sections' filters hide (D18), and, when asked, message counts per channel in time bins and
 * each channel's time span per split file. What `info` and the timeline need; 10 M entries take
 * a few hundred milliseconds where a merge cursor takes seconds.
 */
final class ArkIndexScan {
    /** Entries viewed at once. */
    private static final int PIECE = 1 << 14;

    /** Everything gathered for one channel name (several objects of several columns may share it). */
    private static final class Acc {
        final String name;
        final String type;
        long count;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long bytes;
        boolean latched;
        int[] bins;
        final Map<FileRef, long[]> spans = new LinkedHashMap<>();

        Acc(String name, String type) {
            this.name = name;
            this.type = type;
        }
    }

    record Result(
            List<ChannelInfo> channels,
            List<Hidden> hidden,
            TimelineDensity density,
            Map<String, Map<FileRef, long[]>> spans) {}

    private ArkIndexScan() {}

    /** Scans {@code log}'s splits; with {@code density}, also bins and spans (else those are null). */
    static Result run(ArkLog log, boolean density) throws IOException {
        ArkArchive archive = log.archive;
        List<ArkLog.SplitDecl> decls = log.splits();
        // The binned range: first and last entries of each split (its index is sorted by time;
        // where damage unsorted it, outliers land in the edge bins).
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        if (density) {
            for (ArkLog.SplitDecl sd : decls) {
                ArkSplit sp = archive.split(sd.ref());
                if (sp == null || sp.entryCount() == 0) continue;
                lo = Math.min(lo, sp.entry(0).timeNs());
                hi = Math.max(hi, sp.entry(sp.entryCount() - 1).timeNs());
            }
            if (lo > hi) {
                lo = 0;
                hi = 0;
            }
        }
        int channelCount = 0;
        for (ArkLog.Column c : log.columns()) channelCount += c.objects.size();
        int bins = TimelineDensity.roundBins(TimelineDensity.defaultBins(channelCount));
        Map<String, Acc> accs = new LinkedHashMap<>();
        Map<ArkChannel, Long> hiddenCounts = new LinkedHashMap<>();
        Acc[] accOf = new Acc[256];
        long[] hiddenOf = new long[256];
        long[] spanMin = new long[256];
        long[] spanMax = new long[256];
        for (ArkLog.SplitDecl sd : decls) {
            ArkSplit sp = archive.split(sd.ref());
            if (sp == null) continue;
            ArkChannel[] map = log.shortIds(sd, sp, null, true);
            for (int k = 0; k < 256; k++) {
                accOf[k] = null;
                ArkChannel ch = map[k];
                if (ch != null) {
                    accOf[k] = accs.computeIfAbsent(ch.name, n -> new Acc(n, ch.type));
                    if (density && accOf[k].bins == null) accOf[k].bins = new int[bins];
                }
            }
            java.util.Arrays.fill(hiddenOf, 0);
            java.util.Arrays.fill(spanMin, Long.MAX_VALUE);
            java.util.Arrays.fill(spanMax, Long.MIN_VALUE);
            long n = sp.entryCount();
            for (long from = 0; from < n; from += PIECE) {
                archive.checkInterrupted();
                int count = (int) Math.min(PIECE, n - from);
                MemorySegment seg = sp.indexSegment(from, count);
                for (int i = 0; i < count; i++) {
                    long o = (long) i * ArkSchemas.INDEX_ENTRY_SIZE;
                    int object = seg.get(ValueLayout.JAVA_BYTE, o + 16) & 0xff;
                    ArkChannel ch = map[object];
                    if (ch == null) continue;
                    long t = seg.get(LittleEndian.U64, o);
                    if (!ch.visible(t)) {
                        hiddenOf[object]++;
                        continue;
                    }
                    Acc a = accOf[object];
                    a.count++;
                    if (t < a.min) a.min = t;
                    if (t > a.max) a.max = t;
                    a.bytes += seg.get(LittleEndian.U32, o + 12) & 0xffffffffL;
                    if (ch.latched) a.latched = true;
                    if (density) {
                        a.bins[TimelineDensity.bin(t, lo, hi, bins)]++;
                        if (t < spanMin[object]) spanMin[object] = t;
                        if (t > spanMax[object]) spanMax[object] = t;
                    }
                }
            }
            for (int k = 0; k < 256; k++) {
                if (hiddenOf[k] > 0) hiddenCounts.merge(map[k], hiddenOf[k], Long::sum);
                if (density && spanMin[k] <= spanMax[k]) {
                    long[] s =
                            accOf[k].spans.computeIfAbsent(sp.ref(), r -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                    s[0] = Math.min(s[0], spanMin[k]);
                    s[1] = Math.max(s[1], spanMax[k]);
                }
            }
        }
        List<ChannelInfo> channels = new ArrayList<>();
        Map<String, int[]> finest = new LinkedHashMap<>();
        Map<String, Map<FileRef, long[]>> spans = new HashMap<>();
        for (Acc a : accs.values()) {
            if (a.count == 0) continue; // D17: a channel with no visible message is not listed
            channels.add(new ChannelInfo(
                    a.name, a.type, a.count, a.min, a.max, a.bytes, ArkLog.rateHz(a.count, a.min, a.max), a.latched));
        }
        channels.sort(Comparator.comparing(ChannelInfo::name));
        if (density) {
            for (ChannelInfo c : channels) {
                Acc a = accs.get(c.name());
                finest.put(c.name(), a.bins);
                spans.put(c.name(), a.spans);
            }
        }
        return new Result(
                List.copyOf(channels),
                hidden(log, hiddenCounts),
                density ? TimelineDensity.of(lo, hi, finest) : null,
                density ? spans : null);
    }

    /** D18 as ranges: a channel hidden by name hides everything; a time filter hides what lies outside its window. */
    private static List<Hidden> hidden(ArkLog log, Map<ArkChannel, Long> counts) {
        List<Hidden> hs = new ArrayList<>();
        for (var en : counts.entrySet()) {
            ArkChannel ch = en.getKey();
            String why = "hidden by the acceptance filter of section " + ch.hiddenBySection + " ("
                    + log.sections.get(Math.max(0, ch.hiddenBySection)).filter() + ")";
            if (!ch.visibleByName) {
                hs.add(new Hidden(ch.name, ch.type, Long.MIN_VALUE, Long.MAX_VALUE, en.getValue(), why));
                continue;
            }
            if (ch.visibleMin > Long.MIN_VALUE)
                hs.add(new Hidden(ch.name, ch.type, Long.MIN_VALUE, ch.visibleMin - 1, en.getValue(), why));
            if (ch.visibleMax < Long.MAX_VALUE)
                hs.add(new Hidden(ch.name, ch.type, ch.visibleMax + 1, Long.MAX_VALUE, en.getValue(), why));
        }
        return List.copyOf(hs);
    }
}
