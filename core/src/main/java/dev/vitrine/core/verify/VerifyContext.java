package dev.vitrine.core.verify;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import dev.vitrine.core.text.Runs;
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
 * the run ends (a problem of another kind, or {@link #finish()}): {@link Runs}, which export's
 * refusals share. The counts still count every
 * problem found. Past {@code maxProblems} delivered problems nothing more is delivered.
 */
public final class VerifyContext {
    /** Problems of one kind in a row that are delivered before the rest is summarised. */
    public static final int RUN_SHOWN = Runs.SHOWN;

    private final VerifyListener listener;
    private final AtomicBoolean cancelled;
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong warnings = new AtomicLong();
    private final long maxProblems;
    private long delivered;
    /** The part a "verify this part" asked about, or null for the whole archive. */
    private final ByteRange part;
    /** What a part verify covered and which whole-archive checks it left out (set by the format). */
    private volatile String scope;

    /** The current run of problems of one kind (guarded by this). */
    private final Runs<Problem> runs = new Runs<>(new Runs.Sink<>() {
        @Override
        public void item(Problem p) {
            deliver(p);
        }

        @Override
        public void more(Problem first, String text, long offset) {
            deliver(new Problem(
                    first.severity(), first.file(), first.ref(), offset, text, java.util.List.of(), "", ""));
        }
    });

    public VerifyContext(VerifyListener listener, AtomicBoolean cancelled, long maxProblems) {
        this(listener, cancelled, maxProblems, null);
    }

    /**
     * A verify of one part of the archive (a tree node's bytes), or of all of it when {@code part}
     * is null or has no bytes to name ({@link ByteRange#isNone()}).
     */
    public VerifyContext(VerifyListener listener, AtomicBoolean cancelled, long maxProblems, ByteRange part) {
        this.listener = listener;
        this.cancelled = cancelled;
        this.maxProblems = maxProblems;
        this.part = part == null || part.isNone() ? null : part;
    }

    public VerifyContext(VerifyListener listener) {
        this(listener, new AtomicBoolean(), 100_000);
    }

    public synchronized void report(Problem p) {
        (p.severity() == Severity.ERROR ? errors : warnings).incrementAndGet();
        runs.add(p, shapeOf(p), p.offset());
    }

    public void report(FormatException e) {
        report(Problem.of(e));
    }

    /** Delivers the summary of a run still open; the engine calls it when the verify ends. */
    public synchronized void finish() {
        runs.finish();
    }

    private void deliver(Problem p) {
        // A hostile file can produce a problem per byte; past the cap we still count them.
        if (++delivered <= maxProblems) listener.problem(p);
    }

    /** Severity, file and message with every run of digits set aside: "checksum mismatch at #". */
    static String shapeOf(Problem p) {
        return p.severity().ordinal() + "|" + (p.ref() == null ? FileRef.MAIN : p.ref()) + "|" + Runs.kind(p.message());
    }

    /** The part being verified, or null for the whole archive. */
    public ByteRange part() {
        return part;
    }

    public boolean isPart() {
        return part != null;
    }

    /**
     * True when a unit (a block, a stream, a split) holding the bytes {@code [start, end)} of
     * {@code file} is to be checked: always in a whole verify, else when it meets the part. A part
     * of no length (an empty node) is met by the unit around its offset.
     */
    public boolean wants(FileRef file, long start, long end) {
        if (part == null) return true;
        if (!part.file().equals(file == null ? FileRef.MAIN : file)) return false;
        if (part.length() == 0) return start <= part.offset() && part.offset() < Math.max(end, start + 1);
        return start < part.end() && end > part.offset();
    }

    /**
     * True when {@code p} belongs to what is verified: always in a whole verify, else when it is
     * placed inside the part (a finding with no offset belongs to no part).
     */
    public boolean holds(Problem p) {
        return part == null || p.offset() >= 0 && wants(p.ref(), p.offset(), p.offset() + 1);
    }

    /** True when any bytes of {@code file} are to be checked (per-file units: a split, a shard). */
    public boolean wantsFile(FileRef file) {
        return part == null || part.file().equals(file == null ? FileRef.MAIN : file);
    }

    /**
     * Said by a format in a part verify: which units it checked ("blocks 12–15") and which
     * whole-archive checks it could not run on a part ("data hash, index references"), so the
     * verdict never reads as the whole archive's.
     */
    public void scope(String checked, String notRun) {
        scope = checked + (notRun == null || notRun.isEmpty() ? "" : "; whole-archive checks not run: " + notRun);
    }

    /** What {@link #scope} was told, or null. */
    public String scope() {
        return scope;
    }

    /** A context that shares this one's cancel flag but drops problems: for checks run only for what they compute. */
    public VerifyContext quiet() {
        return new VerifyContext(p -> {}, cancelled, 0, part);
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
