package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.LittleEndian;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer for JSON text, escaping strings exactly as clp-s does. */
final class ClpsJsonOut {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    byte[] buf;
    int len;
    /** Scratch for a number's digits (ClpsNumberText), so writing a number allocates nothing. */
    final byte[] digits = new byte[40];

    ClpsJsonOut(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    void ensure(int more) {
        if (len + more > buf.length) buf = Arrays.copyOf(buf, Math.max(len + more, buf.length * 2));
    }

    void put(byte b) {
        ensure(1);
        buf[len++] = b;
    }

    void put(byte[] b) {
        put(b, 0, b.length);
    }

    void put(byte[] b, int off, int n) {
        ensure(n);
        System.arraycopy(b, off, buf, len, n);
        len += n;
    }

    /** The first n bytes of {@code b} padded to whole 8-byte words, for {@link #putWords}. */
    static byte[] words(byte[] b, int n) {
        return Arrays.copyOf(b, (n + 7) & ~7);
    }

    /**
     * Appends the first n bytes of {@code b} (made by {@link #words}) 8 bytes at a time: the
     * constant text between a record's values is a few bytes, for which an arraycopy call costs
     * more than the copy (it ran once per value of every record).
     */
    void putWords(byte[] b, int n) {
        ensure(n + 8);
        byte[] to = buf;
        int at = len;
        for (int i = 0; i < n; i += 8) LittleEndian.putU64(to, at + i, LittleEndian.u64(b, i));
        len = at + n;
    }

    /** Appends n bytes of a segment (a dictionary entry in the spill). */
    void put(java.lang.foreign.MemorySegment s, long off, int n) {
        copyIn(s, off, n);
        len += n;
    }

    private byte[] staged = new byte[256];

    /**
     * Copies n bytes of a segment to {@code buf[len..]} (len unchanged), with room made for them.
     * Most dictionary entries are a few bytes: two 8-byte reads cost far less than a bulk copy's
     * checks, which were a sixth of rendering.
     */
    private void copyIn(java.lang.foreign.MemorySegment s, long off, int n) {
        if (n <= 16 && off + 16 <= s.byteSize()) {
            ensure(16);
            LittleEndian.putU64(buf, len, s.get(LittleEndian.U64, off));
            LittleEndian.putU64(buf, len + 8, s.get(LittleEndian.U64, off + 8));
            return;
        }
        ensure(n);
        java.lang.foreign.MemorySegment.copy(s, java.lang.foreign.ValueLayout.JAVA_BYTE, off, buf, len, n);
    }

    /** Appends n bytes of a segment escaped as a JSON string's content; returns whether any byte needed escaping. */
    boolean escaped(java.lang.foreign.MemorySegment s, long off, int n) {
        // One bulk copy, then the scan runs over the heap copy (cheaper than reading the segment a word at a time).
        copyIn(s, off, n);
        if (!needsEscaping(buf, len, n)) { // most dictionary entries
            len += n;
            return false;
        }
        if (staged.length < n) staged = new byte[Math.max(n, staged.length * 2)];
        System.arraycopy(buf, len, staged, 0, n);
        escaped(staged, 0, n);
        return true;
    }

    void ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) buf[len++] = (byte) s.charAt(i);
    }

    void utf8(String s) {
        put(s.getBytes(StandardCharsets.UTF_8));
    }

    void decimal(long v) {
        if (v == Long.MIN_VALUE) {
            ascii("-9223372036854775808");
            return;
        }
        ensure(20);
        if (v < 0) {
            buf[len++] = '-';
            v = -v;
        }
        int p = len + digits(v);
        len = p;
        // Two digits per division, in int arithmetic once the value fits (most do from the start).
        while (v > Integer.MAX_VALUE) {
            int r = (int) (v % 100);
            v /= 100;
            buf[--p] = PAIRS[2 * r + 1];
            buf[--p] = PAIRS[2 * r];
        }
        int i = (int) v;
        while (i >= 100) {
            int r = i % 100;
            i /= 100;
            buf[--p] = PAIRS[2 * r + 1];
            buf[--p] = PAIRS[2 * r];
        }
        if (i >= 10) {
            buf[--p] = PAIRS[2 * i + 1];
            buf[--p] = PAIRS[2 * i];
        } else {
            buf[--p] = (byte) ('0' + i);
        }
    }

    /** Written by table rendering to keep loads whose values it does not need (see ClpsTable.touchAhead). */
    int sink;

    /** Decimal digits of {@code v} >= 0: from its bit length, then one comparison. */
    static int digits(long v) {
        long w = v | 1; // 0 has one digit; setting the low bit never crosses a power of ten
        int d = ((64 - Long.numberOfLeadingZeros(w)) * 1233) >>> 12; // about log10(2^bits): one short at most
        return d + (w >= POW10[d] ? 1 : 0);
    }

    /** 10^0 to 10^18 (10^19 does not fit a long). */
    static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) POW10[i] = POW10[i - 1] * 10;
    }

    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** Bytes that JSON strings must escape: ", \\ and controls; UTF-8 bytes go through as they are. */
    private static final boolean[] ESCAPE = new boolean[256];

    static {
        for (int i = 0; i < 0x20; i++) ESCAPE[i] = true;
        ESCAPE['"'] = true;
        ESCAPE['\\'] = true;
    }

    private static final long ONES = 0x0101010101010101L, HIGHS = 0x8080808080808080L;

    /** Whether any of the 8 bytes in {@code w} is a control byte, '"' or '\\' (exact: bytes of 0x80 and up never count). */
    private static boolean special(long w) {
        long controls = (w - 0x20 * ONES) & ~w;
        long quotes = w ^ (0x22 * ONES);
        long slashes = w ^ (0x5C * ONES);
        return ((controls | ((quotes - ONES) & ~quotes) | ((slashes - ONES) & ~slashes)) & HIGHS) != 0;
    }

    static boolean needsEscaping(byte[] b, int off, int n) {
        int i = off, end = off + n;
        for (; i + 8 <= end; i += 8) if (special(LittleEndian.u64(b, i))) return true;
        for (; i < end; i++) if (ESCAPE[b[i] & 0xff]) return true;
        return false;
    }

    /** Escapes ", \\ and control bytes as clp-s does; everything else (UTF-8 included) goes through as is. */
    void escaped(byte[] b, int off, int n) {
        ensure(n);
        int end = off + n;
        int clean = off;
        // Eight bytes at a time up to the first that needs escaping: most strings have none.
        while (clean + 8 <= end && !special(LittleEndian.u64(b, clean))) clean += 8;
        if (clean + 8 > end) {
            while (clean < end && !ESCAPE[b[clean] & 0xff]) clean++;
            if (clean == end) {
                System.arraycopy(b, off, buf, len, n);
                len += n;
                return;
            }
        }
        int runStart = off;
        for (int i = clean; i < end; i++) {
            int c = b[i] & 0xff;
            if (!ESCAPE[c]) continue;
            put(b, runStart, i - runStart);
            runStart = i + 1;
            switch (c) {
                case '"' -> ascii("\\\"");
                case '\\' -> ascii("\\\\");
                case '\t' -> ascii("\\t");
                case '\r' -> ascii("\\r");
                case '\n' -> ascii("\\n");
                case '\b' -> ascii("\\b");
                case '\f' -> ascii("\\f");
                default -> {
                    ascii("\\u00");
                    put(HEX[(c >> 4) & 0xf]);
                    put(HEX[c & 0xf]);
                }
            }
        }
        if (runStart == off) {
            System.arraycopy(b, off, buf, len, n);
            len += n;
        } else {
            put(b, runStart, end - runStart);
        }
    }

    void escaped(byte[] b) {
        escaped(b, 0, b.length);
    }

    byte last() {
        return buf[len - 1];
    }

    void reset() {
        len = 0;
    }
}
