package dev.vitrine.app.ui.hex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ByteFinderTest {

    private static ByteSource bytes(int size, long at, byte[] pattern) {
        byte[] b = new byte[size];
        System.arraycopy(pattern, 0, b, (int) at, pattern.length);
        return MappedFileSource.ofBytes("t", b);
    }

    @Test
    void findsAMatchAcrossAChunkEdge() throws Exception {
        byte[] p = "needle".getBytes(StandardCharsets.US_ASCII);
        long at = (1 << 20) - 3;
        ByteSource src = bytes(3 << 20, at, p);
        assertEquals(at, ByteFinder.find(src, p, 0, () -> false, n -> {}));
    }

    @Test
    void wrapsAroundOnceAndReportsNothingWhenAbsent() throws Exception {
        byte[] p = {1, 2, 3};
        ByteSource src = bytes(5000, 10, p);
        assertEquals(10, ByteFinder.find(src, p, 11, () -> false, n -> {}), "from past the match: wraps to it");
        assertEquals(-1, ByteFinder.find(src, new byte[] {9, 9}, 0, () -> false, n -> {}));
    }

    @Test
    void cancelStopsTheSearch() throws Exception {
        byte[] p = {7, 7};
        ByteSource src = bytes(4 << 20, (4 << 20) - 2, p);
        assertEquals(-1, ByteFinder.find(src, p, 0, () -> true, n -> {}));
    }

    @Test
    void queriesParseTextWithEscapesAndHex() {
        assertArrayEquals(
                new byte[] {'Z', 'S', 'S', 0x1c},
                FindQuery.parse("ZSS\\x1c", FindQuery.Mode.TEXT).pattern());
        assertArrayEquals(
                new byte[] {0x5a, 0x53, (byte) 0xff},
                FindQuery.parse("5a 53 FF", FindQuery.Mode.HEX).pattern());
        assertArrayEquals(
                new byte[] {0x5a, 0x53},
                FindQuery.parse("0x5a,0x53", FindQuery.Mode.HEX).pattern());
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> FindQuery.parse("5a5", FindQuery.Mode.HEX));
    }
}
