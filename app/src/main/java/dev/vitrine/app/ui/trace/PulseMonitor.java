package dev.vitrine.app.ui.trace;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javafx.animation.AnimationTimer;

/**
 * With {@code -Dvitrine.trace=true}: reports every gap between FX pulses longer than 50 ms
 * (or with over 25 ms of FX-thread CPU), with how much of it the FX thread spent on the CPU. A long gap with little FX CPU is the
 * machine being busy elsewhere (other threads, GC, other processes, the renderer); a long gap
 * full of FX CPU is work done on the FX thread, which is a bug when it passes 100 ms. With
 * {@code -Dvitrine.trace.stacks=true} a watcher thread also samples the FX thread's stack
 * every few milliseconds while a pulse is late and prints where the time went. It keeps the
 * animation running, so it is for measuring only, never on in normal use.
 */
public final class PulseMonitor extends AnimationTimer {
    private static final long REPORT_NS = 50_000_000L;
    private static final boolean STACKS = Boolean.getBoolean("vitrine.trace.stacks");
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    private long last;
    private long lastCpu;
    private volatile long lastPulse = System.nanoTime();
    private volatile Thread fx;
    /** Samples of the FX thread's stack in the current late pulse, by where they were. */
    private final Map<String, Integer> samples = new HashMap<>();

    public PulseMonitor() {
        if (STACKS) {
            Thread w = new Thread(this::watch, "vitrine-pulse-watch");
            w.setDaemon(true);
            w.start();
        }
    }

    @Override
    public void handle(long now) {
        fx = Thread.currentThread();
        long cpu = mx.getCurrentThreadCpuTime();
        if (last != 0 && (now - last > REPORT_NS || cpu - lastCpu > REPORT_NS / 2)) {
            Trace.log(String.format(
                    Locale.ROOT,
                    "pulse gap %.0f ms (FX thread on CPU %.0f ms)",
                    (now - last) / 1e6,
                    (cpu - lastCpu) / 1e6));
            synchronized (samples) {
                samples.entrySet().stream()
                        .sorted((a, b) -> b.getValue() - a.getValue())
                        .limit(8)
                        .forEach(e -> System.err.printf("    %3d x %s%n", e.getValue(), e.getKey()));
            }
        }
        synchronized (samples) {
            samples.clear();
        }
        last = now;
        lastCpu = mx.getCurrentThreadCpuTime();
        lastPulse = System.nanoTime();
    }

    private void watch() {
        while (true) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
            Thread t = fx;
            if (t == null || System.nanoTime() - lastPulse < 30_000_000L) continue;
            String where = where(t.getStackTrace());
            synchronized (samples) {
                samples.merge(where, 1, Integer::sum);
            }
        }
    }

    /** The top frame and the first few of ours (or of JavaFX's pulse) below it. */
    private static String where(StackTraceElement[] st) {
        if (st.length == 0) return "?";
        StringBuilder sb = new StringBuilder(frame(st[0]));
        int ours = 0;
        for (int i = 1; i < st.length && ours < 4; i++) {
            String c = st[i].getClassName();
            if (c.startsWith("dev.vitrine")
                    || c.endsWith("QuantumToolkit")
                    || c.startsWith("javafx.scene.Scene$ScenePulseListener")
                    || c.startsWith("javafx.scene.control.skin")
                    || c.equals("javafx.scene.Parent") && ours == 0) {
                sb.append(" < ").append(frame(st[i]));
                ours++;
            }
        }
        return sb.toString();
    }

    private static String frame(StackTraceElement e) {
        String c = e.getClassName();
        return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
    }
}
