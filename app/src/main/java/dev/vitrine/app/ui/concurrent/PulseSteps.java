package dev.vitrine.app.ui.concurrent;

import java.util.ArrayDeque;
import java.util.Deque;
import javafx.animation.AnimationTimer;

/**
 * Runs steps on the FX thread one per pulse. Adding a big piece of scene graph costs its CSS
 * and layout in the next pulse, all at once; attaching a tab's parts one pulse apart spreads
 * that over several frames, so no single frame stalls (a fresh JVM's first archive tab cost
 * 150-220 ms in one frame). The first step runs at the next pulse.
 */
public final class PulseSteps extends AnimationTimer {
    private final Deque<Runnable> steps = new ArrayDeque<>();

    private PulseSteps() {}

    /** Starts running {@code steps} in order, one per pulse. Call on the FX thread. */
    public static PulseSteps run(Runnable... steps) {
        PulseSteps s = new PulseSteps();
        for (Runnable r : steps) s.steps.add(r);
        s.start();
        return s;
    }

    @Override
    public void handle(long now) {
        Runnable next = steps.poll();
        if (next != null) next.run();
        if (steps.isEmpty()) stop();
    }

    /** An empty queue: {@link #add} steps to it, each runs one pulse after the one before. Call on the FX thread. */
    public static PulseSteps queue() {
        return new PulseSteps();
    }

    /** Adds a step after those waiting (the next pulse runs it when none wait). Call on the FX thread. */
    public void add(Runnable step) {
        steps.add(step);
        start();
    }

    /** Runs what is left at once (when the caller cannot wait, e.g. closing). */
    public void finishNow() {
        stop();
        while (!steps.isEmpty()) steps.poll().run();
    }
}
