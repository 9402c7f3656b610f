package dev.vitrine.core.format.bundle;

import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/** Helpers for the bundle tests: input trees, opening, verifying, editing an index. */
final class BundleTestFiles {
    private BundleTestFiles() {}

    static Path write(Path dir, String rel, byte[] data) throws IOException {
        Path p = dir.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.write(p, data);
        return p;
    }

    /** Compressible text of {@code n} bytes, varied by {@code seed}. */
    static byte[] text(int n, int seed) {
        StringBuilder sb = new StringBuilder();
        Random r = new Random(seed);
        while (sb.length() < n)
            sb.append("line ")
                    .append(r.nextInt(1000))
                    .append(" of file ")
                    .append(seed)
                    .append('\n');
        return sb.substring(0, n).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    static byte[] random(int n, int seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** A small tree with text, binary, empty, all-zero and nested files. */
    static Path sampleInput(Path dir) throws IOException {
        write(dir, "a.txt", text(1000, 1));
        write(dir, "b/c.bin", random(300_000, 2));
        write(dir, "b/empty", new byte[0]);
        write(dir, "b/d/zeros", new byte[600_000]);
        write(dir, "big.bin", text(1_500_000, 3));
        write(dir, "z.txt", text(10, 4));
        Files.createDirectories(dir.resolve("emptydir/sub"));
        return dir;
    }

    static BundleArchive open(Path bundle) throws IOException {
        return new BundleFormat().open(bundle, Limits.DEFAULT);
    }

    static List<Problem> verify(BundleArchive a) {
        List<Problem> out = new ArrayList<>();
        VerifyEngine.run(a, out::add);
        return out;
    }

    static List<Problem> errors(BundleArchive a) {
        return verify(a).stream()
                .filter(p -> p.severity() == dev.vitrine.core.model.Severity.ERROR)
                .toList();
    }

    static byte[] read(Content c) throws IOException {
        try (InputStream in = c.open()) {
            return in.readAllBytes();
        }
    }

    static ExportReport exportAll(BundleArchive a, Path dest) throws IOException {
        return new Exporter(ExportOptions.DEFAULT)
                .export(ListingSelection.all(a).contents(), dest);
    }

    /** Changes the bundle's index in place (tests only): puts each key/value, or deletes it when the value is null. */
    static void editIndex(Path bundle, byte[][]... kvs) throws Exception {
        RocksDB.loadLibrary();
        try (Options o = new Options();
                RocksDB db = RocksDB.open(o, bundle.resolve("index").toString())) {
            for (byte[][] kv : kvs) {
                if (kv[1] == null) db.delete(kv[0]);
                else db.put(kv[0], kv[1]);
            }
        }
    }

    static byte[][] kv(byte[] k, byte[] v) {
        return new byte[][] {k, v};
    }

    static byte[] getIndex(Path bundle, byte[] key) throws Exception {
        try (BundleArchive a = open(bundle)) {
            return a.index().get(key);
        }
    }
}
