package dev.vitrine.core.io;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Unsigned little-endian base-128 integers: the one decoder every format uses. A u64 takes at
 * most {@link #MAX_LENGTH} bytes; nine carry 63 bits, so the 10th may carry only the top bit
 * (0x01). Decoding rejects non-minimal encodings and anything longer or larger, because both
 * are corruption in the formats we read. Since encodings are minimal, a decoded value took
 * exactly {@link #encodedLength(long)} bytes, which lets the hot path return a bare long.
 */
public final class Uleb128 {
    /** The longest encoding of a u64. */
    public static final int MAX_LENGTH = 10;

    private Uleb128() {}

    /** Result of a decode: the value and how many bytes it took. */
    public record Decoded(long value, int length) {}

    /** What is wrong with a number; formats with a reference tool word each kind its way. */
    public enum Kind {
        TRUNCATED("hit end of buffer while decoding uleb128"),
        NON_MINIMAL("non-minimal uleb128 encoding"),
        OVERFLOW("uleb128 value does not fit in 64 bits");

        final String message;

        Kind(String message) {
            this.message = message;
        }
    }

    /** Why a decode failed and where the number starts (a position in what was decoded). */
    public static final class Invalid extends Exception {
        private final Kind kind;
        private final long offset;

        Invalid(Kind kind, long offset) {
            super(kind.message, null, false, false);
            this.kind = kind;
            this.offset = offset;
        }

        public Kind kind() {
            return kind;
        }

        /** Position of the number's first byte. */
        public long offset() {
            return offset;
        }

        /** As damage in {@code file}, at {@code base} plus the number's position. */
        public FormatException at(String file, long base) {
            return new FormatException(file, base + offset, getMessage());
        }
    }

    /**
     * The value at {@code pos} in {@code s[0..limit)}; it took {@link #encodedLength(long)} bytes.
     *
     * @throws Invalid if the bytes end inside the number, it is not minimal or overflows
     */
    public static long decode(MemorySegment s, long pos, long limit) throws Invalid {
        // Most lengths in our formats fit in one byte: keep this path small enough to inline.
        if (pos < limit) {
            byte b = s.get(ValueLayout.JAVA_BYTE, pos);
            if (b >= 0) return b;
        }
        return decodeLong(s, pos, limit);
    }

    private static long decodeLong(MemorySegment s, long pos, long limit) throws Invalid {
        long value = 0;
        long i = pos;
        for (int shift = 0; ; shift += 7) {
            if (i >= limit) throw new Invalid(Kind.TRUNCATED, pos);
            int x = s.get(ValueLayout.JAVA_BYTE, i++) & 0xff;
            // The 10th byte holds bit 63 alone, and ends the number.
            if (shift == 63 && (x & 0xfe) != 0) throw new Invalid(Kind.OVERFLOW, pos);
            value |= (long) (x & 0x7f) << shift;
            if ((x & 0x80) == 0) {
                if (x == 0 && shift > 0) throw new Invalid(Kind.NON_MINIMAL, pos);
                return value;
            }
        }
    }

    /** {@link #decode(MemorySegment, long, long)} over bytes an earlier decode already accepted. */
    public static long decodeValidated(MemorySegment s, long pos) {
        try {
            return decode(s, pos, s.byteSize());
        } catch (Invalid e) {
            throw new IllegalStateException("uleb128 at " + pos + " was validated before: " + e.getMessage());
        }
    }

    /**
     * Decodes at {@code pos} in {@code b[0..limit)}.
     *
     * @throws Invalid if the bytes end inside the number, it is not minimal or overflows
     */
    public static Decoded decode(byte[] b, int pos, int limit) throws Invalid {
        long v = decode(MemorySegment.ofArray(b), pos, limit);
        return new Decoded(v, encodedLength(v));
    }

    public static int encodedLength(long v) {
        int n = 1;
        while ((v >>>= 7) != 0) n++;
        return n;
    }

    /** Writes {@code v} at {@code pos}; returns the position after it. */
    public static int encode(long v, byte[] out, int pos) {
        while ((v & ~0x7fL) != 0) {
            out[pos++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out[pos++] = (byte) v;
        return pos;
    }

    public static byte[] encode(long v) {
        byte[] out = new byte[encodedLength(v)];
        encode(v, out, 0);
        return out;
    }
}
