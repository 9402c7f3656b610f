package dev.vitrine.core.format.zss;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One shared pool of daemon threads, one per core, for decompression read-ahead, verify and
 * the writer's compression. Tasks never wait on other tasks, so sharing cannot deadlock.
 */
final class Workers {
    private Workers() {}

    static int parallelism() {
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    private static final class Holder {
        static final ExecutorService POOL =
                Executors.newFixedThreadPool(parallelism(), new java.util.concurrent.ThreadFactory() {
                    private final AtomicInteger n = new AtomicInteger();

                    @Override
                    public Thread newThread(Runnable r) {
                        Thread t = new Thread(r, "zss-worker-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    }
                });
    }

    static ExecutorService pool() {
        return Holder.POOL;
    }

    /**
     * Waits until {@code f} has finished, however it ends (its outcome was reported elsewhere or
     * no longer matters), keeping an interrupt for the caller. Used when stopping: a cancelled
     * task that had started keeps reading the mapped file, so stopping waits instead.
     */
    static void awaitQuietly(java.util.concurrent.Future<?> f) {
        boolean interrupted = false;
        while (true) {
            try {
                f.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException e) {
                break;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
