package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Output of a decompressor: grows by doubling, but never past the limit, so memory follows
 * what a stream really produces rather than what a header promises.
 */
final class BoundedBuffer {
    private final long limit;
    private final String file;
    private final long offset;
    private byte[] buf;
    private int size;

    BoundedBuffer(long limit, int initial, String file, long offset) {
        this.limit = Math.min(limit, Integer.MAX_VALUE - 16);
        this.file = file;
        this.offset = offset;
        this.buf = new byte[(int) Math.max(16, Math.min(initial, this.limit))];
    }

    byte[] array() {
        return buf;
    }

    int size() {
        return size;
    }

    void advance(int n) {
        size += n;
    }

    /** Ensures room to write at least one more byte, or fails with the limit exceeded. */
    void ensureRoom() throws FormatException {
        if (size < buf.length) return;
        if (buf.length >= limit) {
            throw new FormatException(
                    file,
                    offset,
                    "block decompresses to more than " + limit
                            + " bytes (the limit for one block); refusing to continue");
        }
        buf = Arrays.copyOf(buf, (int) Math.min(limit, (long) buf.length * 2));
    }

    MemorySegment segment() {
        return MemorySegment.ofArray(buf).asSlice(0, size);
    }
}
