package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.LittleEndian;
import java.nio.charset.StandardCharsets;

/** Bounds-checked little-endian reads over decoded bytes; every failure names the decoded offset. */
final class ClpsCursor {
    final byte[] data;
    int pos;
    final int end;

    ClpsCursor(byte[] data, int from, int end) {
        this.data = data;
        this.pos = from;
        this.end = end;
    }

    ClpsCursor(byte[] data) {
        this(data, 0, data.length);
    }

    int remaining() {
        return end - pos;
    }

    void need(long n, String what) throws ClpsDecodeException {
        if (n < 0 || n > end - pos) {
            throw new ClpsDecodeException(pos, what + ": needs " + n + " bytes but only " + (end - pos) + " remain");
        }
    }

    int u8(String what) throws ClpsDecodeException {
        need(1, what);
        return data[pos++] & 0xff;
    }

    int i32(String what) throws ClpsDecodeException {
        need(4, what);
        int v = LittleEndian.i32(data, pos);
        pos += 4;
        return v;
    }

    long u32(String what) throws ClpsDecodeException {
        return i32(what) & 0xffffffffL;
    }

    long i64(String what) throws ClpsDecodeException {
        need(8, what);
        long v = LittleEndian.u64(data, pos);
        pos += 8;
        return v;
    }

    /** A u64 count that must fit what is left, given at least {@code unit} bytes per item. */
    int count(String what, int unit) throws ClpsDecodeException {
        int at = pos;
        long n = i64(what);
        if (n < 0 || (unit > 0 && n > (end - pos) / unit) || n > Integer.MAX_VALUE - 16) {
            throw new ClpsDecodeException(
                    at, what + " " + Long.toUnsignedString(n) + " does not fit the " + (end - pos) + " bytes left");
        }
        return (int) n;
    }

    byte[] bytes(long n, String what) throws ClpsDecodeException {
        need(n, what);
        byte[] b = new byte[(int) n];
        System.arraycopy(data, pos, b, 0, (int) n);
        pos += (int) n;
        return b;
    }

    String string(long n, String what) throws ClpsDecodeException {
        return new String(bytes(n, what), StandardCharsets.UTF_8);
    }

    void skip(long n, String what) throws ClpsDecodeException {
        need(n, what);
        pos += (int) n;
    }
}
