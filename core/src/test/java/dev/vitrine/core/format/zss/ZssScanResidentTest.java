package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.testing.ResidentSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole scan of a mapped codec-none file (what `vitrine cat` does) lets go of the pages it has
 * passed: reading 96 MB does not leave 96 MB resident (Linux: RssFile in /proc/self/status).
 */
class ZssScanResidentTest {
    private static final int RECORDS = 2_600_000;

    @TempDir
    Path dir;

    @Test
    void aWholeScanKeepsLittleOfTheFileResident() throws Exception {
        Assumptions.assumeTrue(ResidentSet.known());
        Path file = dir.resolve("scan.zss");
        Iterator<byte[]> it = new Iterator<>() {
            long i;

            public boolean hasNext() {
                return i < RECORDS;
            }

            public byte[] next() {
                return String.format("key-%09d payload-%016x", i, i++ * 2654435761L)
                        .getBytes(StandardCharsets.US_ASCII);
            }
        };
        ZssWriter.write(file, ZssWriter.Options.of(ZssFlavor.ZSS).codec("none").approxBlockSize(64 << 10), it);
        long size = Files.size(file);
        assertTrue(size > 80L << 20, "large enough to pass several releases: " + size);
        long[] seen = {0};
        long[] during = {-1};
        long base = ResidentSet.fileKb();
        try (Archive a = FormatRegistry.get().open(file, Limits.DEFAULT)) {
            a.capability(SortedRecords.class).orElseThrow().scan(null, null, null, (rec, off, n) -> {
                if (++seen[0] == RECORDS * 9L / 10) {
                    try {
                        during[0] = ResidentSet.fileKb() - base;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
                return true;
            });
        }
        assertEquals(RECORDS, seen[0]);
        assertTrue(
                during[0] < (size >> 10) / 2,
                "resident 90% into the scan: " + during[0] + " KB of a " + (size >> 10) + " KB file");
    }
}
