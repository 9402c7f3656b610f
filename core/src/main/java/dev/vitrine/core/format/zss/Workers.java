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
        static final ExecutorService POOL = Executors.newFixedThreadPool(parallelism(), new java.util.concurrent.ThreadFactory() {
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
}
