package dev.vitrine.app.ui.verify;

import dev.vitrine.app.ui.concurrent.BackgroundJob;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A verify (of the whole archive or of one part) as a {@link BackgroundJob}: progress for the progress bar, problems streamed through a
 * {@link ProblemBatcher}, and cancel that reaches the format's verify loop.
 */
public final class VerifyTask extends BackgroundJob<VerifyReport> {
    private final Archive archive;
    private final ProblemBatcher batcher;
    /** The part to verify, or null for the whole archive. */
    private final dev.vitrine.core.model.ByteRange part;
    /** Whoever sets this first decides: the verify runs (call) or never will (cancel). */
    private final AtomicBoolean claimed = new AtomicBoolean();

    private final java.util.concurrent.CompletableFuture<Void> ended = new java.util.concurrent.CompletableFuture<>();

    public VerifyTask(Archive archive, ProblemBatcher batcher) {
        this(archive, batcher, null, null);
    }

    /** A verify of {@code part} only (a tree node named {@code partName}), or of the whole archive when null. */
    public VerifyTask(Archive archive, ProblemBatcher batcher, dev.vitrine.core.model.ByteRange part, String partName) {
        super("Verifying " + (part == null ? "" : "part " + partName + " of ")
                + archive.path().getFileName());
        this.archive = archive;
        this.batcher = batcher;
        this.part = part;
    }

    /**
     * Completes when the verify no longer reads the archive. A cancelled Task reports itself
     * cancelled at once while its loop may still be reading; close the archive after this.
     */
    public java.util.concurrent.CompletableFuture<Void> ended() {
        return ended;
    }

    @Override
    protected VerifyReport call() {
        if (!claimed.compareAndSet(false, true)) return null; // cancelled before it started
        try {
            return verify();
        } finally {
            ended.complete(null);
        }
    }

    private VerifyReport verify() {
        VerifyReport report = VerifyEngine.run(
                archive,
                new VerifyListener() {
                    @Override
                    public void problem(Problem problem) {
                        batcher.add(problem);
                    }

                    @Override
                    public void progress(long done, long total) {
                        updateProgress(done, total);
                    }
                },
                cancelFlag(),
                part);
        // Hand over the last problems before the task reports success.
        return report;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        cancelFlag().set(true);
        if (claimed.compareAndSet(false, true)) ended.complete(null); // it will never run
        return super.cancel(false);
    }
}
