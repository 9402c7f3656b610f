package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spill files leave nothing behind, and a full disk is an error, never a crash of the JVM. */
class ClpsSpillFilesTest {
    @TempDir
    Path dir;

    @AfterEach
    void unset() {
        System.clearProperty("vitrine.clps.cacheDir");
    }

    private static List<String> names(Path d) throws IOException {
        try (var s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void spillFilesAreUnlinkedAsSoonAsTheyExist() throws IOException {
        System.setProperty("vitrine.clps.cacheDir", dir.toString());
        try (ClpsSpill spill = new ClpsSpill(1L << 30, new ClpsSpill.MemoryBudget(0))) {
            MemorySegment s = spill.allocate(4 << 20);
            s.set(ValueLayout.JAVA_BYTE, (4 << 20) - 1, (byte) 7);
            assertEquals(7, s.get(ValueLayout.JAVA_BYTE, (4 << 20) - 1));
            long[] left = {3L << 20}; // a dictionary of 3 MiB, read in whatever pieces fill asks for
            MemorySegment d = spill.fill((b, off, len) -> {
                if (left[0] == 0) return -1;
                int n = (int) Math.min(len, left[0]);
                left[0] -= n;
                return n;
            }, 1L << 30, "dict");
            assertEquals(3L << 20, d.byteSize());
            assertEquals(List.of(), names(dir), "a process killed now (Ctrl-C, SIGKILL) leaves nothing");
        }
    }

    @Test
    void orphansOfDeadProcessesAreRemovedAndLiveOnesKept() throws IOException {
        long me = ProcessHandle.current().pid();
        Files.write(dir.resolve("dict-" + me + "-1.bin"), new byte[10]);
        Files.write(dir.resolve("stream-2147483646-9.bin"), new byte[10]);
        Files.write(dir.resolve("dict-123.bin"), new byte[10]); // named before spill files carried a pid
        Files.write(dir.resolve("notes.txt"), new byte[1]);
        ClpsSpill.removeOrphans(dir);
        assertEquals(List.of("dict-" + me + "-1.bin", "notes.txt"), names(dir));
    }

    @Test
    void aFullDiskIsAnErrorNamingTheFolderNotACrash() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a small tmpfs needs root");
        Path small = Files.createDirectories(dir.resolve("small"));
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString()).inheritIO().start();
        assumeTrue(m.waitFor(10, TimeUnit.SECONDS) && m.exitValue() == 0, "tmpfs could not be mounted here");
        try {
            System.setProperty("vitrine.clps.cacheDir", small.toString());
            try (ClpsSpill spill = new ClpsSpill(1L << 30, new ClpsSpill.MemoryBudget(0))) {
                ClpsSpill.DiskFullException e = assertThrows(ClpsSpill.DiskFullException.class, () -> spill.allocate(8 << 20));
                assertTrue(e.getMessage().startsWith(small + ": no space left on device"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"));
            }
            assertEquals(List.of(), names(small));
        } finally {
            new ProcessBuilder("umount", small.toString()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
