package dev.vitrine.app.ui.timeline;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.text.TimeText;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;

/**
 * Timeline benchmark (not a test; bench/ark.sh runs it): opens an Ark log in a fresh JVM, reads
 * what the timeline draws (TimelineData.load, in the background as the window does) and builds a
 * TimelineView of 1400x800 on the headless platform, then prints
 * <ul>
 *   <li>open: the format's open (manifest decoded);</li>
 *   <li>first draw: from before the open to the first draw with every lane's density;</li>
 *   <li>redraw per zoom level, from the whole log down to the narrowest window (halving the span
 *       each level): the FX thread's time in draw() (the work a frame does), best and worst of
 *       several redraws with a pan between them, and once per level a snapshot (draw plus
 *       software rasterisation of the whole view) for comparison;</li>
 *   <li>heap: the most the heap held (sum of the heap pools' peaks), and held after a GC with
 *       the timeline shown. Run with -Xmx256m to hold it to the budget.</li>
 * </ul>
 * <pre>
 * java -Xmx256m -Dglass.platform=Headless -Dprism.order=sw -cp ... dev.vitrine.app.ui.timeline.ArkTimelineBench LOG
 * </pre>
 */
public final class ArkTimelineBench {
    private ArkTimelineBench() {}

    static final int REDRAWS = 7;

    public static void main(String[] args) throws Exception {
        Path log = Path.of(args[0]);
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        long t0 = System.nanoTime();
        Archive archive = FormatRegistry.get().open(log, Limits.DEFAULT);
        long tOpen = System.nanoTime();
        TimedMessages timed = archive.capability(TimedMessages.class).orElseThrow();
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long cpu0 = mx.getCurrentThreadCpuTime();
        TimelineData data = TimelineData.load(timed);
        long loadCpu = mx.getCurrentThreadCpuTime() - cpu0;
        long tLoad = System.nanoTime();
        TimelineView view = fx(() -> {
            TimelineView v = new TimelineView();
            StackPane root = new StackPane(v);
            new Scene(root, 1400, 800);
            root.applyCss();
            root.resize(1400, 800);
            root.layout();
            v.setData(data);
            return v;
        });
        long tDraw = System.nanoTime();
        long processCpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        long lanes = data.lanes().size();
        long messages =
                data.lanes().stream().mapToLong(TimelineData.Lane::count).sum();
        System.out.printf(Locale.ROOT, "log: %s, %,d messages on %d channels%n", log, messages, lanes);
        System.out.printf(Locale.ROOT, "open:          %7.0f ms%n", (tOpen - t0) / 1e6);
        System.out.printf(
                Locale.ROOT,
                "timeline data: %7.0f ms (channels, hidden ranges, density, files per channel)%n",
                (tLoad - tOpen) / 1e6);
        System.out.printf(
                Locale.ROOT,
                "               %7.0f ms of CPU (the machine's load makes wall time longer: %s)%n",
                loadCpu / 1e6,
                java.nio.file.Files.readString(Path.of("/proc/loadavg")).trim());
        System.out.printf(
                Locale.ROOT,
                "first draw:    %7.0f ms after the open began (its draw() took %.1f ms)%n",
                (tDraw - t0) / 1e6,
                fx(view::lastDrawNanos) / 1e6);
        System.out.printf(
                Locale.ROOT,
                "               (the process had used %.0f ms of CPU by then, JVM and JavaFX start included)%n",
                processCpu / 1e6);
        // Redraws at every zoom level: halve the span around the middle until the narrowest window.
        System.out.printf(
                Locale.ROOT,
                "%5s %14s %12s %12s %12s %12s%n",
                "level",
                "window",
                "draw best",
                "draw worst",
                "worst CPU",
                "snapshot");
        double worstAll = 0;
        double worstCpuAll = 0;
        List<Double> all = new ArrayList<>();
        for (int level = 0; level < 64; level++) {
            int lv = level;
            double[] t = fx(() -> {
                if (lv > 0) view.zoomAt(view.plotLeft() + view.plotWidth() / 2, 0.5);
                double[] ms = new double[REDRAWS + 1];
                for (int i = 0; i < REDRAWS; i++) {
                    view.panBy(i % 2 == 0 ? 3 : -3);
                    long c = mx.getCurrentThreadCpuTime();
                    view.draw();
                    ms[REDRAWS] = Math.max(ms[REDRAWS], (mx.getCurrentThreadCpuTime() - c) / 1e6);
                    ms[i] = view.lastDrawNanos() / 1e6;
                }
                return ms;
            });
            double snap = fx(() -> {
                long s = System.nanoTime();
                view.snapshot(null, null);
                return (System.nanoTime() - s) / 1e6;
            });
            double worstCpu = t[REDRAWS];
            t = Arrays.copyOf(t, REDRAWS);
            Arrays.sort(t);
            for (double x : t) all.add(x);
            worstAll = Math.max(worstAll, t[t.length - 1]);
            worstCpuAll = Math.max(worstCpuAll, worstCpu);
            long span = fx(() -> view.visibleStop() - view.visibleStart());
            System.out.printf(
                    Locale.ROOT,
                    "%5d %14s %9.2f ms %9.2f ms %9.2f ms %9.1f ms%n",
                    level,
                    TimeText.duration(span),
                    t[0],
                    t[t.length - 1],
                    worstCpu,
                    snap);
            if (span <= TimelineView.MIN_SPAN + 1) break;
        }
        all.sort(null);
        System.out.printf(
                Locale.ROOT,
                "redraw: median %.2f ms, 95th percentile %.2f ms, worst %.2f ms (worst FX-thread CPU %.2f ms) over %d redraws%n",
                all.get(all.size() / 2),
                all.get((int) (all.size() * 0.95)),
                worstAll,
                worstCpuAll,
                all.size());
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
        }
        System.gc();
        Runtime r = Runtime.getRuntime();
        System.out.printf(
                Locale.ROOT,
                "heap: peak %d MB, %d MB held after GC with the timeline shown (max %d MB)%n",
                peak >> 20,
                (r.totalMemory() - r.freeMemory()) >> 20,
                r.maxMemory() >> 20);
        archive.close();
        Platform.exit();
    }

    static <T> T fx(Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        return f.get();
    }
}
