package dev.vitrine.core.format;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.CancelledException;
import dev.vitrine.core.verify.VerifyContext;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs an archive's verify: first the problems found when it was opened, then the format's
 * full check. Problems stream to the listener; an unexpected exception inside a reader is
 * itself reported as a problem rather than escaping, so verify always finishes with a report.
 */
public final class VerifyEngine {
    private VerifyEngine() {}

    public static VerifyReport run(Archive archive, VerifyListener listener, AtomicBoolean cancel) {
        return run(archive, listener, cancel, null);
    }

    /**
     * Verifies only the units of {@code part} (a tree node's bytes; null or NONE: the whole
     * archive). Open problems outside the part are left out; the report's scope says what was
     * checked and what was not.
     */
    public static VerifyReport run(
            Archive archive, VerifyListener listener, AtomicBoolean cancel, dev.vitrine.core.model.ByteRange part) {
        long t0 = System.nanoTime();
        VerifyContext ctx = new VerifyContext(listener, cancel, 100_000, part);
        boolean cancelled = false;
        try {
            try {
                for (Problem p : archive.openProblems()) if (ctx.holds(p)) ctx.report(p);
                archive.verify(ctx);
            } catch (RuntimeException | java.io.IOException e) {
                if (stoppedByCancel(cancel, e)) throw new CancelledException();
                throw e;
            }
        } catch (CancelledException e) {
            cancelled = true;
        } catch (FormatException e) {
            ctx.report(e);
        } catch (java.io.IOException | InternalError e) {
            // Bytes that could not be read (a file changed under us, a remote object replaced or
            // unreachable) are not damage in the archive: the caller says so instead.
            dev.vitrine.core.io.SourceUnavailableException gone = dev.vitrine.core.io.SourceUnavailableException.in(e);
            if (gone == null) gone = changed(archive, e);
            if (gone != null) throw new java.io.UncheckedIOException(gone);
            if (e instanceof InternalError ie) throw ie;
            ctx.report(Problem.error(
                    archive.displayName(dev.vitrine.core.io.FileRef.MAIN),
                    -1,
                    "read error: " + dev.vitrine.core.text.Messages.reason(e)));
        } catch (java.io.UncheckedIOException e) {
            if (dev.vitrine.core.io.SourceUnavailableException.in(e) != null) throw e;
            ctx.report(Problem.error(
                    archive.displayName(dev.vitrine.core.io.FileRef.MAIN), -1, "internal error while verifying: " + e));
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // A reader bug must not hide the verdict: report it as damage we could not place.
            ctx.report(Problem.error(
                    archive.displayName(dev.vitrine.core.io.FileRef.MAIN), -1, "internal error while verifying: " + e));
        }
        // A run of problems of one kind still open ends with its summary line.
        ctx.finish();
        String scope = !ctx.isPart()
                ? null
                : ctx.scope() != null ? ctx.scope() : "the part's bytes; whole-archive checks not run";
        return new VerifyReport(ctx.errorCount(), ctx.warningCount(), cancelled, System.nanoTime() - t0, scope);
    }

    /**
     * A read the cancel itself stopped (a remote object's requests in flight are cut when a verify
     * is cancelled): the cancellation, not damage nor an internal error.
     */
    private static boolean stoppedByCancel(AtomicBoolean cancel, Throwable e) {
        if (!cancel.get()) return false;
        for (Throwable c = e; c != null; c = c.getCause())
            if (c instanceof java.io.InterruptedIOException || c instanceof CancelledException) return true;
        return false;
    }

    /**
     * The file of this archive found changed behind {@code e}: only its own file (or folder), since
     * a window has other archives open and one of theirs may have changed too.
     */
    private static dev.vitrine.core.io.SourceUnavailableException changed(Archive archive, Throwable e) {
        java.nio.file.Path own = archive.path();
        return own == null
                ? dev.vitrine.core.io.FileChangedException.find(e)
                : dev.vitrine.core.io.FileChangedException.find(e, own);
    }

    public static VerifyReport run(Archive archive, VerifyListener listener) {
        return run(archive, listener, new AtomicBoolean());
    }
}
