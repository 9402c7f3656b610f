package dev.vitrine.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Runs of problems of one kind are cut to a few lines and one summary; counts stay exact. */
class VerifyContextTest {

    private static VerifyContext context(List<Problem> out) {
        return new VerifyContext(out::add, new AtomicBoolean(), 100_000);
    }

    @Test
    void aLongRunBecomesTenLinesAndOneSummary() {
        List<Problem> out = new ArrayList<>();
        VerifyContext ctx = context(out);
        for (long off = 861; off < 861 + 9 * 1000; off += 9)
            ctx.report(Problem.error("f", off, "block at " + off + " has length 0"));
        ctx.report(Problem.error("f", 5, "something else"));
        ctx.finish();
        assertEquals(VerifyContext.RUN_SHOWN + 2, out.size(), out::toString);
        Problem summary = out.get(VerifyContext.RUN_SHOWN);
        long firstHidden = 861 + 9L * VerifyContext.RUN_SHOWN;
        assertEquals(
                "… and " + (1000 - VerifyContext.RUN_SHOWN) + " more like this between offsets " + firstHidden + " and "
                        + (861 + 9 * 999),
                summary.message());
        assertEquals(firstHidden, summary.offset());
        assertEquals(Severity.ERROR, summary.severity());
        assertEquals("something else", out.getLast().message());
        assertEquals(1001, ctx.errorCount());
    }

    @Test
    void finishClosesARunStillOpenAndShortRunsAreUntouched() {
        List<Problem> out = new ArrayList<>();
        VerifyContext ctx = context(out);
        for (int i = 0; i < 3; i++) ctx.report(Problem.warning("f", i, "odd " + i));
        for (int i = 0; i < 12; i++) ctx.report(Problem.error("f", 100 + i, "checksum mismatch at " + (100 + i)));
        assertEquals(3 + VerifyContext.RUN_SHOWN, out.size());
        ctx.finish();
        assertEquals(3 + VerifyContext.RUN_SHOWN + 1, out.size());
        assertTrue(
                out.getLast().message().endsWith("2 more like this between offsets 110 and 111"),
                out.getLast().message());
        assertEquals(3, ctx.warningCount());
        assertEquals(12, ctx.errorCount());
    }

    @Test
    void differentSeverityOrFileIsAnotherKind() {
        List<Problem> out = new ArrayList<>();
        VerifyContext ctx = context(out);
        for (int i = 0; i < 30; i++) {
            ctx.report(i % 2 == 0 ? Problem.error("f", i, "bad " + i) : Problem.warning("f", i, "bad " + i));
        }
        ctx.finish();
        assertEquals(30, out.size());
    }

    @Test
    void theCapCountsDeliveredLines() {
        List<Problem> out = new ArrayList<>();
        VerifyContext ctx = new VerifyContext(out::add, new AtomicBoolean(), 5);
        for (int i = 0; i < 20; i++) ctx.report(Problem.error("f", i, "kind" + (char) ('a' + i)));
        ctx.finish();
        assertEquals(5, out.size());
        assertEquals(20, ctx.errorCount());
    }

    @Test
    void aPartWantsTheUnitsThatMeetIt() {
        FileRef a = FileRef.of("splits/a"), b = FileRef.of("splits/b");
        VerifyContext whole = context(new ArrayList<>());
        assertTrue(whole.wants(b, 0, 1) && whole.wantsFile(b) && !whole.isPart());
        VerifyContext part = new VerifyContext(p -> {}, new AtomicBoolean(), 100, ByteRange.in(a, 10, 10));
        assertFalse(part.wants(a, 0, 10), "ends where the part starts");
        assertTrue(part.wants(a, 19, 30));
        assertFalse(part.wants(a, 20, 30), "starts where the part ends");
        assertFalse(part.wants(b, 10, 20), "another file");
        assertTrue(part.wantsFile(a) && !part.wantsFile(b));
        VerifyContext empty = new VerifyContext(p -> {}, new AtomicBoolean(), 100, ByteRange.in(a, 15, 0));
        assertTrue(empty.wants(a, 10, 20), "an empty node is in the unit around it");
        assertFalse(empty.wants(a, 16, 20));
        VerifyContext none = new VerifyContext(p -> {}, new AtomicBoolean(), 100, ByteRange.NONE);
        assertFalse(none.isPart(), "a node without bytes verifies the whole archive");
    }
}
