package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Drops a response body that has sent nothing for too long: the JDK's HTTP client has a timeout
 * for a response's headers but none for a stalled body, which would otherwise hang a read
 * forever. A dropped body is resumed by {@link BlockFetcher} like any other dropped connection.
 */
final class IdleWatch {
    private static final ScheduledExecutorService CLOCK = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vitrine-idle-watch");
        t.setDaemon(true);
        return t;
    });
    private static final Map<Watched, Long> WATCHED = new ConcurrentHashMap<>();

    static {
        CLOCK.scheduleWithFixedDelay(IdleWatch::sweep, 1, 1, TimeUnit.SECONDS);
    }

    private IdleWatch() {}

    /** {@code body}, closed by the watch once it sends nothing for {@code idleNanos}. */
    static Watched watch(InputStream body, long idleNanos) {
        Watched w = new Watched(body, idleNanos);
        WATCHED.put(w, idleNanos);
        return w;
    }

    private static void sweep() {
        long now = System.nanoTime();
        for (Watched w : WATCHED.keySet()) {
            if (now - w.lastProgress > w.idleNanos) {
                WATCHED.remove(w);
                w.stalled = true;
                try {
                    w.in.close();
                } catch (IOException | RuntimeException ignored) {
                    // closing is all we want; the reader sees the stream end
                }
            }
        }
    }

    /** A body whose reads mark progress; closing it stops the watch. */
    static final class Watched extends InputStream {
        private final InputStream in;
        private final long idleNanos;
        private volatile long lastProgress = System.nanoTime();
        private volatile boolean stalled;

        private Watched(InputStream in, long idleNanos) {
            this.in = in;
            this.idleNanos = idleNanos;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            lastProgress = System.nanoTime();
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = in.read(b, off, len);
            } catch (IOException e) {
                if (stalled) throw new java.net.SocketTimeoutException("no data for too long");
                throw e;
            }
            lastProgress = System.nanoTime();
            if (n < 0 && stalled) throw new java.net.SocketTimeoutException("no data for too long");
            return n;
        }

        @Override
        public void close() throws IOException {
            WATCHED.remove(this);
            in.close();
        }
    }
}
