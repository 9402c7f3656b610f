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
 */
public final class Background {
    private final ExecutorService pool;
    private final Executor fx;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ReadOnlyIntegerWrapper busy = new ReadOnlyIntegerWrapper(this, "busy");
    private final AtomicBoolean publishPending = new AtomicBoolean();

    public Background(int threads, Executor fx) {
        this.fx = fx;
        AtomicInteger n = new AtomicInteger();
        ThreadFactory tf = r -> {
            Thread t = new Thread(r, "vitrine-io-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        };
        this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), tf);
        ((ThreadPoolExecutor) pool).allowCoreThreadTimeOut(true);
    }

    /** The app's instance: a few threads, so a long verify never starves tree and hex loads. */
    public static Background create() {
        return new Background(Math.max(3, Runtime.getRuntime().availableProcessors()), FxExecutor.INSTANCE);
    }

    /** The raw executor, for {@link javafx.concurrent.Task}s (counted like everything else). */
    public Executor executor() {
        return command -> {
            begin();
            pool.execute(() -> {
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
        CompletableFuture<T> result = new CompletableFuture<>();
        begin();
        pool.execute(() -> {
            T value;
            try {
                value = work.call();
            } catch (Throwable e) {
                fx.execute(() -> {
                    try {
                        if (onError != null) onError.accept(unwrap(e));
                    } finally {
                        result.completeExceptionally(unwrap(e));
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
    }

    private static Throwable unwrap(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }
}
