package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Uleb128Test {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    @Test
    void examplesFromTheZssSpec() throws Exception {
        String[][] cases = {{"00", "0"}, {"7f", "127"}, {"80 01", "128"}, {"ff 20", "4223"}, {"80 80 80 80 20", Long.toString(1L << 33)},
                {"80 80 80 80 80 80 02", Long.toString(1L << 43)}};
        for (String[] c : cases) {
            byte[] b = hex(c[0]);
            long v = Long.parseLong(c[1]);
            Uleb128.Decoded d = Uleb128.decode(b, 0, b.length);
            assertEquals(v, d.value(), c[0]);
            assertEquals(b.length, d.length());
            assertArrayEquals(b, Uleb128.encode(v));
            assertEquals(b.length, Uleb128.encodedLength(v));
        }
    }

    @Test
    void decodesInsideABufferAndStopsAtTheEnd() throws Exception {
        byte[] b = hex("61 73 81 01 66 64");
        Uleb128.Decoded d = Uleb128.decode(b, 2, b.length);
        assertEquals(0x81, d.value());
        assertEquals(2, d.length());
    }

    @Test
    void rejectsTruncatedNonMinimalAndOverflowing() {
        assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(hex("80 80"), 0, 2));
        assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(hex("81 00"), 0, 2));
        assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(hex("80 00"), 0, 2));
        assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(hex("80 80 80 80 80 80 80 80 80 02"), 0, 10));
        assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(hex("80 80 80 80 80 80 80 80 80 80 01"), 0, 11));
    }

    @Test
    void largestValuesRoundTrip() throws Exception {
        for (long v : new long[] {Long.MAX_VALUE, -1L, 1L << 62, (1L << 63) - 2}) {
            byte[] b = Uleb128.encode(v);
            assertEquals(v, Uleb128.decode(b, 0, b.length).value());
        }
    }
}
