package dev.vitrine.app.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * One progress line on standard error while a long command runs, redrawn in place and cleared
 * at the end, as {@code rsync --info=progress2} does: bytes done of the total, rate and time
 * left. Drawn only when standard error is a terminal (or --progress asks for it), so logs and
 * pipes never see it.
 */
final class ProgressLine implements AutoCloseable {
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final long SHOW_AFTER_NANOS = 500_000_000L;

    private final PrintWriter err;
    private final boolean enabled;
    private final long started = System.nanoTime();
    private long lastDraw;
    private boolean drawn;
    private boolean closed;
    private Thread ticker;

    private ProgressLine(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    /**
     * A progress line for this run: {@code forced} is --progress (true), --no-progress (false)
     * or neither (null: only when standard error is a terminal).
     */
    static ProgressLine on(PrintWriter err, Boolean forced) {
        return new ProgressLine(err, forced != null ? forced : stderrIsTerminal());
    }

    /**
     * {@link #on} for a command that streams records to standard output (cat): unless forced, not
     * drawn when standard output is a terminal too, where each redraw would land inside a record
     * being printed.
     */
    static ProgressLine besideOutput(PrintWriter err, Boolean forced) {
        return new ProgressLine(err, forced != null ? forced : stderrIsTerminal() && terminal(1) == null);
    }

    /** Whether file descriptor 2 is a terminal. */
    static boolean stderrIsTerminal() {
        return terminal(2) != null;
    }

    /** The terminal file descriptor {@code fd} is (Linux: its link in /proc names a tty), or null. */
    private static String terminal(int fd) {
        try {
            String target =
                    Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") ? target : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** {@code done} of {@code total} bytes; redrawn at most ten times a second, and not in the first half second. */
    synchronized void update(long done, long total) {
        if (!enabled || closed) return;
        long now = System.nanoTime();
        if (now - started < SHOW_AFTER_NANOS || now - lastDraw < REDRAW_NANOS) return;
        lastDraw = now;
        double secs = (now - started) / 1e9;
        double rate = done / Math.max(secs, 1e-3);
        StringBuilder line = new StringBuilder();
        line.append(String.format(Locale.ROOT, "%10s", bytes(done)));
        if (total > 0)
            line.append(
                    String.format(Locale.ROOT, " of %s %3d%%", bytes(total), (int) Math.min(100, done * 100 / total)));
        line.append(String.format(Locale.ROOT, "  %s/s", bytes((long) rate)));
        if (total > 0 && rate > 0 && done < total)
            line.append("  ").append(time((total - done) / rate)).append(" left");
        err.print("\r" + line + "\u001b[K");
        err.flush();
        drawn = true;
    }

    /** Takes the line away, e.g. before a problem is printed to the same terminal. */
    synchronized void clear() {
        if (!drawn) return;
        err.print("\r\u001b[K");
        err.flush();
        drawn = false;
    }

    /**
     * Redraws from {@code done} of {@code total} (0: unknown) ten times a second until closed,
     * for work that reports no progress itself (cat's record loops stay free of it).
     */
    ProgressLine follow(LongSupplier done, LongSupplier total) {
        if (!enabled) return this;
        ticker = Thread.ofPlatform().daemon().name("vitrine-progress").start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(REDRAW_NANOS / 1_000_000);
                    update(done.getAsLong(), total.getAsLong());
                }
            } catch (InterruptedException e) {
                // closed
            }
        });
        return this;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        if (ticker != null) ticker.interrupt();
        clear();
    }

    static String bytes(long n) {
        if (n < 1024) return n + " B";
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    static String time(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
