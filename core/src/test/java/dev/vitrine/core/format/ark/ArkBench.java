package dev.vitrine.core.format.ark;

import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufIr;
import dev.vitrine.core.rbuf.RbufType;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Not a test: a harness for figures on a big generated log (kept out of the repo).
 * <pre>
 * java -Xmx256m -cp core/target/classes:core/target/test-classes:DEPS dev.vitrine.core.format.ark.ArkBench \
 *     /tmp/ark-big 10000000 50 100000     # messages, channels, messages per split (written if missing)
 * </pre>
 * Messages are small (a steady time point and two doubles, zstd), on {@code channels} channels at 1 kHz each.
 */
public final class ArkBench {
    private ArkBench() {}

    static final String IR = """
            {"schemas":[{"name":"Sample","object_namespace":"bench","fields":[{"name":"stamp","type":"steady_time_point"},
            {"name":"a","type":"double"},{"name":"b","type":"double"}],"groups":[]}],"enums":[]}""";

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        long n = Long.parseLong(args[1]);
        int channels = Integer.parseInt(args[2]);
        int perSplit = Integer.parseInt(args[3]);
        if (!Files.isDirectory(root.resolve("manifests"))) {
            long t0 = System.nanoTime();
            RbufIr ir = RbufIr.parse(IR);
            try (ArkWriter w = new ArkWriter(root, "bench")) {
                ArkWriter.Column c = w.column("all", "zstd").splitEvery(perSplit);
                ArkWriter.Channel[] ch = new ArkWriter.Channel[channels];
                for (int i = 0; i < channels; i++)
                    ch[i] = c.channel(String.format("/ch%02d", i), ir, "bench::Sample", i == 0);
                for (long i = 0; i < n; i++) {
                    long t = 1_000_000_000L + (i / channels) * 1_000_000L + (i % channels);
                    ch[(int) (i % channels)].write(
                            t,
                            new RValue.Obj(
                                    ir.schema("bench::Sample"),
                                    Map.of(
                                            "stamp",
                                            new RValue.Int(RbufType.STEADY_TIME_POINT, t),
                                            "a",
                                            new RValue.Real(RbufType.DOUBLE, i * 0.5),
                                            "b",
                                            new RValue.Real(RbufType.DOUBLE, -i)),
                                    List.of()));
                }
            }
            System.out.printf("write: %d messages in %.1f s%n", n, (System.nanoTime() - t0) / 1e9);
        }
        long t1 = System.nanoTime();
        try (ArkArchive a = ArkTestLogs.open(root)) {
            List<TimedMessages.ChannelInfo> cs = a.channels();
            System.out.printf(
                    "open + channel table (%d channels, %d messages): %.2f s%n",
                    cs.size(),
                    cs.stream().mapToLong(TimedMessages.ChannelInfo::count).sum(),
                    (System.nanoTime() - t1) / 1e9);
            long t2 = System.nanoTime();
            long k = 0;
            try (TimedMessages.Cursor c = a.messages(null, Long.MIN_VALUE, Long.MAX_VALUE)) {
                while (c.hasNext()) {
                    c.next();
                    k++;
                }
            }
            System.out.printf("merge (index only): %d messages in %.2f s%n", k, (System.nanoTime() - t2) / 1e9);
            long t3 = System.nanoTime();
            long lines = a.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, OutputStream.nullOutputStream());
            double s = (System.nanoTime() - t3) / 1e9;
            System.out.printf("cat --json: %d lines in %.2f s (%.0f lines/s)%n", lines, s, lines / s);
            Runtime r = Runtime.getRuntime();
            System.out.printf(
                    "heap used: %d MB (max %d MB)%n", (r.totalMemory() - r.freeMemory()) >> 20, r.maxMemory() >> 20);
        }
    }
}
