package dev.vitrine.app.ui.timeline;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.model.TimelineDensity;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the timeline draws, read once in the background: the channel table, hidden ranges,
 * the density pyramid, and which files each channel's messages are stored in (so damage in a
 * file marks the lanes of the channels stored there).
 */
public record TimelineData(List<Lane> lanes, TimelineDensity density, long minNs, long maxNs) {
    /** One lane: a channel (or a channel whose data is all hidden), its hidden ranges and files. */
    public record Lane(
            String name,
            String type,
            long count,
            boolean latched,
            List<TimedMessages.Hidden> hidden,
            Set<FileRef> files,
            Map<FileRef, long[]> spans) {
        /** The channel's messages stored in {@code file}: {first, last} time, or null. */
        public long[] span(FileRef file) {
            return spans.get(file);
        }
    }

    /** The index of {@code channel}'s lane, or -1 (also for null). */
    public int laneIndex(String channel) {
        if (channel == null) return -1;
        for (int i = 0; i < lanes.size(); i++) if (lanes.get(i).name().equals(channel)) return i;
        return -1;
    }

    /** Blocking: reads indexes only (no payload is decoded), in one pass where the format can ({@link TimedMessages#overview()}). */
    public static TimelineData load(TimedMessages timed) throws IOException {
        TimedMessages.Overview o = timed.overview();
        List<TimedMessages.ChannelInfo> cs = o.channels();
        List<TimedMessages.Hidden> hs = o.hidden();
        TimelineDensity d = o.density();
        Map<String, Map<FileRef, long[]>> files = o.spans();
        Map<String, Lane> lanes = new LinkedHashMap<>();
        // The window shows the visible messages and the hidden ranges; the density's bins may span more.
        long min = TimedMessages.firstNs(cs, hs);
        long max = Long.MIN_VALUE;
        for (TimedMessages.ChannelInfo c : cs) max = Math.max(max, c.maxTimeNs());
        for (TimedMessages.ChannelInfo c : cs) {
            List<TimedMessages.Hidden> mine =
                    hs.stream().filter(h -> h.channel().equals(c.name())).toList();
            Map<FileRef, long[]> spans = files.getOrDefault(c.name(), Map.of());
            lanes.put(
                    c.name(),
                    new Lane(
                            c.name(),
                            c.type(),
                            c.count(),
                            c.latched(),
                            mine,
                            new LinkedHashSet<>(spans.keySet()),
                            spans));
        }
        for (TimedMessages.Hidden h : hs) {
            if (lanes.containsKey(h.channel())) continue;
            List<TimedMessages.Hidden> mine =
                    hs.stream().filter(x -> x.channel().equals(h.channel())).toList();
            lanes.put(h.channel(), new Lane(h.channel(), h.type(), 0, false, mine, Set.of(), Map.of()));
        }
        for (TimedMessages.Hidden h : hs) {
            if (h.stopNs() > Long.MIN_VALUE / 4 && h.stopNs() < Long.MAX_VALUE / 4) max = Math.max(max, h.stopNs());
        }
        if (min > max) {
            min = 0;
            max = 1;
        }
        return new TimelineData(new ArrayList<>(lanes.values()), d, min, Math.max(max, min + 1));
    }
}
