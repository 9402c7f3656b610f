package dev.vitrine.app.ui.verify;

import dev.vitrine.core.model.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Carries problems from a verifying thread to the FX thread in batches: a verify that finds a
 * problem per block must not post a hundred thousand separate updates.
 */
public final class ProblemBatcher {
    private final ConcurrentLinkedQueue<Problem> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final Executor fx;
    private final Consumer<List<Problem>> sink;

    public ProblemBatcher(Executor fx, Consumer<List<Problem>> sink) {
        this.fx = fx;
        this.sink = sink;
    }

    /** Called from any thread. */
    public void add(Problem p) {
        queue.add(p);
        if (scheduled.compareAndSet(false, true)) fx.execute(this::flush);
    }

    /** Delivers whatever is queued (on the FX thread). */
    public void flush() {
        scheduled.set(false);
        List<Problem> batch = new ArrayList<>();
        for (Problem p; (p = queue.poll()) != null; ) batch.add(p);
        if (!batch.isEmpty()) sink.accept(batch);
    }
}
