package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Benchmark harness (not a test): decodes ARCHIVE to OUT (or /dev/null) as JSON lines, like
 * `clp-s x --ordered`, and prints the time. Run with the test class path:
 * java -cp ... dev.vitrine.core.format.clps.ClpsBench ARCHIVE [OUT] [verify]
 */
public final class ClpsBench {
    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        try (var a = FormatRegistry.get().open(Path.of(args[0]), Limits.DEFAULT);
                OutputStream out = new BufferedOutputStream(new FileOutputStream(args.length > 1 ? args[1] : "/dev/null"), 1 << 20)) {
            ClpsArchive c = (ClpsArchive) a;
            long n = c.records().recordCount();
            c.records().writeJsonLines(null, out);
            out.flush();
            long t1 = System.nanoTime();
            System.err.printf("%d records in %.0f ms%n", n, (t1 - t0) / 1e6);
            if (args.length > 2) {
                var report = dev.vitrine.core.verify.VerifyEngine.run(a, p -> System.err.println(p));
                System.err.printf("verify: %d errors in %.0f ms%n", report.errors(), (System.nanoTime() - t1) / 1e6);
            }
        }
    }
}
