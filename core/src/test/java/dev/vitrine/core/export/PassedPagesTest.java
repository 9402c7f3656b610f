package dev.vitrine.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.testing.ResidentSet;
import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pages a scan has passed leave the resident set (Linux: RssFile in /proc/self/status). */
class PassedPagesTest {
    @TempDir
    Path dir;

    @Test
    void aFrontToBackScanDoesNotKeepWhatItRead() throws Exception {
        Assumptions.assumeTrue(ResidentSet.known());
        long size = 96L << 20;
        Path p = dir.resolve("scan.bin");
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(size);
            f.seek(size - 1);
            f.write(1);
        }
        try (Arena arena = Arena.ofConfined();
                FileChannel ch = FileChannel.open(p)) {
            MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            long base = ResidentSet.fileKb();
            PassedPages passed = new PassedPages(data);
            long sum = 0;
            for (long off = 0; off < size; off += 4096) {
                sum += data.get(ValueLayout.JAVA_BYTE, off);
                if (off % (1 << 20) == 0) passed.passed(off);
            }
            long during = ResidentSet.fileKb() - base;
            // Read back a little behind the scan, as verify does for kept records: released again.
            passed.touched(1 << 20);
            sum += data.get(ValueLayout.JAVA_BYTE, 1 << 20);
            passed.passedAll(size);
            long after = ResidentSet.fileKb() - base;
            assertEquals(0, sum);
            assertTrue(during < (size >> 10) / 2, "resident during the scan: " + during + " KB of " + (size >> 10));
            assertTrue(after < 4096, "resident after the scan: " + after + " KB");
        }
    }
}
