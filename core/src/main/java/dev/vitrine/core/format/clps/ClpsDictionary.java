package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * A decoded dictionary (/var.dict, /log.dict, /array.dict): entry i is the i-th {u64 length,
 * bytes}. The decoded bytes and the index of where each entry starts are segments, in the
 * spill for large dictionaries (a var.dict can hold millions of entries), so the heap holds
 * neither.
 */
final class ClpsDictionary {
    static final ClpsDictionary EMPTY = new ClpsDictionary(MemorySegment.NULL, MemorySegment.NULL, 0);

    final MemorySegment data;
    /** i64 per entry: where its bytes start in {@code data} (its u64 length is the 8 bytes before). */
    private final MemorySegment index;

    private final int size;
    /**
     * Per entry, whether its text needs JSON escaping: {@link #UNKNOWN} until first written, then
     * {@link #CLEAN} or {@link #ESCAPED}. Most entries need none, and a var.dict entry is written
     * once per value that refers to it: scanning it each time was a sixth of `cat`'s work. Threads
     * that race on an entry write the same answer.
     */
    private final byte[] escaping;

    static final byte UNKNOWN = 0, CLEAN = 1, ESCAPED = 2;

    private ClpsDictionary(MemorySegment data, MemorySegment index, int size) {
        this.data = data;
        this.index = index;
        this.size = size;
        this.escaping = new byte[size];
    }

    static ClpsDictionary parse(MemorySegment b, long count, ClpsSpill spill)
            throws ClpsDecodeException, java.io.IOException {
        long bytes = b.byteSize();
        if (count < 0 || count > bytes / 8 || count > Integer.MAX_VALUE - 16) {
            throw new ClpsDecodeException(
                    0,
                    "dictionary count " + Long.toUnsignedString(count) + " does not fit its " + bytes
                            + " decoded bytes");
        }
        int n = (int) count;
        MemorySegment index = spill.allocate(8L * n);
        // The lengths are read from copies of the bytes, a window at a time, and the index written a block at a
        // time: the loop runs on arrays, which the quick compiler makes fast (a segment access per value was
        // 75-130 ns there, most of a 1.5 M-entry var.dict's load).
        byte[] window = new byte[64 << 10];
        long windowAt = 0;
        int windowLength = 0;
        long[] block = new long[8192];
        long pos = 0;
        for (int i = 0; i < n; i++) {
            if (bytes - pos < 8)
                throw new ClpsDecodeException(
                        pos, "dictionary entry " + i + " length: needs 8 bytes but only " + (bytes - pos) + " remain");
            if (pos < windowAt || pos + 8 > windowAt + windowLength) {
                windowAt = pos;
                windowLength = (int) Math.min(window.length, bytes - pos);
                MemorySegment.copy(b, ValueLayout.JAVA_BYTE, pos, window, 0, windowLength);
            }
            long len = dev.vitrine.core.io.LittleEndian.u64(window, (int) (pos - windowAt));
            pos += 8;
            if (len < 0 || len > bytes - pos || len > Integer.MAX_VALUE - 16) {
                throw new ClpsDecodeException(
                        pos - 8,
                        "dictionary entry " + i + " length " + Long.toUnsignedString(len) + " does not fit the "
                                + (bytes - pos) + " bytes left");
            }
            block[i % block.length] = pos;
            if (i % block.length == block.length - 1 || i == n - 1) {
                int first = i - i % block.length;
                MemorySegment.copy(block, 0, index, LittleEndian.U64, 8L * first, i - first + 1);
            }
            pos += len;
        }
        if (pos != bytes)
            throw new ClpsDecodeException(pos, (bytes - pos) + " bytes after entry " + n + " of the dictionary");
        return new ClpsDictionary(b, index, n);
    }

    int size() {
        return size;
    }

    /** Entry i's escaping state as last {@linkplain #noteEscaping noted}. */
    byte escaping(int i) {
        return escaping[i];
    }

    void noteEscaping(int i, boolean needed) {
        escaping[i] = needed ? ESCAPED : CLEAN;
    }

    /** Where entry i's bytes start in the decoded dictionary. */
    long start(int i) {
        return index.getAtIndex(LittleEndian.U64, i);
    }

    int length(int i) {
        return (int) data.get(LittleEndian.U64, start(i) - 8);
    }

    byte[] bytes(int i) {
        long s = start(i);
        return data.asSlice(s, data.get(LittleEndian.U64, s - 8)).toArray(ValueLayout.JAVA_BYTE);
    }

    /** Whether entry i is exactly {@code value}: its length first, then its bytes where they lie. */
    boolean is(int i, byte[] value) {
        long s = start(i);
        return data.get(LittleEndian.U64, s - 8) == value.length
                && MemorySegment.mismatch(data, s, s + value.length, MemorySegment.ofArray(value), 0, value.length) < 0;
    }

    String text(int i) {
        return new String(bytes(i), StandardCharsets.UTF_8);
    }

    /** Bit 0: some entry holds a space, bit 1: a backslash, bit 2: a double quote; worked out on first use (-1 until then). */
    private volatile int bytesHeld = -1;

    /**
     * Whether some entry holds a space byte (a CLP string's variables never do: the space ends a
     * token).
     */
    boolean anySpace() {
        return (held() & 1) != 0;
    }

    /** Whether some entry holds a double quote (CLP's tokens never do). */
    boolean anyQuote() {
        return (held() & 4) != 0;
    }

    /** Whether some entry holds a backslash (a JSON text with variables from here may then hold escapes). */
    boolean anyBackslash() {
        return (held() & 2) != 0;
    }

    /**
     * Scans the decoded bytes once, eight at a time (a byte loop ran uncompiled on first use), for
     * spaces, backslashes and double quotes; one found there is looked up to tell an entry's byte from a length's.
     */
    private int held() {
        int known = bytesHeld;
        return known >= 0 ? known : heldOnce();
    }

    /** {@link #held} worked out by one thread: the others wait rather than scan the same tens of MB again. */
    private synchronized int heldOnce() {
        int known = bytesHeld;
        if (known >= 0) return known;
        int found = 0;
        long n = data.byteSize();
        long p = 0;
        // Copied a block at a time into an array: a plain array loop is compiled soon, a segment read per word not.
        long[] block = new long[(int) Math.min(8192, n / 8)];
        while (p + 8L * block.length <= n && block.length > 0 && found != 7) {
            MemorySegment.copy(data, LittleEndian.U64, p, block, 0, block.length);
            for (int w = 0; w < block.length; w++) {
                long v = block[w];
                if (hasByte(v, 0x2020202020202020L)
                        || hasByte(v, 0x5c5c5c5c5c5c5c5cL)
                        || hasByte(v, 0x2222222222222222L)) for (int k = 0; k < 8; k++) found |= at(p + 8L * w + k);
            }
            p += 8L * block.length;
        }
        for (; p < n && found != 7; p++) found |= at(p);
        bytesHeld = found;
        return found;
    }

    /**
     * Where bytes {@code from..to} of {@code b} hold a space or a double quote, in order, as many as
     * {@code out} holds; returns how many. Eight bytes at a time: most words hold neither.
     */
    static int spacesAndQuotes(byte[] b, int from, int to, int[] out) {
        int n = 0;
        int p = from;
        for (; p + 8 <= to && n + 8 <= out.length; p += 8) {
            long v = LittleEndian.u64(b, p);
            if (hasByte(v, 0x2020202020202020L) || hasByte(v, 0x2222222222222222L))
                for (int k = p; k < p + 8; k++) if (b[k] == ' ' || b[k] == '"') out[n++] = k;
        }
        for (; p < to && n < out.length; p++) if (b[p] == ' ' || b[p] == '"') out[n++] = p;
        return n;
    }

    /** Whether some byte of {@code v} equals the byte repeated in {@code pattern}. */
    private static boolean hasByte(long v, long pattern) {
        long x = v ^ pattern;
        return ((x - 0x0101010101010101L) & ~x & 0x8080808080808080L) != 0;
    }

    /** 1 for a space, 2 for a backslash, 4 for a double quote at byte {@code p} when it is part of an entry's text; else 0. */
    private int at(long p) {
        byte b = data.get(ValueLayout.JAVA_BYTE, p);
        if (b != ' ' && b != '\\' && b != '"') return 0;
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) { // the last entry starting at or before p
            int mid = (lo + hi) >>> 1;
            if (start(mid) <= p) lo = mid + 1;
            else hi = mid - 1;
        }
        if (hi < 0 || p >= start(hi) + length(hi)) return 0;
        return b == ' ' ? 1 : b == '\\' ? 2 : 4;
    }

    /** Every decoded byte, on the heap (for the decoded-bytes view). */
    byte[] decodedBytes() {
        return data.toArray(ValueLayout.JAVA_BYTE);
    }
}
