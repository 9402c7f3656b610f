package dev.vitrine.app.ui.concurrent;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;

/**
 * The one background executor for everything that may touch a file (core calls block), and the
 * hand-back of results to the FX thread. Counts work in flight, including the FX hand-off, so
 * the status bar can show activity and screenshots and tests can wait until the window settles.
 * Two lanes: {@link #run} for the short reads a view waits for (children, fields, hex pages),
 * {@link #runLong} and {@link #executor()} for work that may take seconds (verify, export,
 * counting, searching), so a long job never queues the reads that keep the window alive.
 */
public final class Background {
    private final ExecutorService pool;
    private final ExecutorService longPool;
    private final Executor fx;
    private final AtomicInteger inFlight;
    private final ReadOnlyIntegerWrapper busy;
    private final AtomicBoolean publishPending;
    private final Faults faults;

    /**
     * Sees every failure of one archive's jobs first, on the FX thread, and says what the job's
     * own handler is given: an archive's tab turns a file that changed under it, or an Error
     * that escaped a reader, into one line of its own (see {@link #watchedBy}).
     */
    @FunctionalInterface
    public interface Faults {
        Throwable seen(Throwable failure);
    }

    /** Nice value of the long lane's threads (Linux): below the FX thread and the short reads a view waits for. */
    static final int LONG_NICE = 10;

    public Background(int threads, Executor fx) {
        this.fx = fx;
        this.publishPending = new AtomicBoolean();
        this.faults = failure -> failure;
        this.inFlight = new AtomicInteger();
        this.busy = new ReadOnlyIntegerWrapper(this, "busy");
        AtomicInteger n = new AtomicInteger();
        ThreadFactory tf = r -> {
            Thread t = new Thread(r, "vitrine-io-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        };
        this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), tf);
        ((ThreadPoolExecutor) pool).allowCoreThreadTimeOut(true);
        AtomicInteger m = new AtomicInteger();
        ThreadFactory longThreads = r -> {
            Thread t = new Thread(
                    () -> {
                        ThreadNiceness.lowerTo(LONG_NICE);
                        r.run();
                    },
                    "vitrine-job-" + m.incrementAndGet());
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            return t;
        };
        this.longPool = new ThreadPoolExecutor(4, 4, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), longThreads);
        ((ThreadPoolExecutor) longPool).allowCoreThreadTimeOut(true);
    }

    /** The same lanes and counts, with {@code faults} seeing this view's failures first. */
    private Background(Background shared, Faults faults) {
        this.pool = shared.pool;
        this.longPool = shared.longPool;
        this.fx = shared.fx;
        this.inFlight = shared.inFlight;
        this.busy = shared.busy;
        this.publishPending = shared.publishPending;
        this.faults = faults;
    }

    /** This executor as one archive's jobs use it: {@code faults} sees each failure before the job's handler. */
    public Background watchedBy(Faults faults) {
        return new Background(this, faults);
    }

    /** For a job that catches its own failure: call on the FX thread, show what this returns. */
    public Throwable failed(Throwable failure) {
        try {
            return faults.seen(failure);
        } catch (RuntimeException e) {
            return failure; // the watcher's own trouble must not hide the job's
        }
    }

    /** The app's instance: a few threads, so a long verify never starves tree and hex loads. */
    public static Background create() {
        // The optimising compiler competes with the first frames and the first records on a small
        // machine: it runs below them, and still compiles whenever a core is free.
        ThreadNiceness.lowerThreadsNamed("C2 Compiler", LONG_NICE);
        return new Background(Math.max(3, Runtime.getRuntime().availableProcessors()), FxExecutor.INSTANCE);
    }

    /** The long-work executor, for {@link javafx.concurrent.Task}s (counted like everything else). */
    public Executor executor() {
        return command -> {
            begin();
            longPool.execute(() -> {
                try {
                    command.run();
                } finally {
                    end();
                }
            });
        };
    }

    public Executor fx() {
        return fx;
    }

    /**
     * Runs {@code work} in the background and hands its result to {@code onResult} (or its failure
     * to {@code onError}) on the FX thread.
     */
    public <T> CompletableFuture<T> run(Callable<T> work, Consumer<T> onResult, Consumer<Throwable> onError) {
        return submit(pool, work, onResult, onError);
    }

    /** Like {@link #run}, for work that may take seconds (counting, searching). */
    public <T> CompletableFuture<T> runLong(Callable<T> work, Consumer<T> onResult, Consumer<Throwable> onError) {
        return submit(longPool, work, onResult, onError);
    }

    private <T> CompletableFuture<T> submit(
            ExecutorService lane, Callable<T> work, Consumer<T> onResult, Consumer<Throwable> onError) {
        CompletableFuture<T> result = new CompletableFuture<>();
        begin();
        lane.execute(() -> {
            T value;
            try {
                value = work.call();
            } catch (Throwable e) {
                // Errors too (out of memory, a stack overflow, a fault in a mapped page): the window lives on.
                fx.execute(() -> {
                    Throwable shown = unwrap(e);
                    try {
                        shown = failed(shown);
                        if (onError != null) onError.accept(shown);
                    } finally {
                        result.completeExceptionally(shown);
                        end();
                    }
                });
                return;
            }
            fx.execute(() -> {
                try {
                    if (onResult != null) onResult.accept(value);
                } finally {
                    result.complete(value);
                    end();
                }
            });
        });
        return result;
    }

    /** Number of jobs running or waiting to hand back a result. Read on the FX thread. */
    public ReadOnlyIntegerProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public int inFlight() {
        return inFlight.get();
    }

    private void begin() {
        inFlight.incrementAndGet();
        publish();
    }

    private void end() {
        inFlight.decrementAndGet();
        publish();
    }

    /** Coalesced: at most one pending update of the busy property, however many jobs come and go. */
    private void publish() {
        if (publishPending.compareAndSet(false, true)) {
            fx.execute(() -> {
                publishPending.set(false);
                busy.set(Math.max(0, inFlight.get()));
            });
        }
    }

    public void shutdown() {
        pool.shutdownNow();
        longPool.shutdownNow();
    }

    private static Throwable unwrap(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }
}
