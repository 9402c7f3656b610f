package dev.vitrine.core.verify;

import dev.vitrine.core.io.FormatException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a format's verify talks to: report problems, report progress, and check for
 * cancellation at least once per block. Thread-safe, so a format may verify in parallel.
 */
public final class VerifyContext {
    private final VerifyListener listener;
    private final AtomicBoolean cancelled;
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong warnings = new AtomicLong();
    private final long maxProblems;

    public VerifyContext(VerifyListener listener, AtomicBoolean cancelled, long maxProblems) {
        this.listener = listener;
        this.cancelled = cancelled;
        this.maxProblems = maxProblems;
    }

    public VerifyContext(VerifyListener listener) {
        this(listener, new AtomicBoolean(), 100_000);
    }

    public synchronized void report(Problem p) {
        long n = (p.severity() == Severity.ERROR ? errors : warnings).incrementAndGet();
        // A hostile file can produce a problem per byte; past the cap we still count them.
        if (errors.get() + warnings.get() <= maxProblems) listener.problem(p);
    }

    public void report(FormatException e) {
        report(Problem.of(e));
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
