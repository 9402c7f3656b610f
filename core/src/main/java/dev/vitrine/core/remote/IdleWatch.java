package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Drops a response body that has sent nothing for too long, or too little over a whole window
 * (curl's --speed-limit): the JDK's HTTP client has a timeout for a response's headers but none
 * for a stalled body, which would otherwise hang a read forever, and a body trickling a byte at a
 * time never looked idle. A dropped body is resumed by {@link BlockFetcher} like any other dropped
 * connection; its reader sees a {@link Stalled}.
 */
final class IdleWatch {
    private static final ScheduledExecutorService CLOCK = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vitrine-idle-watch");
        t.setDaemon(true);
        return t;
    });
    private static final Set<Watched> WATCHED = ConcurrentHashMap.newKeySet();

    static {
        CLOCK.scheduleWithFixedDelay(IdleWatch::sweep, 1, 1, TimeUnit.SECONDS);
    }

    private IdleWatch() {}

    /** {@code body}, closed by the watch once it stalls by {@code settings}' idle timeout and minimum rate. */
    static Watched watch(InputStream body, RemoteSettings settings) {
        long idle = settings.idleTimeout().toNanos();
        long minBytes = (long) (settings.minBytesPerSecond() * (idle / 1e9));
        Watched w = new Watched(body, idle, minBytes);
        WATCHED.add(w);
        return w;
    }

    private static void sweep() {
        long now = System.nanoTime();
        for (Watched w : WATCHED) {
            String why = null;
            if (now - w.lastProgress > w.idleNanos) {
                why = "no data for " + seconds(w.idleNanos);
            } else if (now - w.windowStart >= w.idleNanos) {
                long got = w.windowBytes.getAndSet(0);
                w.windowStart = now;
                if (got < w.minBytes) why = "under " + w.minBytes + " bytes in " + seconds(w.idleNanos);
            }
            if (why == null) continue;
            WATCHED.remove(w);
            w.stalled = why;
            try {
                w.in.close();
            } catch (IOException | RuntimeException ignored) {
                // closing is all we want; the reader sees the stream end
            }
        }
    }

    private static String seconds(long nanos) {
        long ms = TimeUnit.NANOSECONDS.toMillis(nanos);
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }

    /** A body that stalled: its reason says how ("no data for 30 s"). */
    static final class Stalled extends SocketTimeoutException {
        Stalled(String why) {
            super(why);
        }
    }

    /** A body whose reads mark progress; closing it stops the watch. */
    static final class Watched extends InputStream {
        private final InputStream in;
        private final long idleNanos;
        private final long minBytes;
        private volatile long lastProgress = System.nanoTime();
        private volatile long windowStart = lastProgress;
        private final AtomicLong windowBytes = new AtomicLong();
        private volatile String stalled;

        private Watched(InputStream in, long idleNanos, long minBytes) {
            this.in = in;
            this.idleNanos = idleNanos;
            this.minBytes = minBytes;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = in.read(b, off, len);
            } catch (IOException e) {
                if (stalled != null) throw new Stalled(stalled);
                throw e;
            }
            if (n < 0 && stalled != null) throw new Stalled(stalled);
            if (n > 0) {
                lastProgress = System.nanoTime();
                windowBytes.addAndGet(n);
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            WATCHED.remove(this);
            in.close();
        }
    }
}
