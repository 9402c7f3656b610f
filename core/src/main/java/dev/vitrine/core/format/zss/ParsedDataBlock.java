package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.Uleb128;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A data block's records located once for random access (tree pages, the records table):
 * one long per record, the position of its length prefix. A malformed payload keeps the
 * records before the damage and remembers the error.
 */
final class ParsedDataBlock {
    final BlockFrame frame;
    final MemorySegment payload;
    /** Whether payload positions are file positions minus payloadOffset (codec none). */
    final boolean inFile;

    private final long[] prefixStarts;
    private final int count;
    final PayloadException error;

    private ParsedDataBlock(
            BlockFrame frame, MemorySegment payload, boolean inFile, long[] starts, int count, PayloadException error) {
        this.frame = frame;
        this.payload = payload;
        this.inFile = inFile;
        this.prefixStarts = starts;
        this.count = count;
        this.error = error;
    }

    static ParsedDataBlock parse(BlockFrame frame, MemorySegment payload, boolean inFile, long maxRecords) {
        long[] starts = new long[16];
        int n = 0;
        PayloadException error = null;
        RecordCursor c = new RecordCursor(payload);
        try {
            while (c.next()) {
                if (n >= maxRecords)
                    throw new PayloadException(
                            c.prefixStart(), "more than " + maxRecords + " records in one block (limit)");
                if (n == starts.length) starts = Arrays.copyOf(starts, n * 2);
                starts[n++] = c.prefixStart();
            }
            if (n == 0) error = new PayloadException(0, "empty block");
        } catch (PayloadException e) {
            error = e;
        }
        return new ParsedDataBlock(frame, payload, inFile, starts, n, error);
    }

    /** A block whose payload could not be decoded at all. */
    static ParsedDataBlock failed(BlockFrame frame, String message) {
        return new ParsedDataBlock(frame, UNDECODED, false, new long[0], 0, new PayloadException(0, message));
    }

    private static final MemorySegment UNDECODED = MemorySegment.ofArray(new byte[0]);

    /** Whether the payload was decoded (damaged records or not); false for {@link #failed}. */
    boolean decoded() {
        return payload != UNDECODED;
    }

    /**
     * The bytes this block keeps alive: its record positions (the array as allocated), and its
     * payload when {@code payloadOwned}, i.e. not a view of a mapped file.
     */
    long retainedBytes(boolean payloadOwned) {
        return IndexBlock.OBJECT_BYTES + 8L * prefixStarts.length + (payloadOwned ? payload.byteSize() : 0);
    }

    int count() {
        return count;
    }

    long prefixStart(int i) {
        return prefixStarts[i];
    }

    /** Record i as a view (start and length decoded from its prefix). */
    MemorySegment record(int i) {
        long p = prefixStarts[i];
        long len = lengthAt(p);
        return payload.asSlice(p + Uleb128.encodedLength(len), len);
    }

    /** The record length whose prefix starts at p (parse validated it), one-byte ones read here as in RecordCursor. */
    private long lengthAt(long p) {
        byte b = payload.get(ValueLayout.JAVA_BYTE, p);
        return b >= 0 ? b : Uleb128.decodeValidated(payload, p);
    }

    /** Position of record i's first content byte within the payload. */
    long contentStart(int i) {
        return prefixStarts[i] + prefixLength(i);
    }

    int prefixLength(int i) {
        return Uleb128.encodedLength(lengthAt(prefixStarts[i]));
    }

    /** The record whose bytes (prefix included) cover payload position {@code pos}, or -1. */
    int recordCovering(long pos) {
        int lo = 0, hi = count - 1, found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (prefixStarts[mid] <= pos) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (found < 0) return -1;
        long end = found + 1 < count
                ? prefixStarts[found + 1]
                : prefixStarts[found] + prefixLength(found) + record(found).byteSize();
        return pos < end ? found : -1;
    }
}
