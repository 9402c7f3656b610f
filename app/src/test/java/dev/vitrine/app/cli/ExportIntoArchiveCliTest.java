package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 19 item 6: an export never writes into the archive it reads, whatever the options. */
class ExportIntoArchiveCliTest {
    @TempDir
    Path temp;

    private static Map<String, byte[]> snapshot(Path dir) throws Exception {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList())
                files.put(dir.relativize(p).toString(), Files.readAllBytes(p));
        }
        return files;
    }

    private static void assertSame(Map<String, byte[]> before, Map<String, byte[]> after) {
        assertEquals(before.keySet(), after.keySet());
        for (String k : before.keySet()) assertArrayEquals(before.get(k), after.get(k), k);
    }

    /** A bundle holding files named like its own parts, so an export into it would replace them. */
    private Path bundle() throws Exception {
        Path in = temp.resolve("in");
        Files.createDirectories(in.resolve("index"));
        Files.writeString(in.resolve("index/CURRENT"), "not the index\n");
        Files.writeString(in.resolve("shard-00000000"), "not a shard\n");
        Path bundle = temp.resolve("bundle");
        assertEquals(
                0,
                CliRun.of("create", "bundle", in.toString(), bundle.toString()).exit());
        return bundle;
    }

    @Test
    void exportingABundleIntoItselfIsRefusedAndTheBundleStaysIntact() throws Exception {
        Path bundle = bundle();
        Map<String, byte[]> before = snapshot(bundle);

        CliRun r = CliRun.of("export", "--overwrite", bundle.toString(), bundle.toString());
        assertEquals(2, r.exit(), r.stderr());
        assertEquals(1, r.stderr().lines().count(), r.stderr());
        assertTrue(
                r.stderr()
                        .startsWith("vitrine: " + bundle + ": cannot use as destination: it is the archive being read"),
                r.stderr());
        assertSame(before, snapshot(bundle));
        assertEquals(0, CliRun.of("verify", bundle.toString()).exit());

        CliRun inside = CliRun.of(
                "export",
                "--overwrite",
                bundle.toString(),
                bundle.resolve("index/out").toString());
        assertEquals(2, inside.exit(), inside.stderr());
        assertTrue(inside.stderr().contains("it is inside the archive being read"), inside.stderr());
        assertFalse(Files.exists(bundle.resolve("index/out")), "nothing is created inside the archive either");
        assertSame(before, snapshot(bundle));
    }

    @Test
    void aSingleFileArchiveIsNeverWrittenOverByOneOfItsEntries() throws Exception {
        Path in = temp.resolve("in");
        Files.createDirectories(in);
        Files.writeString(in.resolve("x.caf"), "an entry named like the archive\n");
        Files.writeString(in.resolve("other.txt"), "other\n");
        Path dir = Files.createDirectories(temp.resolve("dir"));
        Path caf = dir.resolve("x.caf");
        assertEquals(
                0, CliRun.of("create", "caf", in.toString(), caf.toString()).exit());
        byte[] before = Files.readAllBytes(caf);

        CliRun r = CliRun.of("export", "--overwrite", caf.toString(), dir.toString());
        assertEquals(2, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("entry \"x.caf\" would be written over the archive being read"), r.stderr());
        assertArrayEquals(before, Files.readAllBytes(caf));
        assertFalse(Files.exists(dir.resolve("other.txt")), "refused before anything is written");

        // Beside the archive, an export that does not touch it still works.
        CliRun one = CliRun.of("export", caf.toString(), dir.toString(), "other.txt");
        assertEquals(0, one.exit(), one.stderr());
        assertArrayEquals(before, Files.readAllBytes(caf));
    }

    /** DIR is a local folder: a URL there is refused, not taken as the folder "s3:/bucket/out" the user would not look in. */
    @Test
    void aUrlAsTheDestinationIsRefusedAndNothingIsWritten() {
        String caf = Path.of("../core/src/test/resources/fixtures/caf/sample-ts-reference.caf")
                .toString();
        for (String dest : new String[] {"s3://bucket/out/", "http://127.0.0.1:9/out", "HTTPS://u:s3cr3t@host/x"}) {
            CliRun r = CliRun.of("export", caf, dest);
            assertEquals(2, r.exit(), r.stderr());
            assertEquals("", r.out());
            assertTrue(r.stderr().endsWith(": export writes to a local folder, not to a URL\n"), r.stderr());
            assertFalse(r.stderr().contains("s3cr3t"), r.stderr());
        }
        assertFalse(Files.exists(Path.of("s3:")) || Files.exists(Path.of("http:")) || Files.exists(Path.of("HTTPS:")));
    }
}
