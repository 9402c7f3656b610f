package dev.vitrine.core.format.zss;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Walks the length-prefixed entries of a payload: uleb128 length · bytes. Data payloads are
 * just that; index payloads follow each key with two more uleb128s ({@link #nextUleb()}).
 * Allocation-free on the hot path (one-byte lengths).
 */
final class RecordCursor {
    private final MemorySegment p;
    private final long size;
    private long pos;
    private long prefixStart;
    private long start;
    private long length;

    RecordCursor(MemorySegment payload) {
        this.p = payload;
        this.size = payload.byteSize();
    }

    boolean hasMore() {
        return pos < size;
    }

    /** Reads the next length-prefixed item; false at the end of the payload. */
    boolean next() throws PayloadException {
        if (pos >= size) return false;
        prefixStart = pos;
        byte b = p.get(ValueLayout.JAVA_BYTE, pos);
        long len;
        if (b >= 0) {
            len = b;
            pos++;
        } else {
            len = nextUleb();
        }
        long remaining = size - pos;
        if (len > remaining) {
            throw new PayloadException(prefixStart, "record extends past end of block (" + remaining
                    + " bytes remaining in block, " + len + " bytes in record)");
        }
        start = pos;
        length = len;
        pos += len;
        return true;
    }

    /**
     * One uleb128 at the cursor, with the reference's rules: minimal encoding only, and no
     * more than 9 bytes (63 bits).
     */
    long nextUleb() throws PayloadException {
        long value = 0;
        int shift = 0;
        long at = pos;
        while (true) {
            if (pos >= size) throw new PayloadException(at, "hit end of buffer while decoding uleb128");
            if (shift + 7 > 64) throw new PayloadException(at, "uleb128 integer overflowed uint64");
            int x = p.get(ValueLayout.JAVA_BYTE, pos++) & 0xff;
            value |= (long) (x & 0x7f) << shift;
            if ((x & 0x80) == 0) {
                if (x == 0 && shift > 0) throw new PayloadException(at, "unnormalized uleb128");
                return value;
            }
            shift += 7;
        }
    }

    /** Position of the current item's length prefix. */
    long prefixStart() {
        return prefixStart;
    }

    long start() {
        return start;
    }

    long length() {
        return length;
    }

    /** Position after the last item read. */
    long position() {
        return pos;
    }

    MemorySegment item() {
        return p.asSlice(start, length);
    }
}
