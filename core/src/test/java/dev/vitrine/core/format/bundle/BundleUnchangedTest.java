package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Node;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Looking at a bundle never changes it: every file hashed before and after open, browse, verify and export. */
class BundleUnchangedTest {
    @TempDir
    Path tmp;

    /** SHA-256 of every file under {@code dir}, and the list of names (a new LOG or LOCK would show). */
    static Map<String, byte[]> hashes(Path dir) throws Exception {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String rel = dir.relativize(p).toString();
                if (Files.isRegularFile(p))
                    out.put(rel, MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
                else out.put(rel + "/", new byte[0]);
            }
        }
        return out;
    }

    static void assertSame(Map<String, byte[]> before, Map<String, byte[]> after) {
        assertEquals(before.keySet(), after.keySet(), "no file added or removed");
        for (String k : before.keySet()) assertArrayEquals(before.get(k), after.get(k), k);
    }

    static void browse(Node n, int depth) throws Exception {
        n.fields();
        n.problems();
        n.range();
        if (n.decoded().isPresent()) {
            try {
                n.decoded().get().open().close();
            } catch (dev.vitrine.core.io.FormatException damaged) {
                // a damaged record's decoded bytes cannot be shown: the window says why
            }
        }
        if (depth > 0 && n.hasChildren()) for (Node c : n.children(0, 50)) browse(c, depth - 1);
    }

    @Test
    void openBrowseVerifyExportChangeNothing() throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path bundle = tmp.resolve("b");
        BundleWriter.write(in, bundle, BundleWriter.defaults());
        Map<String, byte[]> before = hashes(bundle);
        // the index's mtime too: RocksDB touching it would show here even with equal bytes
        long mtime = Files.getLastModifiedTime(bundle.resolve("index")).toMillis();
        try (BundleArchive a = BundleTestFiles.open(bundle)) {
            browse(a.root(), 6);
            assertEquals(List.of(), BundleTestFiles.verify(a));
            assertTrue(BundleTestFiles.exportAll(a, tmp.resolve("x")).ok());
            a.info();
        }
        assertSame(before, hashes(bundle));
        assertEquals(mtime, Files.getLastModifiedTime(bundle.resolve("index")).toMillis());
    }
}
