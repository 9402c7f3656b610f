package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream.FLG.Bits;
import org.junit.jupiter.api.Test;

/** A damaged frame is said in words a user reads, never as the compression library's exception class. */
class ArkCodecTest {

    @Test
    void aDamagedLz4FrameIsSaidWithoutTheLibrarysExceptionName() throws Exception {
        byte[] raw = new byte[600];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i * 7 % 13);
        byte[] stored = ArkCodec.LZ4.compress(raw);
        assertArrayEquals(raw, ArkCodec.LZ4.decompress(stored, 1 << 20));
        for (int at = 7; at < stored.length - 4; at++) {
            byte[] bad = stored.clone();
            for (int k = 0; k < 4; k++) bad[at + k] = (byte) 0xff;
            IOException e;
            try {
                ArkCodec.LZ4.decompress(bad, 1 << 20);
                continue; // some bytes (e.g. inside a literal run the checksum catches later) may still decode
            } catch (IOException x) {
                e = x;
            }
            assertTrue(e.getMessage().startsWith("lz4 frame"), e.getMessage());
            assertFalse(e.getMessage().contains("Exception"), "at " + at + ": " + e.getMessage());
        }
        assertThrows(IOException.class, () -> ArkCodec.LZ4.decompress(new byte[] {4, 0x22, 0x4d, 0x18, 0x60}, 1 << 20));
    }

    /** A message's frame made by lz4-java with the given block size and flags. */
    private static byte[] frame(byte[] raw, LZ4FrameOutputStream.BLOCKSIZE size, long knownSize, Bits... bits)
            throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (var z = new LZ4FrameOutputStream(out, size, knownSize, bits)) {
            z.write(raw);
        }
        return out.toByteArray();
    }

    @Test
    void lz4FramesOfEveryShapeDecodeToTheirContent() throws Exception {
        java.util.Random r = new java.util.Random(7);
        byte[] raw = new byte[300_000];
        for (int i = 0; i < raw.length; i++)
            raw[i] = (byte) (i % 1000 < 500 ? i % 17 : r.nextInt()); // compressible and stored blocks
        var small = LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB;
        byte[][] frames = {
            frame(raw, small, raw.length, Bits.BLOCK_INDEPENDENCE, Bits.CONTENT_SIZE, Bits.CONTENT_CHECKSUM),
            frame(raw, small, -1, Bits.BLOCK_INDEPENDENCE, Bits.BLOCK_CHECKSUM),
            frame(new byte[0], small, -1, Bits.BLOCK_INDEPENDENCE),
            ArkCodec.LZ4.compress(raw),
        };
        assertArrayEquals(raw, ArkCodec.LZ4.decompress(frames[0], 1 << 20));
        assertArrayEquals(raw, ArkCodec.LZ4.decompress(frames[1], 1 << 20));
        assertArrayEquals(new byte[0], ArkCodec.LZ4.decompress(frames[2], 1 << 20));
        assertArrayEquals(raw, ArkCodec.LZ4.decompress(frames[3], 1 << 20));
        // Past the limit, with and without a declared size.
        IOException declared = assertThrows(IOException.class, () -> ArkCodec.LZ4.decompress(frames[0], 100_000));
        assertTrue(declared.getMessage().contains("limit of 100000"), declared.getMessage());
        IOException undeclared = assertThrows(IOException.class, () -> ArkCodec.LZ4.decompress(frames[1], 100_000));
        assertTrue(undeclared.getMessage().contains("more than the limit of 100000"), undeclared.getMessage());
        // Bytes after the frame are damage, said with their count.
        byte[] longer = java.util.Arrays.copyOf(frames[3], frames[3].length + 3);
        IOException trailing = assertThrows(IOException.class, () -> ArkCodec.LZ4.decompress(longer, 1 << 20));
        assertTrue(trailing.getMessage().startsWith("lz4 frame ends 3 bytes before"), trailing.getMessage());
    }

    /**
     * Small messages take small memory: lz4-java's frame stream allocated two buffers of the
     * frame's 4 MB block size for each message, so verifying a 300 KB log made gigabytes of garbage.
     */
    @Test
    void decodingASmallLz4MessageAllocatesLittleMoreThanItsContent() throws Exception {
        byte[] raw = new byte[2000];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i * 7 % 13);
        byte[] stored = ArkCodec.LZ4.compress(raw);
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        ArkCodec.LZ4.decompress(stored, 1 << 20); // classes loaded, natives bound
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < 100; i++) ArkCodec.LZ4.decompress(stored, 1 << 20);
        long perMessage = (threads.getThreadAllocatedBytes(id) - before) / 100;
        assertTrue(perMessage < 16 * 1024, "each 2,000-byte message allocated " + perMessage + " bytes");
    }
}
