package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
}
