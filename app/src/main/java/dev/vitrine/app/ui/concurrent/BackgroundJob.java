package dev.vitrine.app.ui.concurrent;

import java.util.concurrent.atomic.AtomicBoolean;
import javafx.concurrent.Task;

/**
 * A long job that can be cancelled: a {@link Task} (title, message and progress for the status
 * bar) whose work polls one cancel flag. {@link #cancel} sets the flag and reports the job
 * cancelled at once, without interrupting it (core readers must not see a thread interrupt
 * mid-read); {@link #stop} only sets the flag, so the work ends early and still delivers what it
 * has. The one home for this pattern: views give it their work as a lambda.
 */
public class BackgroundJob<T> extends Task<T> {
    /** The work, told how to report and when to stop. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Control control) throws Exception;
    }

    /** What the work sees of its job. */
    public interface Control {
        /** Whether it should stop now. */
        boolean cancelled();

        /** The flag itself, for core APIs that take one. */
        AtomicBoolean flag();

        void message(String text);

        void progress(long done, long total);
    }

    private final AtomicBoolean cancel = new AtomicBoolean();
    private final Work<T> work;

    public BackgroundJob(String title, Work<T> work) {
        this.work = work;
        if (title != null) updateTitle(title);
    }

    /** For subclasses that override {@link #call} and read {@link #cancelFlag()} themselves. */
    protected BackgroundJob(String title) {
        this(title, null);
    }

    @Override
    protected T call() throws Exception {
        return work.run(new Control() {
            @Override
            public boolean cancelled() {
                return cancel.get();
            }

            @Override
            public AtomicBoolean flag() {
                return cancel;
            }

            @Override
            public void message(String text) {
                updateMessage(text);
            }

            @Override
            public void progress(long done, long total) {
                updateProgress(done, total);
            }
        });
    }

    /** The flag the work polls. */
    protected final AtomicBoolean cancelFlag() {
        return cancel;
    }

    /** Asks the work to stop: it ends early and succeeds with what it has (not marked cancelled). */
    public void stop() {
        cancel.set(true);
    }

    /** Whether {@link #stop} or {@link #cancel} was asked for. */
    public boolean stopRequested() {
        return cancel.get();
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        // Cancelled first, then told to stop: the other way, work that sees the flag and returns at
        // once finishes before the cancel, and the job reads as succeeded.
        boolean cancelled = super.cancel(false);
        cancel.set(true);
        return cancelled;
    }
}
