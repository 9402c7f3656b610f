package dev.vitrine.core.verify;

import dev.vitrine.core.model.Severity;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.FileRef;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a format's verify talks to: report problems, report progress, and check for
 * cancellation at least once per block. Thread-safe, so a format may verify in parallel.
 *
 * <p>Bounded whatever the damage: a run of problems of one kind in a row (same severity, same
 * file, same message once its numbers are set aside, e.g. "checksum mismatch at N" for a
 * hundred blocks) is passed on for its first {@link #RUN_SHOWN} problems; the rest of the run
 * becomes one summary problem, "and N more like this between offsets A and B", delivered when
 * the run ends (a problem of another kind, or {@link #finish()}). The counts still count every
 * problem found. Past {@code maxProblems} delivered problems nothing more is delivered.
 */
public final class VerifyContext {
    /** Problems of one kind in a row that are delivered before the rest is summarised. */
    public static final int RUN_SHOWN = 10;

    private final VerifyListener listener;
    private final AtomicBoolean cancelled;
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong warnings = new AtomicLong();
    private final long maxProblems;
    private long delivered;

    // The current run of problems of one kind (guarded by this).
    private Problem runFirst;
    private String runShape;
    private long runLength;
    private long suppressed;
    private long suppressedFrom;
    private long suppressedTo;

    public VerifyContext(VerifyListener listener, AtomicBoolean cancelled, long maxProblems) {
        this.listener = listener;
        this.cancelled = cancelled;
        this.maxProblems = maxProblems;
    }

    public VerifyContext(VerifyListener listener) {
        this(listener, new AtomicBoolean(), 100_000);
    }

    public synchronized void report(Problem p) {
        (p.severity() == Severity.ERROR ? errors : warnings).incrementAndGet();
        String shape = shapeOf(p);
        if (runFirst != null && shape.equals(runShape)) {
            runLength++;
            if (runLength > RUN_SHOWN) {
                if (suppressed++ == 0) suppressedFrom = p.offset();
                suppressedFrom = Math.min(suppressedFrom, p.offset());
                suppressedTo = Math.max(suppressedTo, p.offset());
                return;
            }
        } else {
            endRun();
            runFirst = p;
            runShape = shape;
            runLength = 1;
        }
        deliver(p);
    }

    public void report(FormatException e) {
        report(Problem.of(e));
    }

    /** Delivers the summary of a run still open; the engine calls it when the verify ends. */
    public synchronized void finish() {
        endRun();
        runFirst = null;
        runShape = null;
    }

    private void endRun() {
        if (suppressed > 0) {
            Problem r = runFirst;
            String range = suppressedFrom == suppressedTo ? "at offset " + suppressedFrom
                    : "between offsets " + suppressedFrom + " and " + suppressedTo;
            deliver(new Problem(r.severity(), r.file(), r.ref(), suppressedFrom,
                    "… and " + suppressed + " more like this " + range, java.util.List.of(), "", ""));
        }
        suppressed = 0;
    }

    private void deliver(Problem p) {
        // A hostile file can produce a problem per byte; past the cap we still count them.
        if (++delivered <= maxProblems) listener.problem(p);
    }

    /** Severity, file and message with every run of digits set aside: "checksum mismatch at #". */
    static String shapeOf(Problem p) {
        String m = p.message();
        StringBuilder sb = new StringBuilder(m.length() + 16);
        sb.append(p.severity().ordinal()).append('|').append(p.ref() == null ? FileRef.MAIN : p.ref()).append('|');
        boolean digits = false;
        for (int i = 0; i < m.length(); i++) {
            char c = m.charAt(i);
            if (c >= '0' && c <= '9') {
                if (!digits) sb.append('#');
                digits = true;
            } else {
                sb.append(c);
                digits = false;
            }
        }
        return sb.toString();
    }

    public void progress(long done, long total) {
        listener.progress(done, total);
    }

    /** @throws CancelledException if the user cancelled */
    public void checkCancelled() {
        if (cancelled.get()) throw new CancelledException();
    }

    public boolean isCancelled() {
        return cancelled.get();
    }

    public long errorCount() {
        return errors.get();
    }

    public long warningCount() {
        return warnings.get();
    }
}
