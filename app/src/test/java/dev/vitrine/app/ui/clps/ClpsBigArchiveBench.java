package dev.vitrine.app.ui.clps;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsTab;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.core.model.FilterableRecords;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Harness, not a test (named so the suite skips it): the JSON records view on a large clp-s
 * archive, -Dvitrine.bigclps=FILE (bench/clps.sh with WINDOW=1 runs it with -Xmx256m). Prints
 * the time to the first page of records (and how many packed streams it decoded), to the
 * packets and schema tabs' first draw, to the end of a filter scan over every record, and the
 * (-Dvitrine.bigclps.query=KQL, default level: ERROR) longest gap between two frames meanwhile with the FX thread's own CPU in it (a long gap with
 * little FX CPU is the machine or the collector, one full of FX CPU is work on the FX thread),
 * the collector's time, and the peak heap.
 */
class ClpsBigArchiveBench extends ClpsWindowTest {

    @Test
    void recordsViewOnALargeArchive() throws Exception {
        String file = System.getProperty("vitrine.bigclps");
        Assumptions.assumeTrue(file != null, "-Dvitrine.bigclps=FILE");
        AtomicLong last = new AtomicLong(),
                worst = new AtomicLong(),
                worstCpu = new AtomicLong(),
                over100 = new AtomicLong();
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        AnimationTimer frames = new AnimationTimer() {
            long lastCpu;

            @Override
            public void handle(long now) {
                long cpu = mx.getCurrentThreadCpuTime();
                long l = last.getAndSet(now);
                if (l != 0) {
                    if (now - l > worst.get()) {
                        worst.set(now - l);
                        worstCpu.set(cpu - lastCpu);
                    }
                    if (now - l > 100_000_000L) over100.incrementAndGet();
                }
                lastCpu = mx.getCurrentThreadCpuTime();
            }
        };
        fx(() -> {
            frames.start();
            return null;
        });
        long t0 = System.nanoTime();
        fx(() -> window.open(java.util.List.of(Path.of(file)))).get(600, TimeUnit.SECONDS);
        ArchiveView v = fx(() -> window.current());
        System.out.printf(
                "BENCH window opened: %d ms; worst frame gap %d ms%n",
                (System.nanoTime() - t0) / 1_000_000, worst.get() / 1_000_000);
        JsonRecordsView r = view(v, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(600, TimeUnit.SECONDS);
        waitUntil(
                "first page",
                () -> !r.grid().shownRows().isEmpty()
                        && r.grid().shownRows().stream().allMatch(LazyRow::isLoaded));
        long firstPage = System.nanoTime() - t0;
        Object archiveObject = fx(() -> v.session().archive());
        String streams = "";
        try {
            var records = archiveObject.getClass().getMethod("records").invoke(archiveObject);
            streams = records.getClass().getMethod("streamsDecoded").invoke(records) + " packed streams decoded";
        } catch (ReflectiveOperationException e) {
            streams = "streams decoded: unknown";
        }
        System.out.printf(
                "BENCH open -> first page of records: %d ms (%s; %s); worst frame gap %d ms (FX CPU in it %d ms)%n",
                firstPage / 1_000_000, fx(r::statusText), streams, worst.get() / 1_000_000, worstCpu.get() / 1_000_000);
        long tp = System.nanoTime();
        var packets = view(v, dev.vitrine.app.ui.packets.PacketsTab.ID, dev.vitrine.app.ui.packets.PacketsView.class);
        waitUntil("packets", () -> !packets.blocks().isEmpty());
        System.out.printf("BENCH packets tab -> its packets drawn: %d ms%n", (System.nanoTime() - tp) / 1_000_000);
        long tsc = System.nanoTime();
        var schema = view(v, dev.vitrine.app.ui.schema.SchemaTab.ID, dev.vitrine.app.ui.schema.SchemaView.class);
        schema.loaded().get(600, TimeUnit.SECONDS);
        System.out.printf("BENCH schema tab -> key tree drawn: %d ms%n", (System.nanoTime() - tsc) / 1_000_000);
        waitUntil("column sizes", () -> !schema.columnBytes().isEmpty());
        System.out.printf("BENCH schema tab -> bytes per column shown: %d ms%n", (System.nanoTime() - tsc) / 1_000_000);
        fx(() -> v.details().select("tab-" + JsonRecordsTab.ID));
        settle();
        System.out.printf(
                "BENCH settled (Files tab sizes filled): %d ms; worst frame gap %d ms%n",
                (System.nanoTime() - t0) / 1_000_000, worst.get() / 1_000_000);
        worst.set(0);
        over100.set(0);
        long gc0 = gcMillis();
        long t1 = System.nanoTime();
        fx(() -> {
            r.filterField().setText(System.getProperty("vitrine.bigclps.query", "level: ERROR"));
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("filter", () -> !r.scanning() && (r.statusText().contains("matches of") || r.errorText() != null));
        System.out.printf(
                "BENCH filter: %d ms, %s %s; worst frame gap %d ms (FX CPU in it %d ms), %d gaps over 100 ms, collector %d ms; peak heap %d MB%n",
                (System.nanoTime() - t1) / 1_000_000,
                fx(r::statusText),
                fx(r::errorText),
                worst.get() / 1_000_000,
                worstCpu.get() / 1_000_000,
                over100.get(),
                gcMillis() - gc0,
                peakHeapMb());
        // The same view over a stand-in query (a substring of the line) when the archive's own language is not in this
        // build.
        FilterableRecords archive = fx(
                () -> v.session().archive().capability(FilterableRecords.class).orElseThrow());
        JsonRecordsView s = fx(() -> {
            JsonRecordsView w = new JsonRecordsView(
                    background,
                    new ClpsRecordsViewTest.Substring(archive),
                    v.notifier(),
                    () -> window.stage(),
                    () -> v.exporter().destinations());
            tab(v, JsonRecordsTab.ID).setContent(w);
            return w;
        });
        s.loaded().get(600, TimeUnit.SECONDS);
        settle();
        worst.set(0);
        long t2 = System.nanoTime();
        fx(() -> {
            s.filterField().setText("ERROR");
            s.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("stand-in filter", () -> !s.scanning() && s.statusText().contains("matches of"));
        System.out.printf(
                "BENCH stand-in filter over every record: %d ms, %s; worst frame gap %d ms%n",
                (System.nanoTime() - t2) / 1_000_000, fx(s::statusText), worst.get() / 1_000_000);
        fx(() -> {
            frames.stop();
            return null;
        });
    }

    private static long gcMillis() {
        long t = 0;
        for (var g : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans())
            t += Math.max(0, g.getCollectionTime());
        return t;
    }

    private static long peakHeapMb() {
        long peak = 0;
        for (var p : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == java.lang.management.MemoryType.HEAP)
                peak += p.getPeakUsage().getUsed();
        }
        return peak >> 20;
    }
}
