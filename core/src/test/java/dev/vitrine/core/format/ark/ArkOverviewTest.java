package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.model.TimelineDensity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeline's overview, counted in one pass over the split indexes, says what walking every
 * message in time order says: the same channel table and hidden data, every visible message in
 * the bin its time falls in, and each channel's first and last time in each split file.
 */
class ArkOverviewTest {
    @TempDir
    Path tmp;

    @Test
    void theSampleLogsOverviewMatchesAWalkOverItsMessages() throws Exception {
        ArkSample.write(tmp, 12); // amendments hiding a channel and a time range, latched channels, several splits
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            TimedMessages.Overview fast = a.overview();
            assertFalse(fast.hidden().isEmpty(), "the sample hides data");
            TimelineDensity d = fast.density();
            int n = d.bins();
            Map<String, int[]> expected = new LinkedHashMap<>();
            Map<String, Map<FileRef, long[]>> spans = new HashMap<>();
            Map<String, long[]> table = new LinkedHashMap<>(); // count, min, max, bytes
            try (TimedMessages.Cursor c = a.messages(null, Long.MIN_VALUE, Long.MAX_VALUE)) {
                while (c.hasNext()) {
                    TimedMessages.Message m = c.next();
                    long[] t =
                            table.computeIfAbsent(m.channel(), k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE, 0});
                    t[0]++;
                    t[1] = Math.min(t[1], m.timeNs());
                    t[2] = Math.max(t[2], m.timeNs());
                    t[3] += m.range().length();
                    expected.computeIfAbsent(m.channel(), k -> new int[n])[
                            TimelineDensity.bin(m.timeNs(), d.minNs(), d.maxNs(), n)]++;
                    long[] s = spans.computeIfAbsent(m.channel(), k -> new HashMap<>())
                            .computeIfAbsent(m.range().file(), k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                    s[0] = Math.min(s[0], m.timeNs());
                    s[1] = Math.max(s[1], m.timeNs());
                }
            }
            assertEquals(
                    table.keySet(),
                    fast.channels().stream()
                            .map(TimedMessages.ChannelInfo::name)
                            .collect(java.util.stream.Collectors.toSet()));
            for (TimedMessages.ChannelInfo c : fast.channels()) {
                assertArrayEquals(
                        table.get(c.name()),
                        new long[] {c.count(), c.minTimeNs(), c.maxTimeNs(), c.bytes()},
                        c.name() + ": its row");
                assertArrayEquals(
                        expected.get(c.name()), d.level(c.name(), 0), c.name() + ": every message in its bin");
                assertEquals(
                        c.count(),
                        java.util.Arrays.stream(d.columns(c.name(), c.minTimeNs(), c.maxTimeNs(), 1))
                                .sum());
                Map<FileRef, long[]> mine = fast.spans().get(c.name());
                assertNotNull(mine, c.name());
                assertEquals(spans.get(c.name()).keySet(), mine.keySet(), c.name() + ": the files holding it");
                for (var e : mine.entrySet()) {
                    assertArrayEquals(
                            spans.get(c.name()).get(e.getKey()), e.getValue(), c.name() + " in " + e.getKey());
                }
            }
        }
    }

    @Test
    void aMissingSplitLeavesTheOtherSplitsInTheOverview() throws Exception {
        List<ArkTestLogs.Written> written = ArkTestLogs.writeSmall(tmp, 30);
        java.nio.file.Path gone;
        try (var s = java.nio.file.Files.list(tmp.resolve("splits"))) {
            gone = s.sorted().findFirst().orElseThrow();
        }
        java.nio.file.Files.delete(gone);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            TimedMessages.Overview o = a.overview();
            TimedMessages.Overview walked = walkingOnly(a).overview();
            assertEquals(walked.channels(), o.channels());
            assertEquals(walked.spans().keySet(), o.spans().keySet());
            long counted = o.channels().stream()
                    .mapToLong(TimedMessages.ChannelInfo::count)
                    .sum();
            assertFalse(counted >= written.size(), "the missing split's messages are not counted");
            for (Map<FileRef, long[]> files : o.spans().values())
                assertFalse(files.containsKey(FileRef.of("splits/" + gone.getFileName())));
        }
    }

    /** The archive's messages with TimedMessages' default overview, which walks them. */
    private static TimedMessages walkingOnly(ArkArchive a) {
        return new TimedMessages() {
            @Override
            public List<ChannelInfo> channels() throws IOException {
                return a.channels();
            }

            @Override
            public List<Hidden> hidden() throws IOException {
                return a.hidden();
            }

            @Override
            public Cursor messages(Collection<String> channels, long startNs, long stopNs) throws IOException {
                return a.messages(channels, startNs, stopNs);
            }
        };
    }
}
