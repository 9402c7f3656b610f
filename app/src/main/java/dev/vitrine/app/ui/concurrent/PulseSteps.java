package dev.vitrine.app.ui.concurrent;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import javafx.animation.AnimationTimer;

/**
 * Runs steps on the FX thread one per pulse. Adding a big piece of scene graph costs its CSS
 * and layout in the next pulse, all at once; attaching a tab's parts one pulse apart spreads
 * that over several frames, so no single frame stalls (a fresh JVM's first archive tab cost
 * 150-220 ms in one frame). The first step runs at the next pulse.
 *
 * <p>One step of all queues runs per pulse: the tab in front attaching a part, its records
 * table adding columns and a folder's next tab each cost a frame's worth, and met in the same
 * pulse they made frames of 200-400 ms. A {@link #yielding} queue (tabs opened behind) runs only
 * in pulses no other queue has a step waiting for; an {@link #urgent} one (the first rows of a
 * records table) before the others.
 */
public final class PulseSteps extends AnimationTimer {
    /** Queues with steps waiting (FX thread only). */
    private static final Set<PulseSteps> WAITING = new HashSet<>();
    /** The pulse (its timestamp, the same for every timer of a pulse) that last ran a step. */
    private static long steppedAt = Long.MIN_VALUE;

    private final Deque<Runnable> steps = new ArrayDeque<>();
    private boolean yielding;
    private boolean urgent;

    private PulseSteps() {}

    /** Starts running {@code steps} in order, one per pulse. Call on the FX thread. */
    public static PulseSteps run(Runnable... steps) {
        PulseSteps s = new PulseSteps();
        for (Runnable r : steps) s.steps.add(r);
        s.begin();
        return s;
    }

    @Override
    public void handle(long now) {
        if (now == steppedAt || yielding && othersWaiting() || !urgent && urgentWaiting()) return;
        Runnable next = steps.poll();
        steppedAt = now;
        if (steps.isEmpty()) end();
        if (next != null) next.run();
    }

    /** An empty queue: {@link #add} steps to it, each runs one pulse after the one before. Call on the FX thread. */
    public static PulseSteps queue() {
        return new PulseSteps();
    }

    /** This queue's steps wait while another queue has steps waiting. */
    public PulseSteps yielding() {
        yielding = true;
        return this;
    }

    /**
     * This queue's steps go before those of the other queues (each still in a pulse of its own):
     * a clp-s archive's first records waited behind its table's columns joining a few per pulse
     * and the hex and problems panes attaching, six to eight frames.
     */
    public PulseSteps urgent() {
        urgent = true;
        return this;
    }

    private static boolean urgentWaiting() {
        for (PulseSteps q : WAITING) if (q.urgent) return true;
        return false;
    }

    private static boolean othersWaiting() {
        for (PulseSteps q : WAITING) if (!q.yielding) return true;
        return false;
    }

    /**
     * Whether any queue has steps waiting: the window is still putting parts on screen (a
     * view's first read may start in a step that waits its turn). Call on the FX thread.
     */
    public static boolean anyWaiting() {
        return !WAITING.isEmpty();
    }

    /** Adds a step after those waiting (the next pulse runs it when none wait). Call on the FX thread. */
    public void add(Runnable step) {
        steps.add(step);
        begin();
    }

    /** Adds a step before those waiting: it runs in the next pulse this queue gets. Call on the FX thread. */
    public void addNext(Runnable step) {
        steps.addFirst(step);
        begin();
    }

    /**
     * Drops the steps not run yet (their view is gone). Only this leaves the queues waiting: a
     * queue merely stopped stays among them, and queues that wait for others (tabs opened
     * behind) and the window's "settled" would wait for it forever.
     */
    public void cancel() {
        steps.clear();
        end();
    }

    /** Runs what is left at once (when the caller cannot wait, e.g. closing). */
    public void finishNow() {
        end();
        while (!steps.isEmpty()) steps.poll().run();
    }

    private void begin() {
        if (!steps.isEmpty()) WAITING.add(this);
        start();
    }

    private void end() {
        WAITING.remove(this);
        stop();
    }
}
