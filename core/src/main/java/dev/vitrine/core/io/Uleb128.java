package dev.vitrine.core.io;

/**
 * Unsigned little-endian base-128 integers. Decoding rejects non-minimal encodings and values
 * that do not fit in 64 bits, because both are corruption in the formats we read.
 */
public final class Uleb128 {
    private Uleb128() {}

    /** Result of a decode: the value and how many bytes it took. */
    public record Decoded(long value, int length) {}

    /** Why a decode failed, without an offset (the caller knows where it started). */
    public static final class Invalid extends Exception {
        public Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Decodes at {@code pos} in {@code b[0..limit)}.
     *
     * @throws Invalid if the bytes end inside the number, it is not minimal or overflows
     */
    public static Decoded decode(byte[] b, int pos, int limit) throws Invalid {
        long value = 0;
        int shift = 0;
        int i = pos;
        while (true) {
            if (i >= limit) throw new Invalid("hit end of buffer while decoding uleb128");
            int x = b[i++] & 0xff;
            if (shift == 63 && (x & 0x7e) != 0) throw new Invalid("uleb128 value does not fit in 64 bits");
            value |= (long) (x & 0x7f) << shift;
            if ((x & 0x80) == 0) {
                if (x == 0 && i - pos > 1) throw new Invalid("non-minimal uleb128 encoding");
                return new Decoded(value, i - pos);
            }
            shift += 7;
            if (shift > 63) throw new Invalid("uleb128 value does not fit in 64 bits");
        }
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
