package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An outside tool reads the index we write: Debian's {@code ldb} (rocksdb-tools, RocksDB 7.8,
 * which needs table format_version 5 and --ignore_unknown_options) scans a copy of it, and its
 * keys and values equal ours. Skipped when {@code ldb} is not installed.
 */
class BundleLdbCrossCheckTest {
    @TempDir
    Path tmp;

    static Path ldb() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, "ldb");
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }

    @Test
    void ldbScanSeesOurKeysAndValues() throws Exception {
        Path ldb = ldb();
        assumeTrue(ldb != null, "Debian's ldb (rocksdb-tools) is not installed");
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        BundleTestFiles.write(in, "ünï/名前.txt", "x".getBytes(StandardCharsets.UTF_8));
        Path b = tmp.resolve("b");
        BundleWriter.write(in, b, BundleWriter.defaults().withRecordSize(65536));
        List<String> ours = new ArrayList<>();
        try (BundleArchive a = BundleTestFiles.open(b)) {
            a.index()
                    .scan(
                            new byte[0],
                            null,
                            (k, v) -> ours.add(HexFormat.of().withUpperCase().formatHex(k) + " : "
                                    + HexFormat.of().withUpperCase().formatHex(v)));
        }
        Path copy = tmp.resolve("copy"); // ldb opens read-write; the bundle itself stays untouched
        BundleIndex.copyTree(b.resolve("index"), copy);
        Process p = new ProcessBuilder(ldb.toString(), "--db=" + copy, "--ignore_unknown_options", "scan", "--hex")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assumeTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        List<String> theirs = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("0x")) theirs.add(line.replace("0x", "").strip());
        }
        assertEquals(ours, theirs);
        assertEquals(true, ours.size() > 10);
    }
}
