package dev.vitrine.app.ui.verify;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.verify.Problem;
import dev.vitrine.core.verify.VerifyEngine;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.concurrent.Task;

/**
 * A full verify as a {@link Task}: progress for the progress bar, problems streamed through a
 * {@link ProblemBatcher}, and cancel that reaches the format's verify loop.
 */
public final class VerifyTask extends Task<VerifyReport> {
    private final Archive archive;
    private final ProblemBatcher batcher;
    private final AtomicBoolean cancel = new AtomicBoolean();

    public VerifyTask(Archive archive, ProblemBatcher batcher) {
        this.archive = archive;
        this.batcher = batcher;
        updateTitle("Verifying " + archive.path().getFileName());
    }

    @Override
    protected VerifyReport call() {
        VerifyReport report = VerifyEngine.run(archive, new VerifyListener() {
            @Override
            public void problem(Problem problem) {
                batcher.add(problem);
            }

            @Override
            public void progress(long done, long total) {
                updateProgress(done, total);
            }
        }, cancel);
        // Hand over the last problems before the task reports success.
        return report;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        cancel.set(true);
        return super.cancel(false);
    }
}
