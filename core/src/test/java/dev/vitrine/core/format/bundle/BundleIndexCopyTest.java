package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The private copy of a bundle's index: only what the database reads, tables linked rather
 * than copied, and nothing left in the temporary folder when the process is stopped.
 */
class BundleIndexCopyTest {

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** A copy of the real RocksDB fixture with what a database folder may also hold and never reads. */
    private static Path indexWithJunk(Path dir) throws Exception {
        Path index = dir.resolve("index");
        BundleIndex.copyTree(BundleIndexFixtureTest.fixture("rocksdb"), index);
        try (RandomAccessFile junk =
                new RandomAccessFile(index.resolve("junk.bin").toFile(), "rw")) {
            junk.setLength(900L << 20); // sparse: no disk taken, but a plain copy would write 900 MB
        }
        Files.writeString(index.resolve("LOG"), "info log\n");
        Files.writeString(index.resolve("LOG.old.1700000000000000"), "older info log\n");
        Files.writeString(index.resolve("MANIFEST-000001"), "a manifest CURRENT no longer names\n");
        return index;
    }

    @Test
    void onlyTheFilesTheDatabaseReadsAreTakenAndTablesAreLinked(@TempDir Path dir) throws Exception {
        Path index = indexWithJunk(dir);
        try (BundleIndex idx = BundleIndex.open(index, 64 << 20)) {
            Path copy = idx.copyFolder();
            assertEquals(
                    List.of(
                            "000004.sst",
                            "000007.sst",
                            "000009.log",
                            "CURRENT",
                            "IDENTITY",
                            "MANIFEST-000008",
                            "OPTIONS-000011"),
                    names(copy).stream().filter(n -> !n.startsWith("LOG")).toList());
            int[] keys = {0};
            idx.scan(new byte[0], null, (k, v) -> ++keys[0] > 0);
            assertEquals(20_004, keys[0], "every key of the fixture is read from the copy");
            if (Files.getFileStore(copy).equals(Files.getFileStore(index))) {
                assertTrue(
                        Files.isSameFile(copy.resolve("000004.sst"), index.resolve("000004.sst")),
                        "a table is a hard link, not a copy");
                assertFalse(
                        Files.isSameFile(copy.resolve("MANIFEST-000008"), index.resolve("MANIFEST-000008")),
                        "a manifest is copied");
            }
        }
    }

    /** Opens the index named by args[0], prints its copy's folder, then waits to be stopped. */
    public static final class HoldOpen {
        public static void main(String[] args) throws Exception {
            BundleIndex idx = BundleIndex.open(Path.of(args[0]), 64 << 20);
            System.out.println(idx.copyFolder());
            System.out.flush();
            System.in.read();
            idx.close();
        }
    }

    private static Process holdOpen(Path index, Path tmp) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-Djava.io.tmpdir=" + tmp,
                        "-cp",
                        System.getProperty("java.class.path"),
                        HoldOpen.class.getName(),
                        index.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    private static Path copyOf(Process p) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        Path copy = Path.of(r.readLine());
        assertTrue(Files.isDirectory(copy), "the index is open from its copy");
        return copy;
    }

    /** Ctrl-C or SIGTERM after the index was opened left its copy behind every time. */
    @Test
    void aProcessStoppedBySigtermLeavesNoCopy(@TempDir Path dir) throws Exception {
        Path index = dir.resolve("index");
        BundleIndex.copyTree(BundleIndexFixtureTest.fixture("rocksdb"), index);
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Process p = holdOpen(index, tmp);
        Path copy = copyOf(p);
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertFalse(Files.exists(copy), "the copy is removed when the process is stopped");
        assertEquals(List.of(), names(tmp));
    }

    /** A killed process cannot clean up: the next one to open a bundle removes its copy, and only copies of processes that are gone. */
    @Test
    void copiesOfProcessesThatNoLongerRunAreRemoved(@TempDir Path dir) throws Exception {
        Path index = indexWithJunk(dir);
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Process p = holdOpen(index, tmp);
        Path killed = copyOf(p);
        p.destroyForcibly(); // SIGKILL
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(Files.isDirectory(killed));
        Path mine = Files.createDirectory(
                tmp.resolve("vitrine-bundle-index-" + ProcessHandle.current().pid() + "-1"));
        Path old = Files.createDirectory(tmp.resolve("vitrine-bundle-index-4242424242"));
        Files.setLastModifiedTime(old, FileTime.fromMillis(System.currentTimeMillis() - 2 * 86_400_000L));
        Path recent = Files.createDirectory(tmp.resolve("vitrine-bundle-index-77"));
        Path ours = Files.createDirectory(
                tmp.resolve("vitrine-bundle-index-" + ProcessHandle.current().pid() + "-2"));
        assertEquals(2, BundleIndexCopy.removeOrphans(tmp, ours));
        assertFalse(Files.exists(killed));
        assertFalse(Files.exists(old));
        assertTrue(Files.exists(mine) && Files.exists(recent) && Files.exists(ours));
    }
}
