package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.format.PartVerifyRun;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "Verify this part" on a clp-s archive: only the packed streams that meet the part are decoded and checked. */
class ClpsPartVerifyTest {
    @Test
    void aPartVerifyOfOneStreamReportsItsDamageOnly() throws Exception {
        byte[] b = ClpsTestFiles.bytes("made/archives/phases.clps");
        long[][] r = new long[3][];
        try (ClpsArchive a = ClpsTestFiles.open(b)) {
            ClpsTableMetadata tm = a.tableMetadata().value();
            assertEquals(3, tm.streams.size());
            for (int i = 0; i < 3; i++) r[i] = a.streams.streamRange(tm, i);
        }
        // streams 0 and 2 damaged: their zstd magic
        for (int i : new int[] {0, 2}) b[(int) r[i][0]] ^= 0x5a;
        try (ClpsArchive a = ClpsTestFiles.open(b)) {
            PartVerifyRun whole = PartVerifyRun.of(a, null);
            assertFalse(in(whole, r[0]).isEmpty(), whole.problems().toString());
            assertFalse(in(whole, r[2]).isEmpty(), whole.problems().toString());

            PartVerifyRun two = PartVerifyRun.of(a, ByteRange.of(r[2][0] + 10, 10));
            assertFalse(two.problems().isEmpty());
            assertEquals(in(two, r[2]), two.problems(), "only stream 2's damage: " + two.problems());
            assertEquals(r[2][1], two.progressTotal(), "progress counts stream 2's bytes");
            assertTrue(two.progressTotal() < whole.progressTotal());
            assertEquals(
                    "1 stream in [" + r[2][0] + ", " + (r[2][0] + r[2][1]) + "); whole-archive checks not run:"
                            + " log_event_idx order, timestamp ranges, range index, stream layout, original size",
                    two.report().scope());

            PartVerifyRun one = PartVerifyRun.of(a, ByteRange.of(r[1][0], r[1][1]));
            assertEquals(List.of(), one.problems());
        }
    }

    private static List<Problem> in(PartVerifyRun run, long[] r) {
        return run.problems().stream()
                .filter(p -> p.offset() >= r[0] && p.offset() < r[0] + r[1])
                .toList();
    }
}
