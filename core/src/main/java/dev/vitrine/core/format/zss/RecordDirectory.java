package dev.vitrine.core.format.zss;

import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Record numbers across the whole file: how many records come before each data block,
 * counted block by block as far as a caller needs (the total needs every block, which is
 * why {@link dev.vitrine.core.model.RowTable#rowCount()} may block). A damaged block counts
 * the records readable before its damage.
 */
final class RecordDirectory {
    private final ZssArchive archive;
    private final BlockDirectory blocks;
    /** before[i] = records in data blocks 0..i-1; before[counted] = all counted so far. */
    private long[] before = new long[257];

    private int counted;
    private final List<Problem> problems = new ArrayList<>();

    RecordDirectory(ZssArchive archive, BlockDirectory blocks) {
        this.archive = archive;
        this.blocks = blocks;
    }

    private boolean countNext() throws IOException {
        blocks.ensureDataBlocks(counted + 1L);
        if (counted >= blocks.dataCount()) return false;
        ParsedDataBlock b = archive.parsedDataBlock(blocks.dataOffset(counted));
        if (b.error != null) problems.add(Problem.of(b.error.at(archive.source().name(), b.frame.offset())));
        if (counted + 1 >= before.length) before = Arrays.copyOf(before, before.length * 2);
        before[counted + 1] = before[counted] + b.count();
        counted++;
        return true;
    }

    /** Counts blocks until record {@code n} is covered or the data ends. */
    synchronized void ensureRecords(long n) throws IOException {
        while (before[counted] < n && countNext()) {
            // keep going
        }
    }

    synchronized long total() throws IOException {
        while (countNext()) {
            // keep going
        }
        return before[counted];
    }

    /** Data-block number holding record {@code r} (after ensureRecords(r + 1)), or -1. */
    synchronized int blockOf(long r) {
        if (r < 0 || r >= before[counted]) return -1;
        int lo = 0, hi = counted - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (before[mid] <= r) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    synchronized long firstRecordOf(int block) {
        return before[block];
    }

    synchronized List<Problem> problems() {
        return List.copyOf(problems);
    }
}
