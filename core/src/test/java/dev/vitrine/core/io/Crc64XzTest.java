package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Crc64XzTest {

    /** Bit-at-a-time CRC-64/XZ straight from the definition, to check the table and lane code. */
    private static long reference(byte[] b, int off, int len) {
        long crc = -1L;
        for (int i = off; i < off + len; i++) {
            crc ^= b[i] & 0xff;
            for (int k = 0; k < 8; k++) crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0xC96C5795D7870F42L : crc >>> 1;
        }
        return ~crc;
    }

    @Test
    void checkValue() {
        byte[] b = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0x995dc9bbdf1939faL, Crc64Xz.of(b, 0, b.length));
        assertEquals(0L, Crc64Xz.of(new byte[0], 0, 0));
    }

    @Test
    void zssBlockCrcFromTheAnnotatedFixture() {
        // good-index-key-1.zss: level 0 + payload 01 62 01 63 -> 66 b9 a5 12 ac bf 95 6d (LE).
        byte[] body = {0x00, 0x01, 0x62, 0x01, 0x63};
        assertEquals(0x6d95bfac12a5b966L, Crc64Xz.of(body, 0, body.length));
    }

    @Test
    void everyLengthAndAlignmentAgreesWithTheBitwiseDefinition() {
        Random rnd = new Random(7);
        byte[] data = new byte[70_000];
        rnd.nextBytes(data);
        // Around the lane boundaries (4 lanes x 4096 bytes) and the 8-byte steps.
        int[] lengths = {
            0, 1, 7, 8, 9, 15, 16, 17, 100, 4095, 4096, 4097, 16383, 16384, 16385, 16391, 32768, 32769, 49152 + 5, 65536
        };
        for (int len : lengths) {
            for (int off : new int[] {0, 1, 3, 7}) {
                long want = reference(data, off, len);
                assertEquals(want, Crc64Xz.of(data, off, len), "len " + len + " off " + off);
                assertEquals(
                        want,
                        Crc64Xz.ofJava(MemorySegment.ofArray(data), off, len),
                        "java path, len " + len + " off " + off);
                try (Arena a = Arena.ofConfined()) {
                    MemorySegment seg = a.allocate(len + off + 1);
                    MemorySegment.copy(data, 0, seg, ValueLayout.JAVA_BYTE, 0, len + off);
                    assertEquals(want, Crc64Xz.of(seg, off, len), "native len " + len + " off " + off);
                }
            }
        }
    }

    @Test
    void nativePathIsUsedWhereLiblzmaExists() {
        // Informational on machines without liblzma; on Linux CI it must be found (tests run
        // with --enable-native-access).
        if (System.getProperty("os.name").startsWith("Linux")
                && new java.io.File("/lib/x86_64-linux-gnu/liblzma.so.5").exists()) {
            org.junit.jupiter.api.Assertions.assertTrue(Crc64Xz.isNative());
        }
    }

    @Test
    void incrementalUpdatesEqualOneShot() {
        Random rnd = new Random(11);
        byte[] data = new byte[50_000];
        rnd.nextBytes(data);
        Crc64Xz c = new Crc64Xz();
        int pos = 0;
        while (pos < data.length) {
            int n = Math.min(data.length - pos, rnd.nextInt(20_000));
            c.update(data, pos, n);
            pos += n;
        }
        assertEquals(reference(data, 0, data.length), c.value());
        c.reset();
        c.update(MemorySegment.ofArray(data));
        assertEquals(reference(data, 0, data.length), c.value());
    }
}
