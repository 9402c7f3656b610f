package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The first and last records of blocks the verifier still waits to see referenced, as long
 * handles. The records are copied, within a byte budget; past it a handle only says "first/last
 * record of the data block at X" and that block is read again when the record is needed, so
 * memory stays bounded even for files whose index blocks all come at the end. Codec none copies
 * too: a file position resolved from the mapping, long after the scan let go of its pages,
 * faulted a 64 KiB window back in for every index entry (as many pages as the file has, and
 * released a second time), where two copies of a few dozen bytes per block cost next to nothing.
 */
final class KeyStore {
    /** No record known (damaged block). */
    static final long NO_KEY = Long.MIN_VALUE;

    private final BlockReader reader;
    private final long budget;
    private final List<byte[]> slots = new ArrayList<>();
    private int[] free = new int[16];
    private int freeCount;
    private long bytes;
    private long cachedBlock = -1;
    private MemorySegment cachedFirst;
    private MemorySegment cachedLast;

    KeyStore(BlockReader reader, long budget) {
        this.reader = reader;
        this.budget = budget;
    }

    /** The data block a handle past the budget reads again, or -1 for a copied record or none. */
    static long blockOf(long handle) {
        return handle < 0 && handle != NO_KEY ? ~handle >>> 1 : -1;
    }

    /** A handle for {@code record}, the first or last record of the data block at {@code blockOffset}. */
    long keep(MemorySegment record, long blockOffset, boolean first) {
        long n = record.byteSize();
        if (bytes + n > budget) return ~(blockOffset << 1 | (first ? 0 : 1));
        byte[] copy = record.toArray(ValueLayout.JAVA_BYTE);
        bytes += n;
        int slot;
        if (freeCount > 0) {
            slot = free[--freeCount];
            slots.set(slot, copy);
        } else {
            slot = slots.size();
            slots.add(copy);
        }
        return slot;
    }

    /** The record a handle stands for: its copy, or read again from its block. */
    MemorySegment resolve(long handle) throws FormatException {
        if (handle >= 0) return MemorySegment.ofArray(slots.get((int) handle));
        long code = ~handle;
        long block = code >>> 1;
        if (block != cachedBlock) {
            BlockFrame f = reader.frameAt(block, reader.size());
            ParsedDataBlock b = ParsedDataBlock.parse(f, reader.payload(f), false, Long.MAX_VALUE);
            if (b.count() == 0) throw new FormatException(reader.file(), block, "data block changed while verifying");
            cachedFirst = b.record(0);
            cachedLast = b.record(b.count() - 1);
            cachedBlock = block;
        }
        return (code & 1) == 0 ? cachedFirst : cachedLast;
    }

    /** The record is no longer needed: its copy's room goes back to the budget. */
    void release(long handle) {
        if (handle < 0 || handle == NO_KEY) return;
        int slot = (int) handle;
        byte[] b = slots.set(slot, null);
        if (b != null) bytes -= b.length;
        if (freeCount == free.length) free = java.util.Arrays.copyOf(free, freeCount * 2);
        free[freeCount++] = slot;
    }
}
