package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Record and key comparison (unsigned bytewise, as memcmp) and their display forms. */
public final class Keys {
    private Keys() {}

    /** memcmp order; a proper prefix sorts first. Vectorised through {@link MemorySegment#mismatch}. */
    public static int compare(MemorySegment a, MemorySegment b) {
        long m = a.mismatch(b);
        if (m < 0) return 0;
        if (m == a.byteSize()) return -1;
        if (m == b.byteSize()) return 1;
        return (a.get(ValueLayout.JAVA_BYTE, m) & 0xff) - (b.get(ValueLayout.JAVA_BYTE, m) & 0xff);
    }

    private static final ValueLayout.OfLong BE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN);

    /**
     * memcmp order of two ranges, without making slices (the verify hot loop). Short records
     * are compared eight bytes at a time as big-endian longs, which is several times cheaper
     * than {@link MemorySegment#mismatch}'s setup for 20-50 byte keys.
     */
    static int compare(MemorySegment a, long aOff, long aLen, MemorySegment b, long bOff, long bLen) {
        long n = Math.min(aLen, bLen);
        if (n <= 64) {
            long i = 0;
            for (; i + 8 <= n; i += 8) {
                long x = a.get(BE_LONG, aOff + i), y = b.get(BE_LONG, bOff + i);
                if (x != y) return Long.compareUnsigned(x, y);
            }
            for (; i < n; i++) {
                int x = a.get(ValueLayout.JAVA_BYTE, aOff + i) & 0xff,
                        y = b.get(ValueLayout.JAVA_BYTE, bOff + i) & 0xff;
                if (x != y) return x - y;
            }
            return Long.compare(aLen, bLen);
        }
        long m = MemorySegment.mismatch(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
        if (m < 0) return 0;
        if (m == aLen) return -1;
        if (m == bLen) return 1;
        return (a.get(ValueLayout.JAVA_BYTE, aOff + m) & 0xff) - (b.get(ValueLayout.JAVA_BYTE, bOff + m) & 0xff);
    }

    /**
     * memcmp order of two ranges of arrays: short records eight bytes at a time, inline (the
     * verify hot loop, where a call into the vectorised mismatch costs more than it saves).
     * Little-endian words, the machine's own order: equal words need no byte swap, and the
     * first differing byte is the lowest differing one, found by counting trailing zeros.
     */
    static int compare(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
        int n = Math.min(aLen, bLen);
        if (n > 64) return java.util.Arrays.compareUnsigned(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            long x = LittleEndian.u64(a, aOff + i), y = LittleEndian.u64(b, bOff + i);
            if (x != y) return firstDifference(x, y);
        }
        for (; i < n; i++) {
            int x = a[aOff + i] & 0xff, y = b[bOff + i] & 0xff;
            if (x != y) return x - y;
        }
        return Integer.compare(aLen, bLen);
    }

    /** The sign of memcmp for two unequal little-endian words: their lowest differing byte decides. */
    private static int firstDifference(long x, long y) {
        int shift = Long.numberOfTrailingZeros(x ^ y) & ~7;
        return (int) ((x >>> shift) & 0xff) - (int) ((y >>> shift) & 0xff);
    }

    public static int compare(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }

    /** Text for a table cell: printable ASCII as is, the rest as Python-style escapes, cut at {@code max} chars. */
    public static String escape(MemorySegment s, int max) {
        StringBuilder sb = new StringBuilder();
        long n = s.byteSize();
        for (long i = 0; i < n; i++) {
            if (sb.length() >= max) {
                sb.append('…');
                break;
            }
            // No quote to escape (-1 matches no byte: a NUL must come out as \x00, not "\" and a NUL).
            appendEscaped(sb, s.get(ValueLayout.JAVA_BYTE, i) & 0xff, -1);
        }
        return sb.toString();
    }

    public static String escape(byte[] b, int off, int len, int max) {
        return escape(MemorySegment.ofArray(b).asSlice(off, len), max);
    }

    public static String escape(byte[] b) {
        return escape(b, 0, b.length, Integer.MAX_VALUE);
    }

    /** Python's repr of a bytes object, e.g. b'a\x00', as the reference prints keys in messages. */
    public static String pyBytesRepr(MemorySegment s, int max) {
        long n = s.byteSize();
        boolean hasSingle = false, hasDouble = false;
        for (long i = 0; i < n; i++) {
            byte c = s.get(ValueLayout.JAVA_BYTE, i);
            if (c == '\'') hasSingle = true;
            if (c == '"') hasDouble = true;
        }
        char q = hasSingle && !hasDouble ? '"' : '\'';
        StringBuilder sb = new StringBuilder("b").append(q);
        for (long i = 0; i < n; i++) {
            if (sb.length() >= max) {
                sb.append("...");
                break;
            }
            appendEscaped(sb, s.get(ValueLayout.JAVA_BYTE, i) & 0xff, q);
        }
        return sb.append(q).toString();
    }

    /** Python's repr of an ASCII str, e.g. 'XXX-bad-codec-XX'. */
    static String pyRepr(String s) {
        boolean hasSingle = s.indexOf('\'') >= 0, hasDouble = s.indexOf('"') >= 0;
        char q = hasSingle && !hasDouble ? '"' : '\'';
        StringBuilder sb = new StringBuilder().append(q);
        for (int i = 0; i < s.length(); i++) appendEscaped(sb, s.charAt(i) & 0xff, q);
        return sb.append(q).toString();
    }

    private static void appendEscaped(StringBuilder sb, int c, int quote) {
        switch (c) {
            case '\\' -> sb.append("\\\\");
            case '\t' -> sb.append("\\t");
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            default -> {
                if (c == quote) sb.append('\\').append((char) c);
                else if (c >= 0x20 && c < 0x7f) sb.append((char) c);
                else sb.append(String.format("\\x%02x", c));
            }
        }
    }
}
