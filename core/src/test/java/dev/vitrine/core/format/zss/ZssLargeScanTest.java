package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.SortedRecords;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Full scans of a file large enough (over 16 MB, codec none) that CRCs are checked in batches
 * on a worker thread: every record arrives in order, and a damaged block in the middle stops
 * the scan at that block after everything before it was delivered, as on small files.
 */
class ZssLargeScanTest {
    private static final int RECORDS = 700_000;

    @TempDir
    static Path dir;

    static Path file;

    private static byte[] record(long i) {
        return String.format("key-%09d payload-%08x", i, i * 2654435761L & 0xffffffffL)
                .getBytes(StandardCharsets.US_ASCII);
    }

    @BeforeAll
    static void write() throws IOException {
        file = dir.resolve("large.zss");
        Iterator<byte[]> it = new Iterator<>() {
            long i;

            public boolean hasNext() {
                return i < RECORDS;
            }

            public byte[] next() {
                return record(i++);
            }
        };
        ZssWriter.write(file, ZssWriter.Options.of(ZssFlavor.ZSS).codec("none").approxBlockSize(64 << 10), it);
        assertTrue(Files.size(file) > 20L << 20, "file must be large enough for batched CRC checks");
    }

    /** Scans everything, checking each delivered record is the expected next one; returns the count. */
    private static long scanAll(Path p, AtomicLong delivered) throws IOException {
        try (Archive a = FormatRegistry.get().open(p, Limits.DEFAULT)) {
            a.capability(SortedRecords.class).orElseThrow().scan(null, null, null, (rec, off, n) -> {
                byte[] want = record(delivered.get());
                assertEquals(
                        new String(want, StandardCharsets.US_ASCII),
                        new String(rec, off, n, StandardCharsets.US_ASCII));
                delivered.incrementAndGet();
                return true;
            });
        }
        return delivered.get();
    }

    @Test
    void everyRecordArrivesInOrder() throws IOException {
        assertEquals(RECORDS, scanAll(file, new AtomicLong()));
    }

    @Test
    void damageInTheMiddleStopsAtThatBlockAfterDeliveringEverythingBefore() throws IOException {
        Path bad = dir.resolve("damaged.zss");
        Files.copy(file, bad);
        long pos = Files.size(bad) / 2; // data blocks fill the file up to the index at its end
        try (RandomAccessFile raf = new RandomAccessFile(bad.toFile(), "rw")) {
            raf.seek(pos);
            int b = raf.read();
            raf.seek(pos);
            raf.write(b ^ 0x20);
        }
        AtomicLong delivered = new AtomicLong();
        FormatException e = assertThrows(FormatException.class, () -> scanAll(bad, delivered));
        assertTrue(
                e.offset() <= pos && e.offset() > pos - (256 << 10),
                "offset " + e.offset() + " should be the block holding byte " + pos);
        long perRecord = Files.size(file) / RECORDS;
        assertTrue(
                delivered.get() > (pos - (256 << 10)) / perRecord - 20_000,
                "records before the damage were delivered: " + delivered.get());
        assertTrue(delivered.get() < RECORDS, "the scan stopped at the damage");
    }
}
