package dev.vitrine.app.ui.status;

import dev.vitrine.app.ui.concurrent.Background;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import javafx.concurrent.WorkerStateEvent;

/** Long jobs (verify, export) with progress and cancel: the status bar shows the newest. */
public final class Jobs {
    private final ObservableList<Task<?>> running;
    private final ReadOnlyObjectWrapper<Task<?>> current;
    private final Executor executor;
    private final Background.Faults faults;

    public Jobs(Executor executor) {
        this.running = FXCollections.observableArrayList();
        this.current = new ReadOnlyObjectWrapper<>(this, "current");
        this.executor = executor;
        this.faults = null;
    }

    private Jobs(Jobs shared, Background.Faults faults) {
        this.running = shared.running;
        this.current = shared.current;
        this.executor = shared.executor;
        this.faults = faults;
    }

    /** The same jobs, as one archive submits them: {@code faults} sees a failed job before its own handler. */
    public Jobs watchedBy(Background.Faults faults) {
        return new Jobs(this, faults);
    }

    /** Starts {@code task} on the background executor and tracks it until it ends. */
    public <T> Task<T> submit(Task<T> task) {
        running.add(task);
        current.set(task);
        task.stateProperty().addListener((o, was, now) -> {
            if (now == Worker.State.SUCCEEDED || now == Worker.State.FAILED || now == Worker.State.CANCELLED) {
                running.remove(task);
                current.set(running.isEmpty() ? null : running.getLast());
            }
        });
        // A filter runs before the task's own onFailed handler, so the archive's tab speaks first.
        if (faults != null)
            task.addEventFilter(WorkerStateEvent.WORKER_STATE_FAILED, e -> {
                try {
                    faults.seen(task.getException());
                } catch (RuntimeException notHandled) {
                    // the task's own handler still says it failed
                }
            });
        executor.execute(task);
        return task;
    }

    public ObservableList<Task<?>> running() {
        return running;
    }

    public ReadOnlyObjectProperty<Task<?>> currentProperty() {
        return current.getReadOnlyProperty();
    }
}
