package dev.vitrine.core.io;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * CRC-64/XZ (ECMA-182 polynomial, reflected, init and xorout all ones), as used by .xz and
 * ZSS. Check value: crc("123456789") == 0x995dc9bbdf1939faL.
 *
 * <p>When the system's liblzma is reachable (see {@link NativeCrc64}), inputs of 512 bytes
 * and more go to its CLMUL implementation (several GB/s). Otherwise, slicing-by-8 tables: a
 * single table-driven CRC is bound by the latency of its own chain (about 1 GB/s here), so
 * long inputs are cut into four interleaved lanes whose CRCs run independently and are then
 * joined with a precomputed "advance over LANE zero bytes" operator: about 1.7 GB/s.
 */
public final class Crc64Xz {
    private static final long POLY = 0xC96C5795D7870F42L; // reflected 0x42f0e1eba9ea3693
    private static final long[][] T = new long[8][256];
    private static final int LANE = 4096;
    private static final int LANES = 4;
    /** SHIFT[k][b]: the raw register after feeding LANE zero bytes to the register (b << 8k). */
    private static final long[][] SHIFT = new long[8][256];

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
        // Feeding zeros is linear in the register, so the operator is fixed by its action on
        // the 64 basis vectors; the byte tables are XOR combinations of those.
        long[] basis = new long[64];
        for (int i = 0; i < 64; i++) {
            long c = 1L << i;
            for (int j = 0; j < LANE; j++) c = T[0][(int) (c & 0xff)] ^ (c >>> 8);
            basis[i] = c;
        }
        for (int k = 0; k < 8; k++) {
            for (int b = 0; b < 256; b++) {
                long r = 0;
                for (int i = 0; i < 8; i++) if (((b >>> i) & 1) != 0) r ^= basis[8 * k + i];
                SHIFT[k][b] = r;
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

    private static long step(
            long[] t0, long[] t1, long[] t2, long[] t3, long[] t4, long[] t5, long[] t6, long[] t7, long v) {
        return t7[(int) (v & 0xff)]
                ^ t6[(int) ((v >>> 8) & 0xff)]
                ^ t5[(int) ((v >>> 16) & 0xff)]
                ^ t4[(int) ((v >>> 24) & 0xff)]
                ^ t3[(int) ((v >>> 32) & 0xff)]
                ^ t2[(int) ((v >>> 40) & 0xff)]
                ^ t1[(int) ((v >>> 48) & 0xff)]
                ^ t0[(int) (v >>> 56)];
    }

    /** The raw register after feeding LANE zero bytes. */
    private static long shiftLane(long x) {
        final long[][] s = SHIFT;
        return s[0][(int) (x & 0xff)]
                ^ s[1][(int) ((x >>> 8) & 0xff)]
                ^ s[2][(int) ((x >>> 16) & 0xff)]
                ^ s[3][(int) ((x >>> 24) & 0xff)]
                ^ s[4][(int) ((x >>> 32) & 0xff)]
                ^ s[5][(int) ((x >>> 40) & 0xff)]
                ^ s[6][(int) ((x >>> 48) & 0xff)]
                ^ s[7][(int) (x >>> 56)];
    }

    /** Whether the native (liblzma) path is in use. */
    public static boolean isNative() {
        return NativeCrc64.available();
    }

    private static long update(long crc, MemorySegment seg, long off, long len) {
        // The running register is the inverted CRC; liblzma takes and returns finished values.
        if (len >= NativeCrc64.MIN_LENGTH && NativeCrc64.available()) return ~NativeCrc64.update(~crc, seg, off, len);
        return updateJava(crc, seg, off, len);
    }

    /** The portable path, also used to check the native one. */
    static long ofJava(MemorySegment seg, long off, long len) {
        return ~updateJava(-1L, seg, off, len);
    }

    private static long updateJava(long crc, MemorySegment seg, long off, long len) {
        final long[] t0 = T[0], t1 = T[1], t2 = T[2], t3 = T[3], t4 = T[4], t5 = T[5], t6 = T[6], t7 = T[7];
        long i = off;
        long end = off + len;
        // Four lanes: lane 0 continues the running register, lanes 1-3 start from zero; then
        // crc(A|B) = shift_|B|(crc(A)) ^ crc0(B) joins them (CRC is linear over GF(2)).
        while (end - i >= (long) LANES * LANE) {
            long c0 = crc, c1 = 0, c2 = 0, c3 = 0;
            long e = i + LANE;
            for (long p = i; p < e; p += 8) {
                c0 = step(t0, t1, t2, t3, t4, t5, t6, t7, seg.get(LE, p) ^ c0);
                c1 = step(t0, t1, t2, t3, t4, t5, t6, t7, seg.get(LE, p + LANE) ^ c1);
                c2 = step(t0, t1, t2, t3, t4, t5, t6, t7, seg.get(LE, p + 2 * LANE) ^ c2);
                c3 = step(t0, t1, t2, t3, t4, t5, t6, t7, seg.get(LE, p + 3 * LANE) ^ c3);
            }
            crc = shiftLane(shiftLane(shiftLane(c0) ^ c1) ^ c2) ^ c3;
            i += (long) LANES * LANE;
        }
        while (end - i >= 8) {
            crc = step(t0, t1, t2, t3, t4, t5, t6, t7, seg.get(LE, i) ^ crc);
            i += 8;
        }
        while (i < end) {
            crc = t0[(int) ((crc ^ seg.get(ValueLayout.JAVA_BYTE, i)) & 0xff)] ^ (crc >>> 8);
            i++;
        }
        return crc;
    }
}
