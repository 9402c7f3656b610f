package dev.vitrine.app.ui.bench;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.MainWindow;
import dev.vitrine.app.ui.Settler;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.table.RecordsView;
import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * FX-thread stall benchmark (not a test). Opens a ~1 GB ZSS file written by our writer, then
 * scrolls the records table and the hex view and runs a verify, while an AnimationTimer
 * records the gap between consecutive FX pulses: the longest gap is the longest time the
 * window could not respond. Also measures time to first draw (tree, details and hex shown).
 *
 * <pre>
 * cd app && mvn -q -o dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java -Xmx1g -Dglass.platform=Headless -Dprism.order=sw --enable-native-access=ALL-UNNAMED \
 *      -cp target/test-classes:target/classes:$(cat /tmp/cp.txt) dev.vitrine.app.ui.bench.FxStallBench [FILE.zss]
 * </pre>
 * Without FILE it writes /tmp/vitrine-ui-bench/records-1g-none.zss (about 1 GB, codec none) once;
 * with -Dbench.deflate=true also a deflate one of about the same size. Over 100 ms of stall is a bug.
 */
public final class FxStallBench {
    static final long TARGET = 1L << 30;
    /** -Dbench.phases=records,hex,verify (default all) to profile one part. */
    static final String PHASES = System.getProperty("bench.phases", "records,hex,verify");

    /**
     * Longest gap between pulses per phase, and the FX thread's own CPU time within the worst
     * gaps: a long gap with little FX CPU is the machine being busy (other threads, other
     * processes, GC), a long gap full of FX CPU is work done on the FX thread, a bug.
     */
    static final class PulseGaps extends AnimationTimer {
        /** per phase: max gap, pulses, gaps over 50 ms, max FX CPU in one gap, FX CPU in the max gap */
        final Map<String, long[]> phases = new LinkedHashMap<>();

        volatile String phase = "idle";
        long last;
        long lastCpu;
        final List<Runnable> everyPulse = new ArrayList<>();
        final java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();

        @Override
        public void handle(long now) {
            long cpu = mx.getCurrentThreadCpuTime();
            if (last != 0) {
                long gap = now - last;
                long used = cpu - lastCpu;
                long[] s = phases.computeIfAbsent(phase, p -> new long[5]);
                if (gap > s[0]) {
                    s[0] = gap;
                    s[4] = used;
                }
                s[1]++;
                if (gap > 50_000_000L) s[2]++;
                s[3] = Math.max(s[3], used);
            }
            last = now;
            for (Runnable r : List.copyOf(everyPulse)) r.run();
            lastCpu = mx.getCurrentThreadCpuTime();
        }
    }

    public static void main(String[] args) throws Exception {
        if (System.getProperty("glass.platform") == null) System.setProperty("glass.platform", "Headless");
        if (System.getProperty("prism.order") == null) System.setProperty("prism.order", "sw");
        List<Path> files = new ArrayList<>();
        if (args.length > 0) {
            for (String a : args) files.add(Path.of(a));
        } else {
            Path dir = Files.createDirectories(Path.of("/tmp/vitrine-ui-bench"));
            files.add(generate(dir.resolve("records-1g-none.zss"), "none"));
            if (Boolean.getBoolean("bench.deflate"))
                files.add(generate(dir.resolve("records-1g-deflate.zss"), "deflate"));
        }
        Path warm = generateSmall();
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        PulseGaps gaps = new PulseGaps();
        MainWindow[] w = new MainWindow[1];
        Background background = Background.create();
        fx(() -> {
            w[0] = new MainWindow(new Stage(), SettingsStore.none(), background, false, 1360, 860);
            w[0].show();
            gaps.start();
        });
        // Warm-up: a small file, so the class loading of the first window is not counted below.
        long coldStart = System.nanoTime();
        gaps.phase = "cold start: first file, classes loading";
        openAndWait(w[0], warm, gaps);
        System.out.printf(
                Locale.US,
                "cold first draw (small file, includes class loading): %.0f ms%n",
                (System.nanoTime() - coldStart) / 1e6);
        gaps.phase = "close tab";
        closeAll(w[0]);
        for (Path f : files) run(w[0], f, gaps);
        System.out.println();
        System.out.println(
                "longest gap between FX pulses per phase; FX-thread CPU inside that gap; most FX CPU in any one gap:");
        gaps.phases.forEach((p, s) -> System.out.printf(
                Locale.US,
                "  %-46s %7.1f ms  (FX busy %5.1f ms; max FX %5.1f ms; %d pulses, %d over 50 ms)%n",
                p,
                s[0] / 1e6,
                s[4] / 1e6,
                s[3] / 1e6,
                s[1],
                s[2]));
        fx(gaps::stop);
        background.shutdown();
        Platform.exit();
        System.exit(0);
    }

    private static void run(MainWindow w, Path file, PulseGaps gaps) throws Exception {
        String name = file.getFileName().toString();
        System.out.printf(Locale.US, "%n%s: %s%n", name, Human.size(Files.size(file)));
        gaps.phase = name + " open";
        long t0 = System.nanoTime();
        ArchiveView v = openAndWait(w, file, gaps);
        System.out.printf(
                Locale.US,
                "  time to first draw (tree, details and hex shown): %.0f ms%n",
                (System.nanoTime() - t0) / 1e6);

        gaps.phase = name + " count records";
        if (Boolean.getBoolean("bench.trace"))
            System.out.println("  count phase starts at " + java.time.LocalTime.now());
        long t1 = System.nanoTime();
        fx(() -> v.details().select("tab-records"));
        await(() -> v.records() != null && v.records().count() >= 0, 600);
        RecordsView rv = get(() -> v.records());
        long n = get(rv::count);
        System.out.printf(
                Locale.US,
                "  counted %s records in %.1f s (\"counting…\" shown meanwhile)%n",
                Human.count(n),
                (System.nanoTime() - t1) / 1e9);

        gaps.phase = name + " scroll records";
        if (Boolean.getBoolean("bench.trace"))
            System.out.println("  scroll phase starts at " + java.time.LocalTime.now());
        long[] i = {0};
        long step = Math.max(1, n / 600);
        long ts = System.nanoTime();
        Runnable scrollTable = () -> rv.grid().scrollToRow(Math.min(n - 1, i[0] += step));
        fx(() -> gaps.everyPulse.add(scrollTable));
        await(() -> i[0] >= n - 1, 120);
        fx(() -> gaps.everyPulse.remove(scrollTable));
        System.out.printf(
                Locale.US, "  scrolled the table top to bottom in 600 steps: %.1f s%n", (System.nanoTime() - ts) / 1e9);
        fx(() -> rv.grid().scrollToRow(n - 1));
        settle(w);

        if (!PHASES.contains("hex") && !PHASES.contains("verify")) {
            closeAll(w);
            return;
        }
        gaps.phase = name + " scroll hex";
        HexView hex = v.hex().hex();
        long rows = get(() -> hex.layoutModel().rowCount());
        long[] r = {0};
        long rowStep = Math.max(1, rows / 600);
        long th = System.nanoTime();
        Runnable scrollHex = () -> hex.scrollToRow(r[0] += rowStep);
        fx(() -> gaps.everyPulse.add(scrollHex));
        await(() -> r[0] >= rows - 1, 120);
        fx(() -> gaps.everyPulse.remove(scrollHex));
        System.out.printf(
                Locale.US,
                "  scrolled the hex view top to bottom in 600 steps: %.1f s%n",
                (System.nanoTime() - th) / 1e9);
        settle(w);

        gaps.phase = name + " verify (while scrolling hex)";
        long t2 = System.nanoTime();
        fx(() -> v.verifier().start());
        r[0] = 0;
        Runnable slowScroll = () -> hex.scrollToRow(r[0] = (r[0] + 7) % rows);
        fx(() -> gaps.everyPulse.add(slowScroll));
        await(() -> !v.verifier().runningProperty().get() && v.verifier().lastReport() != null, 1800);
        fx(() -> gaps.everyPulse.remove(slowScroll));
        System.out.printf(
                Locale.US,
                "  verify: %.1f s, %s%n",
                (System.nanoTime() - t2) / 1e9,
                get(() -> v.problems().state()));
        settle(w);
        gaps.phase = "close tab";
        closeAll(w);
    }

    static ArchiveView openAndWait(MainWindow w, Path file, PulseGaps gaps) throws Exception {
        CompletableFuture<Void> opened = get(() -> w.open(List.of(file)));
        opened.get(120, TimeUnit.SECONDS);
        await(
                () -> w.current() != null
                        && w.current().firstDraw().isDone()
                        && w.current().tree().rootItem().isLoaded()
                        && w.current().hex().hex().settled(),
                120);
        return get(w::current);
    }

    static void closeAll(MainWindow w) throws Exception {
        if (Boolean.getBoolean("bench.trace")) System.out.println("  close starts at " + java.time.LocalTime.now());
        fx(() -> {
            for (ArchiveView v : w.views()) v.dispose();
            w.tabs().getTabs().clear();
        });
        settle(w);
    }

    static void settle(MainWindow w) throws Exception {
        CompletableFuture<Boolean> f = get(() -> Settler.whenSettled(w, java.time.Duration.ofMinutes(10)));
        f.get(11, TimeUnit.MINUTES);
    }

    /** Polls on the FX thread (so state is read where it is written) until true; false on time-out. */
    static boolean await(BooleanSupplier condition, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!get(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                System.out.println("  (timed out after " + seconds + " s)");
                return false;
            }
            Thread.sleep(2);
        }
        return true;
    }

    static void fx(Runnable r) throws Exception {
        get(() -> {
            r.run();
            return null;
        });
    }

    static <T> T get(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }

    /** Sorted records of ~100 bytes until the file is about 1 GB. */
    static Path generate(Path file, String codec) throws Exception {
        if (Files.exists(file)) return file;
        // Records are 84 bytes (+1 length byte); deflate roughly halves them.
        long records = "none".equals(codec) ? TARGET / 85 : TARGET / 85 * 2;
        System.out.printf("writing %s (%s records, codec %s)…%n", file, Human.count(records), codec);
        Path tmp = file.resolveSibling(file.getFileName() + ".part");
        Files.deleteIfExists(tmp);
        ZssWriter.write(tmp, ZssWriter.Options.of(ZssFlavor.ZSS).codec(codec), records(records));
        Files.move(tmp, file);
        return file;
    }

    private static Path generateSmall() throws Exception {
        Path f = Files.createTempFile("vitrine-warm", ".zss");
        Files.delete(f);
        ZssWriter.write(f, ZssWriter.Options.of(ZssFlavor.ZSS).codec("deflate").approxBlockSize(4096), records(20_000));
        f.toFile().deleteOnExit();
        return f;
    }

    static Iterator<byte[]> records(long n) {
        return new Iterator<>() {
            long i;

            @Override
            public boolean hasNext() {
                return i < n;
            }

            @Override
            public byte[] next() {
                long h = i * 0x9E3779B97F4A7C15L;
                String s = String.format(
                        Locale.ROOT,
                        "key-%012d payload %016x %016x %016x %08x",
                        i,
                        h,
                        h * 31,
                        h ^ (h >>> 17),
                        i++ & 0xffffffffL);
                return s.getBytes(StandardCharsets.US_ASCII);
            }
        };
    }
}
