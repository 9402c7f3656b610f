package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.dump;
import static dev.vitrine.core.format.zss.ZssTestSupport.open;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.RowTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parsed index and data blocks are kept within a byte budget, not a count: 64 large index
 * blocks (or 8 large data blocks) of a big or hostile archive would otherwise stay in memory
 * whatever the limits say (#21: a remote verify or browse of 10 GB keeps memory bounded).
 */
class ZssParsedCacheBudgetTest {
    /** Blocks of at most 256 KiB, so each parsed-block cache may keep 256 KiB. */
    private static final Limits LIMITS = new Limits(256 << 10, 100_000, 64, 1 << 20);

    private static final int RECORD = 2048;

    @TempDir
    Path dir;

    @Test
    void keyLookupsThroughManyLargeIndexBlocksKeepTheIndexCacheWithinItsBudget() throws IOException {
        // Every record its own data block; 16 keys of 2 KiB make each index block about 32 KiB.
        int n = 1100;
        Path file = write(
                "index.zss",
                n,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("deflate")
                        .approxBlockSize(1)
                        .branchingFactor(16));
        try (ZssArchive z = open(file, LIMITS)) {
            for (int i = 0; i < n; i += 8) {
                assertArrayEquals(record(i), dump(z, key(i), key(i + 1), null, ""), "record " + i);
            }
            assertTrue(z.parsedBytes() > z.parsedBudget() / 2, "index blocks were kept: " + z.parsedBytes());
            assertTrue(
                    z.parsedPeak() <= z.parsedBudget(),
                    "parsed blocks retained " + z.parsedPeak() + " bytes, over the budget of " + z.parsedBudget());
        }
    }

    @Test
    void pagingThroughLargeDataBlocksKeepsTheDataCacheWithinItsBudget() throws IOException {
        int n = 800; // 25 data blocks of 64 KiB
        Path file = write(
                "data.zss",
                n,
                ZssWriter.Options.of(ZssFlavor.ZSS).codec("deflate").approxBlockSize(64 << 10));
        try (ZssArchive z = open(file, LIMITS)) {
            RowTable table = new RecordsTable(z);
            assertEquals(n, table.rowCount());
            for (int from = 0; from < n; from += 50) {
                List<RowTable.Row> rows = table.rows(from, 50);
                assertEquals(
                        new String(key(from), StandardCharsets.US_ASCII),
                        rows.getFirst().cells().get(1).substring(0, 10));
            }
            assertTrue(
                    z.parsedPeak() <= z.parsedBudget(),
                    "parsed blocks retained " + z.parsedPeak() + " bytes, over the budget of " + z.parsedBudget());
        }
    }

    @Test
    void aBlockWhoseRecordPositionsAloneExceedTheBudgetIsStillReadAndKept() throws IOException {
        // 40,000 one-byte records in one block: their positions weigh 320 KiB or more.
        Path file = dir.resolve("tiny.zss");
        Iterator<byte[]> same = java.util.stream.Stream.generate(() -> new byte[] {'a'})
                .limit(40_000)
                .iterator();
        ZssWriter.write(file, ZssWriter.Options.of(ZssFlavor.ZSS).codec("none").approxBlockSize(1 << 20), same);
        try (ZssArchive z = open(file, LIMITS)) {
            List<RowTable.Row> last = new RecordsTable(z).rows(39_999, 10);
            assertEquals(1, last.size());
            assertEquals("a", last.getFirst().cells().get(1));
            assertEquals(1, z.cachedBlocks(), "the one block is kept");
            assertTrue(z.parsedBytes() > z.parsedBudget(), "and weighs what it keeps: " + z.parsedBytes());
        }
    }

    private Path write(String name, int n, ZssWriter.Options options) throws IOException {
        Path file = dir.resolve(name);
        Iterator<byte[]> records = java.util.stream.IntStream.range(0, n)
                .mapToObj(ZssParsedCacheBudgetTest::record)
                .iterator();
        ZssWriter.write(file, options, records);
        return file;
    }

    /** The key, then filler that compresses to almost nothing: large blocks, a small file. */
    private static byte[] record(int i) {
        byte[] r = new byte[RECORD];
        Arrays.fill(r, (byte) 'x');
        byte[] k = key(i);
        System.arraycopy(k, 0, r, 0, k.length);
        return r;
    }

    private static byte[] key(int i) {
        return String.format("key-%06d", i).getBytes(StandardCharsets.US_ASCII);
    }
}
