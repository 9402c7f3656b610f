package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import java.util.Arrays;

/**
 * Every block in file order, found by walking the length prefixes from the end of the header
 * (a few bytes read per block, no CRCs, no decompression). Grows on demand, so listing the
 * first page of a multi-GB file reads only its first blocks. Stops at the first framing
 * error, which it keeps for the nodes to show.
 */
final class BlockDirectory {
    private final BlockReader reader;
    private final long maxBlocks;
    private long[] offsets = new long[256];
    private short[] levels = new short[256];
    private int count;
    private long[] dataBlocks = new long[256];
    private int dataCount;
    private long next;
    /** Where blocks end: the file size, or the end an intact header promises (ZssArchive.trustedEnd). */
    private final long end;

    /** Where the walk next tells its source what follows ({@link #HINT_BYTES} apart: under a read-ahead). */
    private long hinted;

    private static final long HINT_BYTES = 8 << 20;

    private boolean done;
    private FormatException error;

    BlockDirectory(BlockReader reader, long start, long end, long maxBlocks) {
        this.reader = reader;
        this.next = start;
        this.end = end;
        this.maxBlocks = maxBlocks;
    }

    private boolean step() {
        if (done) return false;
        try {
            if (count >= maxBlocks) {
                throw new FormatException(
                        reader.file(), next, "more than " + maxBlocks + " blocks; listing stops here (limit)");
            }
            if (next >= hinted) {
                // Each frame is a few bytes far from the last: read one by one from a remote source, a
                // round trip per block (a 92 MB file over 300 ms: 105 s). Asked for ahead, it streams.
                reader.willRead(next, end - next);
                hinted = next + HINT_BYTES;
            }
            BlockFrame f = reader.frameAt(next, end);
            if (f == null) {
                done = true;
                return false;
            }
            if (count == offsets.length) {
                offsets = Arrays.copyOf(offsets, count * 2);
                levels = Arrays.copyOf(levels, count * 2);
            }
            offsets[count] = f.offset();
            levels[count] = (short) f.level();
            count++;
            if (f.isData()) {
                if (dataCount == dataBlocks.length) dataBlocks = Arrays.copyOf(dataBlocks, dataCount * 2);
                dataBlocks[dataCount++] = f.offset();
            }
            next = f.end();
            return true;
        } catch (FormatException e) {
            error = e;
            done = true;
            return false;
        }
    }

    /**
     * Scans until {@code enough} holds or the file ends. The lock is taken per batch of
     * blocks, not for the whole scan, so cheap queries (a UI asking whether the scan is
     * complete) never wait for a long scan of a multi-GB file.
     */
    private void scanUntil(java.util.function.BooleanSupplier enough) {
        while (true) {
            synchronized (this) {
                for (int i = 0; i < 1024; i++) {
                    if (done || enough.getAsBoolean()) return;
                    step();
                }
            }
        }
    }

    void ensureAll() {
        scanUntil(() -> false);
    }

    void ensureDataBlocks(long n) {
        scanUntil(() -> dataCount >= n);
    }

    /** Scans until the block covering {@code pos} (if any) is known. */
    void ensureOffset(long pos) {
        scanUntil(() -> next > pos);
    }

    /** Blocks found so far. */
    synchronized int count() {
        return count;
    }

    synchronized int dataCount() {
        return dataCount;
    }

    /** Offset of data block {@code i} (scanning as far as needed); IndexOutOfBounds past the last. */
    synchronized long dataOffset(int i) {
        ensureDataBlocks(i + 1L);
        if (i < 0 || i >= dataCount) throw new IndexOutOfBoundsException("data block " + i + " of " + dataCount);
        return dataBlocks[i];
    }

    synchronized boolean complete() {
        return done;
    }

    synchronized FormatException error() {
        return error;
    }

    /** Index (in the all-blocks order) of the block starting at or before {@code pos}, or -1. */
    synchronized int blockAtOrBefore(long pos) {
        int i = Arrays.binarySearch(offsets, 0, count, pos);
        return i >= 0 ? i : -i - 2;
    }

    synchronized long offset(int i) {
        return offsets[i];
    }

    synchronized int level(int i) {
        return levels[i];
    }

    /** Data-block number of the data block at {@code offset}, or -1. */
    synchronized int dataIndexOf(long offset) {
        int i = Arrays.binarySearch(dataBlocks, 0, dataCount, offset);
        return i >= 0 ? i : -1;
    }

    /** End of the last block found so far. */
    synchronized long scannedTo() {
        return next;
    }
}
