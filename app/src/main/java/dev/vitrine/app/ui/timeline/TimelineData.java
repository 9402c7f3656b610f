package dev.vitrine.app.ui.timeline;

import dev.vitrine.core.model.FileRef;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.model.TimelineDensity;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
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
    /** Finest density bins. */
    static final int BINS = 1 << 14;

    /** One lane: a channel (or a channel whose data is all hidden), its hidden ranges and files. */
    public record Lane(String name, String type, long count, boolean latched, List<TimedMessages.Hidden> hidden, Set<FileRef> files) {}

    /** Blocking: reads indexes only (no payload is decoded). */
    public static TimelineData load(TimedMessages timed) throws IOException {
        List<TimedMessages.ChannelInfo> cs = timed.channels();
        List<TimedMessages.Hidden> hs = timed.hidden();
        TimelineDensity d = TimelineDensity.build(timed, BINS);
        Map<String, Set<FileRef>> files = new HashMap<>();
        try (TimedMessages.Cursor c = timed.messages(null, Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (c.hasNext()) {
                if (Thread.currentThread().isInterrupted()) throw new java.io.InterruptedIOException("interrupted");
                TimedMessages.Message m = c.next();
                files.computeIfAbsent(m.channel(), k -> new LinkedHashSet<>()).add(m.range().file());
            }
        }
        Map<String, Lane> lanes = new LinkedHashMap<>();
        long min = cs.isEmpty() ? Long.MAX_VALUE : d.minNs();
        long max = cs.isEmpty() ? Long.MIN_VALUE : d.maxNs();
        for (TimedMessages.ChannelInfo c : cs) {
            List<TimedMessages.Hidden> mine = hs.stream().filter(h -> h.channel().equals(c.name())).toList();
            lanes.put(c.name(), new Lane(c.name(), c.type(), c.count(), c.latched(), mine, files.getOrDefault(c.name(), Set.of())));
        }
        for (TimedMessages.Hidden h : hs) {
            if (lanes.containsKey(h.channel())) continue;
            List<TimedMessages.Hidden> mine = hs.stream().filter(x -> x.channel().equals(h.channel())).toList();
            lanes.put(h.channel(), new Lane(h.channel(), h.type(), 0, false, mine, Set.of()));
        }
        for (TimedMessages.Hidden h : hs) {
            if (h.startNs() > Long.MIN_VALUE / 4 && h.startNs() < Long.MAX_VALUE / 4) min = Math.min(min, h.startNs());
            if (h.stopNs() > Long.MIN_VALUE / 4 && h.stopNs() < Long.MAX_VALUE / 4) max = Math.max(max, h.stopNs());
        }
        if (min > max) {
            min = 0;
            max = 1;
        }
        return new TimelineData(new ArrayList<>(lanes.values()), d, min, Math.max(max, min + 1));
    }
}
