package dev.vitrine.core.io;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * CRC-64/XZ (ECMA-182 polynomial, reflected, init and xorout all ones), as used by .xz and
 * ZSS. Slicing-by-8 tables: eight bytes per step, about 1 GB/s on one core.
 * Check value: crc("123456789") == 0x995dc9bbdf1939faL.
 */
public final class Crc64Xz {
    private static final long POLY = 0xC96C5795D7870F42L; // reflected 0x42f0e1eba9ea3693
    private static final long[][] T = new long[8][256];

    static {
        for (int n = 0; n < 256; n++) {
            long c = n;
            for (int k = 0; k < 8; k++) c = (c & 1) != 0 ? (c >>> 1) ^ POLY : c >>> 1;
            T[0][n] = c;
        }
        for (int n = 0; n < 256; n++) {
            long c = T[0][n];
            for (int k = 1; k < 8; k++) {
                c = T[0][(int) (c & 0xff)] ^ (c >>> 8);
                T[k][n] = c;
            }
        }
    }

    private static final ValueLayout.OfLong LE = LittleEndian.U64;

    private long state = -1L;

    public void update(byte[] b, int off, int len) {
        state = update(state, b, off, len);
    }

    public void update(MemorySegment seg) {
        state = update(state, seg, 0, seg.byteSize());
    }

    public long value() {
        return ~state;
    }

    public void reset() {
        state = -1L;
    }

    public static long of(byte[] b, int off, int len) {
        return ~update(-1L, b, off, len);
    }

    public static long of(MemorySegment seg, long off, long len) {
        return ~update(-1L, seg, off, len);
    }

    private static long update(long crc, byte[] b, int off, int len) {
        return update(crc, MemorySegment.ofArray(b), off, len);
    }

    private static long update(long crc, MemorySegment seg, long off, long len) {
        final long[] t0 = T[0], t1 = T[1], t2 = T[2], t3 = T[3], t4 = T[4], t5 = T[5], t6 = T[6], t7 = T[7];
        long i = off;
        long end = off + len;
        while (end - i >= 8) {
            long v = seg.get(LE, i) ^ crc;
            crc = t7[(int) (v & 0xff)] ^ t6[(int) ((v >>> 8) & 0xff)] ^ t5[(int) ((v >>> 16) & 0xff)]
                    ^ t4[(int) ((v >>> 24) & 0xff)] ^ t3[(int) ((v >>> 32) & 0xff)] ^ t2[(int) ((v >>> 40) & 0xff)]
                    ^ t1[(int) ((v >>> 48) & 0xff)] ^ t0[(int) (v >>> 56)];
            i += 8;
        }
        while (i < end) {
            crc = t0[(int) ((crc ^ seg.get(ValueLayout.JAVA_BYTE, i)) & 0xff)] ^ (crc >>> 8);
            i++;
        }
        return crc;
    }
}
