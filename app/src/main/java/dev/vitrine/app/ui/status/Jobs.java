package dev.vitrine.app.ui.status;

import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

/** Long jobs (verify, export) with progress and cancel: the status bar shows the newest. */
public final class Jobs {
    private final ObservableList<Task<?>> running = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Task<?>> current = new ReadOnlyObjectWrapper<>(this, "current");
    private final Executor executor;

    public Jobs(Executor executor) {
        this.executor = executor;
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
