package dev.vitrine.core.format.zss;

import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Not a test: a harness for throughput figures on big generated files (kept out of the repo).
 * <pre>
 * java -Xmx256m -cp core/target/classes:core/target/test-classes:DEPS dev.vitrine.core.format.zss.ZssBench \
 *     /tmp/big.zss none 1024      # write ~1024 MB of records (if missing), then verify and scan it
 * </pre>
 * Records look like the reference's benchmark file: ~36 bytes, sorted, 3M per 108 MB.
 */
public final class ZssBench {
    private ZssBench() {}

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Writes {@code v} as {@code width} zero-padded digits at {@code pos}; returns the end. */
    private static int digits(byte[] out, int pos, long v, int width) {
        for (int i = width - 1; i >= 0; i--) {
            out[pos + i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return pos + width;
    }

    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        String codec = args.length > 1 ? args[1] : "none";
        long mb = args.length > 2 ? Long.parseLong(args[2]) : 1024;
        if (!Files.exists(path)) {
            long t0 = System.nanoTime();
            Random rnd = new Random(1);
            long bytes = 0, n = 0;
            try (ZssWriter w =
                    ZssWriter.create(path, ZssWriter.Options.of(ZssFlavor.ZSS).codec(codec))) {
                byte[][] words = {
                    b("alpha"), b("bravo"), b("charlie"), b("delta"), b("echo"), b("foxtrot"), b("golf"), b("hotel")
                };
                byte[] r = new byte[64];
                while (bytes < mb << 20) {
                    // "%012d %s %s %05d", built by hand: String.format would dominate the run.
                    int len = digits(r, 0, n++, 12);
                    r[len++] = ' ';
                    byte[] w1 = words[rnd.nextInt(8)], w2 = words[rnd.nextInt(8)];
                    System.arraycopy(w1, 0, r, len, w1.length);
                    len += w1.length;
                    r[len++] = ' ';
                    System.arraycopy(w2, 0, r, len, w2.length);
                    len += w2.length;
                    r[len++] = ' ';
                    len = digits(r, len, rnd.nextInt(100000), 5);
                    w.add(r, 0, len);
                    bytes += len;
                }
                w.finish();
            }
            System.out.printf(
                    "wrote %s: %d records, %d MB of records, file %d MB in %.2f s%n",
                    path, n, bytes >> 20, Files.size(path) >> 20, (System.nanoTime() - t0) / 1e9);
        }
        for (int rep = 0; rep < 3; rep++) {
            try (ZssArchive z = ZssArchive.open(path, Limits.DEFAULT)) {
                long t0 = System.nanoTime();
                VerifyReport r = VerifyEngine.run(z, new VerifyListener() {
                    @Override
                    public void problem(Problem p) {
                        System.out.println(p);
                    }
                });
                double s = (System.nanoTime() - t0) / 1e9;
                long[] recs = {0, 0};
                long t1 = System.nanoTime();
                z.scan(null, null, null, (b, o, l) -> {
                    recs[0]++;
                    recs[1] += l;
                    return true;
                });
                double s2 = (System.nanoTime() - t1) / 1e9;
                System.out.printf(
                        "verify %s: %.2f s, %.0f MB/s of file (%s); scan: %d records, %.2f s, %.0f MB/s of records; heap used %d MB%n",
                        path.getFileName(),
                        s,
                        Files.size(path) / s / 1e6,
                        r.intact() ? "intact" : r.errors() + " errors",
                        recs[0],
                        s2,
                        recs[1] / s2 / 1e6,
                        (Runtime.getRuntime().totalMemory()
                                        - Runtime.getRuntime().freeMemory())
                                >> 20);
            }
        }
    }
}
