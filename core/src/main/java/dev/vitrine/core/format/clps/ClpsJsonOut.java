package dev.vitrine.core.format.clps;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer for JSON text, escaping strings exactly as clp-s does. */
final class ClpsJsonOut {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    byte[] buf;
    int len;

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

    /** Appends n bytes of a segment (a dictionary entry in the spill). */
    void put(java.lang.foreign.MemorySegment s, long off, int n) {
        ensure(n);
        java.lang.foreign.MemorySegment.copy(s, java.lang.foreign.ValueLayout.JAVA_BYTE, off, buf, len, n);
        len += n;
    }

    private byte[] staged = new byte[256];

    /** Appends n bytes of a segment escaped as a JSON string's content. */
    void escaped(java.lang.foreign.MemorySegment s, long off, int n) {
        if (staged.length < n) staged = new byte[Math.max(n, staged.length * 2)];
        java.lang.foreign.MemorySegment.copy(s, java.lang.foreign.ValueLayout.JAVA_BYTE, off, staged, 0, n);
        escaped(staged, 0, n);
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
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) digits++;
        int p = len + digits;
        len = p;
        do {
            buf[--p] = (byte) ('0' + (v % 10));
            v /= 10;
        } while (v != 0);
    }

    /** Bytes that JSON strings must escape: ", \\ and controls; UTF-8 bytes go through as they are. */
    private static final boolean[] ESCAPE = new boolean[256];

    static {
        for (int i = 0; i < 0x20; i++) ESCAPE[i] = true;
        ESCAPE['"'] = true;
        ESCAPE['\\'] = true;
    }

    /** Escapes ", \\ and control bytes as clp-s does; everything else (UTF-8 included) goes through as is. */
    void escaped(byte[] b, int off, int n) {
        ensure(n);
        int runStart = off;
        int end = off + n;
        for (int i = off; i < end; i++) {
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
