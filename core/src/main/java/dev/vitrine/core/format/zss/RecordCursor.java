package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.Uleb128;
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
        // Most records are under 128 bytes: their one-byte prefix is read here, in the caller's
        // own profile (the shared decoder sees every kind of segment the process uses).
        byte b = p.get(ValueLayout.JAVA_BYTE, pos);
        long len;
        if (b >= 0) {
            len = b;
            pos++;
        } else {
            len = nextUleb();
        }
        long remaining = size - pos;
        if (Long.compareUnsigned(len, remaining) > 0) {
            throw new PayloadException(
                    prefixStart,
                    "record extends past end of block (" + remaining + " bytes remaining in block, "
                            + Long.toUnsignedString(len) + " bytes in record)");
        }
        start = pos;
        length = len;
        pos += len;
        return true;
    }

    /** One uleb128 at the cursor, in the reference's words when it is malformed. */
    long nextUleb() throws PayloadException {
        try {
            long v = Uleb128.decode(p, pos, size);
            pos += Uleb128.encodedLength(v);
            return v;
        } catch (Uleb128.Invalid e) {
            throw new PayloadException(pos, referenceMessage(e, "hit end of buffer while decoding uleb128"));
        }
    }

    /** The reference tool's message for a bad uleb128 ({@code truncated}: its words for an early end). */
    static String referenceMessage(Uleb128.Invalid e, String truncated) {
        return switch (e.kind()) {
            case TRUNCATED -> truncated;
            case NON_MINIMAL -> "unnormalized uleb128";
            case OVERFLOW -> "uleb128 integer overflowed uint64";
        };
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
