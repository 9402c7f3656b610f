package dev.vitrine.app.ui.timeline;

import static dev.vitrine.app.ui.timeline.ArkTimelineBench.fx;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.TimedMessages;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * Messages table benchmark (not a test; bench/ark-table.sh runs it): the whole log of an Ark
 * log in the messages table, headless, in a fresh JVM. Prints the time until the first rows
 * show, until the count is complete, to read the last row and to find a picked message's row
 * mid-log; the longest the FX thread was kept from answering meanwhile; and the heap's peak.
 * <pre>
 * java -Xmx256m -Dglass.platform=Headless -Dprism.order=sw -cp ... dev.vitrine.app.ui.timeline.ArkMessagesTableBench LOG
 * </pre>
 */
public final class ArkMessagesTableBench {

    private ArkMessagesTableBench() {}

    public static void main(String[] args) throws Exception {
        Path log = Path.of(args[0]);
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        Archive archive = FormatRegistry.get().open(log, Limits.DEFAULT);
        TimedMessages timed = archive.capability(TimedMessages.class).orElseThrow();
        TimelineData data = TimelineData.load(timed);
        Background background = Background.create();
        MessagesTable mt = fx(() -> {
            MessagesTable t = new MessagesTable(timed, background);
            new Scene(t, 1400, 500);
            t.applyCss();
            t.layout();
            t.setData(data);
            return t;
        });
        AtomicLong worstFxWait = new AtomicLong();
        Thread pinger = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                long s = System.nanoTime();
                CompletableFuture<Void> f = new CompletableFuture<>();
                Platform.runLater(() -> f.complete(null));
                f.join();
                worstFxWait.accumulateAndGet(System.nanoTime() - s, Math::max);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        pinger.setDaemon(true);
        pinger.start();
        long t0 = System.nanoTime();
        fx(() -> {
            mt.setChannels(java.util.Set.of()); // reads at once, as after the window settles
            mt.setWindow(data.minNs(), data.maxNs());
            return null;
        });
        while (!fx(() ->
                !mt.table().getItems().isEmpty() && mt.table().getItems().get(0).row() != null)) Thread.sleep(2);
        long tFirst = System.nanoTime();
        long waitFirst = worstFxWait.getAndSet(0);
        mt.loaded().get();
        long tCount = System.nanoTime();
        long waitCount = worstFxWait.getAndSet(0);
        long n = fx(mt::rowCount);
        long last = n - 1;
        fx(() -> {
            mt.grid().scrollToRow(last);
            return null;
        });
        while (!fx(() -> mt.grid().shownRows().getLast().row() != null)) Thread.sleep(2);
        long tLast = System.nanoTime();
        long waitLast = worstFxWait.getAndSet(0);
        String lastRow = fx(() -> mt.grid().shownRows().getLast().row().cells().get(2) + " at "
                + mt.grid().shownRows().getLast().row().cells().get(0));
        // A message mid-log, found as a pick would: by time from the checkpoint before it.
        long mid = n / 2 + 517;
        TimedMessages.Message middle = mt.messageAt(mid); // off the FX thread: reads its page
        long tPick = System.nanoTime();
        fx(() -> {
            mt.select(middle, true);
            return null;
        });
        while (fx(() -> mt.grid().viewport().selection().lead()) != mid) Thread.sleep(2);
        long tFound = System.nanoTime();
        if (args.length > 1) { // a picture of the table to look at (unthemed: no stylesheet here)
            while (!fx(() -> mt.grid().shownRows().stream().allMatch(r -> r.row() != null))) Thread.sleep(2);
            fx(() -> dev.vitrine.app.ui.Screenshot.save(mt.getScene(), Path.of(args[1])));
        }
        pinger.interrupt();
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
        }
        System.gc();
        Runtime r = Runtime.getRuntime();
        System.out.printf(
                Locale.ROOT,
                "log: %s, %,d rows (the whole log, all channels); load average %s%n",
                log,
                n,
                java.nio.file.Files.readString(Path.of("/proc/loadavg")).trim());
        System.out.printf(Locale.ROOT, "first rows shown: %7.0f ms after the window was set%n", (tFirst - t0) / 1e6);
        System.out.printf(Locale.ROOT, "count complete:   %7.0f ms%n", (tCount - t0) / 1e6);
        System.out.printf(
                Locale.ROOT,
                "last row read:    %7.0f ms after scrolling to it (%s)%n",
                (tLast - tCount) / 1e6,
                lastRow);
        System.out.printf(Locale.ROOT, "pick mid-log:     %7.0f ms to select row %,d%n", (tFound - tPick) / 1e6, mid);
        System.out.printf(
                Locale.ROOT,
                "FX thread: longest wait to run a task: %.1f ms until the first rows, %.1f ms until the count, %.1f ms scrolling to the end, %.1f ms for the pick%n",
                waitFirst / 1e6,
                waitCount / 1e6,
                waitLast / 1e6,
                worstFxWait.get() / 1e6);
        System.out.printf(
                Locale.ROOT,
                "heap: peak %d MB, %d MB held after GC (max %d MB)%n",
                peak >> 20,
                (r.totalMemory() - r.freeMemory()) >> 20,
                r.maxMemory() >> 20);
        archive.close();
        Platform.exit();
        System.exit(0);
    }
}
