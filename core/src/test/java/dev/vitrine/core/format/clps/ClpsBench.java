package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;

/**
 * Benchmark harness (not a test). Run with the test class path (bench/clps.sh does):
 * <pre>
 * java -cp ... dev.vitrine.core.format.clps.ClpsBench ARCHIVE [OUT] [verify]   decode to OUT (or /dev/null) like `clp-s x --ordered`
 * java -cp ... dev.vitrine.core.format.clps.ClpsBench ARCHIVE --first-page      what the window's first draw needs from core
 * </pre>
 * The first-page mode opens the archive and times what the window asks for before it draws:
 * info, the schema's key paths, and the first 256 records in order; it prints how many packed
 * streams that decoded and the peak heap (run it with -Xmx to check a bound).
 */
public final class ClpsBench {
    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        if (args.length > 1 && args[1].equals("--first-page")) {
            firstPage(Path.of(args[0]), t0);
            return;
        }
        try (var a = FormatRegistry.get().open(Path.of(args[0]), Limits.DEFAULT);
                OutputStream out = new BufferedOutputStream(
                        new FileOutputStream(args.length > 1 ? args[1] : "/dev/null"), 1 << 20)) {
            ClpsArchive c = (ClpsArchive) a;
            long n = c.records().recordCount();
            c.records().writeJsonLines(null, out);
            out.flush();
            long t1 = System.nanoTime();
            System.err.printf("%d records in %.0f ms; peak heap %d MB%n", n, (t1 - t0) / 1e6, peakHeapMb());
            if (args.length > 2) {
                var report = dev.vitrine.core.format.VerifyEngine.run(a, p -> System.err.println(p));
                System.err.printf("verify: %d errors in %.0f ms%n", report.errors(), (System.nanoTime() - t1) / 1e6);
            }
        }
    }

    private static void firstPage(Path file, long t0) throws Exception {
        try (var a = FormatRegistry.get().open(file, Limits.DEFAULT)) {
            ClpsArchive c = (ClpsArchive) a;
            long open = System.nanoTime();
            a.info();
            long info = System.nanoTime();
            var records =
                    a.capability(dev.vitrine.core.model.FilterableRecords.class).orElseThrow();
            long n = records.recordCount();
            records.keyPaths(40);
            long keys = System.nanoTime();
            var page = records.lines(0, 256);
            long first = System.nanoTime();
            System.err.printf(
                    "open %.0f ms, info %.0f ms, key paths %.0f ms, first %d of %d records %.0f ms (%d of %d packed streams decoded);"
                            + " total %.0f ms, process CPU %.0f ms; peak heap %d MB%n",
                    (open - t0) / 1e6,
                    (info - open) / 1e6,
                    (keys - info) / 1e6,
                    page.size(),
                    n,
                    (first - keys) / 1e6,
                    c.records().streamsDecoded(),
                    c.tableMetadata().value().streams.size(),
                    (first - t0) / 1e6,
                    cpuMs(),
                    peakHeapMb());
            long far = System.nanoTime();
            records.lines(n - 256, 256);
            System.err.printf(
                    "last page after that: %.0f ms (%d streams decoded); peak heap %d MB%n",
                    (System.nanoTime() - far) / 1e6, c.records().streamsDecoded(), peakHeapMb());
        }
    }

    /** CPU time of the whole process so far (all threads, JIT and collector included). */
    static double cpuMs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime()
                / 1e6;
    }

    /** Sum of the heap pools' peaks (an upper bound on the heap in use at any one time). */
    static long peakHeapMb() {
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
        return peak >> 20;
    }
}
