package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.FileSpace;
import dev.vitrine.core.io.SourceUnavailableException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spill files on the user's disk: nothing is left in the cache folder whatever stops the
 * process, and a disk without room is an error naming the folder, never a crash.
 */
class ClpsSpillFilesTest {

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }

    /** Ctrl-C while a 100 MB dictionary was written left it in ~/.cache/vitrine/clps: it must have no name by then. */
    @Test
    void aDictionaryBeingWrittenHasNoNameInTheCacheFolder(@TempDir Path dir) throws IOException {
        List<List<String>> seen = new ArrayList<>();
        int[] calls = {0};
        try (ClpsSpill s = new ClpsSpill(1L << 30, new ClpsSpill.MemoryBudget(0), () -> dir, FileSpace::reserve)) {
            MemorySegment m = s.fill(
                    (b, o, l) -> {
                        if (calls[0]++ == 40) return -1; // about 2.5 MB
                        if (calls[0] > 2) seen.add(names(dir)); // what a kill now would leave behind
                        for (int i = 0; i < l; i++) b[o + i] = (byte) calls[0];
                        return l;
                    },
                    Long.MAX_VALUE,
                    "/var.dict");
            assertEquals(m.byteSize(), s.inFiles(), "a large dictionary is in a spill file");
            assertEquals(40L * (1 << 16), m.byteSize());
            assertEquals(40, m.get(ValueLayout.JAVA_BYTE, m.byteSize() - 1));
            assertFalse(seen.isEmpty());
            for (List<String> n : seen)
                assertEquals(List.of(), n, "files in the cache folder while a dictionary is written");
            s.allocate(1 << 20);
            assertEquals(List.of(), names(dir), "and none after a stream's file is mapped");
        }
    }

    /** Files of a process that was killed (between open and unlink) are removed by the next one to use the folder. */
    @Test
    void spillFilesOfProcessesThatNoLongerRunAreRemoved(@TempDir Path dir) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        assertTrue(gone.waitFor(30, TimeUnit.SECONDS));
        long dead = gone.pid();
        long me = ProcessHandle.current().pid();
        Files.write(dir.resolve("dict-" + dead + "-1a2b.bin"), new byte[100]);
        Files.write(dir.resolve("stream-" + dead + "-3c.bin"), new byte[100]);
        Files.write(dir.resolve("dict-" + me + "-4d.bin"), new byte[100]);
        // Names of earlier versions (no process id): removed once they are clearly stale.
        Files.write(dir.resolve("dict-8131646251937713012.bin"), new byte[100]);
        Files.setLastModifiedTime(
                dir.resolve("dict-8131646251937713012.bin"),
                FileTime.fromMillis(System.currentTimeMillis() - 7_200_000));
        Files.write(dir.resolve("stream-42.bin"), new byte[100]);
        Files.write(dir.resolve("notes.bin"), new byte[1]);
        assertEquals(3, ClpsSpillFolder.removeOrphans(dir));
        assertEquals(
                List.of("dict-" + me + "-4d.bin", "notes.bin", "stream-42.bin"),
                names(dir).stream().sorted().toList());
    }

    @Test
    void aDiskWithoutRoomIsAnErrorNamingTheFolder(@TempDir Path dir) throws IOException {
        ClpsSpill.Reservation full = (f, ch, bytes) -> {
            throw new FileSystemException(f.toString(), null, "no space left on device");
        };
        try (ClpsSpill s = new ClpsSpill(1L << 30, new ClpsSpill.MemoryBudget(0), () -> dir, full)) {
            SourceUnavailableException e = assertThrows(SourceUnavailableException.class, () -> s.allocate(4L << 20));
            assertEquals(dir + ": no space left on device (needed 4194304 bytes for decoded streams)", e.getMessage());
            assertEquals(List.of(), names(dir), "the refused file is gone");
        }
    }

    /**
     * On a real full file system (a 1 MB tmpfs; root only): the stream that does not fit is
     * refused before it is mapped (zstd writing into the mapping died with SIGBUS), the one that
     * fits is written whole, and a dictionary that does not fit is refused as it is written.
     */
    @Test
    void aFullTmpfsIsRefusedBeforeAnythingIsMapped(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(
                System.getProperty("os.name").equals("Linux") && "root".equals(System.getProperty("user.name")),
                "needs root to mount a tmpfs");
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir.toString())
                .redirectErrorStream(true)
                .start();
        Assumptions.assumeTrue(
                mount.waitFor(30, TimeUnit.SECONDS) && mount.exitValue() == 0, "mount is not allowed here");
        try (ClpsSpill s = new ClpsSpill(1L << 30, new ClpsSpill.MemoryBudget(0), () -> dir, FileSpace::reserve)) {
            SourceUnavailableException e = assertThrows(SourceUnavailableException.class, () -> s.allocate(4L << 20));
            assertTrue(e.getMessage().startsWith(dir + ": "), e.getMessage());
            MemorySegment fits = s.allocate(512 << 10);
            for (long at = 0; at < fits.byteSize(); at += 4096)
                fits.set(ValueLayout.JAVA_BYTE, at, (byte) 1); // every page has its block
            assertThrows(SourceUnavailableException.class, () -> s.fill((b, o, l) -> l, 8L << 20, "/var.dict"));
        } finally {
            new ProcessBuilder("umount", dir.toString()).start().waitFor(30, TimeUnit.SECONDS);
        }
        assertEquals(List.of(), names(dir));
    }
}
