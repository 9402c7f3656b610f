package dev.vitrine.app.ui;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;

/**
 * Waits, on the FX thread, until the window has nothing left to load: no background reads or
 * hand-offs, no jobs, every tab's first details shown and its hex rows loaded, for a few polls
 * in a row (one load often starts another). Screenshots and tests wait for this.
 */
public final class Settler {
    private static final int QUIET_POLLS = 4;
    private static final long POLL_MS = 30;

    private Settler() {}

    /** Completes with true when settled, false when {@code timeout} passed first. Call on the FX thread. */
    public static CompletableFuture<Boolean> whenSettled(MainWindow w, java.time.Duration timeout) {
        return whenTrue(() -> settled(w), timeout);
    }

    public static boolean settled(MainWindow w) {
        String why = unsettled(w);
        // Said once per change: a line per poll wrote a dozen lines to stderr per busy frame, on the FX thread
        // whose time the trace measures.
        if (why != null && !why.equals(lastWhy)) dev.vitrine.app.ui.trace.Trace.log("waiting: " + why);
        lastWhy = why;
        return why == null;
    }

    /** The reason last traced (FX thread only). */
    private static String lastWhy;

    /** What the window is still waiting for, or null when nothing. */
    public static String unsettled(MainWindow w) {
        if (w.background().inFlight() > 0) return w.background().inFlight() + " background jobs";
        if (!w.jobs().running().isEmpty()) return "long jobs";
        if (dev.vitrine.app.ui.concurrent.PulseSteps.anyWaiting()) return "parts waiting for their pulse";
        for (ArchiveView v : w.views()) {
            if (!v.built() || v.released()) continue; // a tab behind another loads nothing until shown
            if (!v.attached()) return "parts of " + v.session().path().getFileName();
            if (!v.firstDraw().isDone())
                return "first details of " + v.session().path().getFileName();
            if (!v.tree().rootItem().isLoaded())
                return "tree of " + v.session().path().getFileName();
            if (!v.hex().hex().settled())
                return "hex rows of " + v.session().path().getFileName();
        }
        return null;
    }

    /**
     * Polls {@code condition} on the FX thread every few milliseconds (a timer thread, not an
     * animation: pulses may be rare when nothing changes on screen).
     */
    public static CompletableFuture<Boolean> whenTrue(BooleanSupplier condition, java.time.Duration timeout) {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        int[] quiet = {0};
        ScheduledFuture<?>[] tick = new ScheduledFuture<?>[1];
        // One poll waits on the FX thread at a time: while a long frame held it, every 30 ms queued another, and
        // the frame's end ran them all back to back (a dozen checks of the whole window for one answer).
        java.util.concurrent.atomic.AtomicBoolean queued = new java.util.concurrent.atomic.AtomicBoolean();
        tick[0] = TIMER.scheduleWithFixedDelay(
                () -> {
                    if (!queued.compareAndSet(false, true)) return;
                    Platform.runLater(() -> {
                        queued.set(false);
                        if (done.isDone()) return;
                        quiet[0] = condition.getAsBoolean() ? quiet[0] + 1 : 0;
                        if (quiet[0] >= QUIET_POLLS) done.complete(true);
                        else if (System.nanoTime() > deadline) done.complete(false);
                        if (done.isDone()) tick[0].cancel(false);
                    });
                },
                POLL_MS,
                POLL_MS,
                TimeUnit.MILLISECONDS);
        return done;
    }

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vitrine-settle");
        t.setDaemon(true);
        return t;
    });
}
