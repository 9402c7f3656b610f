package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The one uleb128 decoder every format uses, over byte arrays and memory segments alike. */
class Uleb128Test {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    /** Decodes b[at..] both ways and checks they agree; the length is the bytes consumed. */
    private static Uleb128.Decoded decode(byte[] b, int at) throws Uleb128.Invalid {
        Uleb128.Decoded d = Uleb128.decode(b, at, b.length);
        assertEquals(d.value(), Uleb128.decode(MemorySegment.ofArray(b), at, b.length), "segment and array agree");
        return d;
    }

    private static Uleb128.Kind failure(byte[] b, int at) {
        Uleb128.Invalid e = assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(b, at, b.length));
        Uleb128.Invalid s =
                assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(MemorySegment.ofArray(b), at, b.length));
        assertEquals(e.kind(), s.kind());
        assertEquals(at, e.offset(), "the offset is where the number starts");
        assertEquals(at, s.offset());
        return e.kind();
    }

    @Test
    void examplesFromTheZssSpec() throws Exception {
        String[][] cases = {
            {"00", "0"},
            {"7f", "127"},
            {"80 01", "128"},
            {"ff 20", "4223"},
            {"80 80 80 80 20", Long.toString(1L << 33)},
            {"80 80 80 80 80 80 02", Long.toString(1L << 43)}
        };
        for (String[] c : cases) {
            byte[] b = hex(c[0]);
            long v = Long.parseLong(c[1]);
            Uleb128.Decoded d = decode(b, 0);
            assertEquals(v, d.value(), c[0]);
            assertEquals(b.length, d.length());
            assertArrayEquals(b, Uleb128.encode(v));
            assertEquals(b.length, Uleb128.encodedLength(v));
        }
    }

    @Test
    void everyLengthFromOneToTenBytesRoundTripsAtItsBounds() throws Exception {
        for (int n = 1; n <= Uleb128.MAX_LENGTH; n++) {
            long lo = n == 1 ? 0 : 1L << (7 * (n - 1));
            long hi = n == Uleb128.MAX_LENGTH ? -1L : (1L << (7 * n)) - 1;
            for (long v : new long[] {lo, hi}) {
                byte[] b = Uleb128.encode(v);
                assertEquals(n, b.length, Long.toUnsignedString(v));
                Uleb128.Decoded d = decode(b, 0);
                assertEquals(v, d.value(), Long.toUnsignedString(v));
                assertEquals(n, d.length());
            }
        }
    }

    @Test
    void theTenthByteCarriesBit63Only() throws Exception {
        assertEquals(
                Long.MIN_VALUE, decode(hex("80 80 80 80 80 80 80 80 80 01"), 0).value(), "2^63");
        assertEquals(
                "18446744073709551615",
                Long.toUnsignedString(
                        decode(hex("ff ff ff ff ff ff ff ff ff 01"), 0).value()),
                "2^64-1");
        assertEquals(10, decode(hex("ff ff ff ff ff ff ff ff ff 01"), 0).length());
        for (String tenth : new String[] {"02", "03", "7f", "40"}) {
            assertEquals(
                    Uleb128.Kind.OVERFLOW,
                    failure(hex("ff ff ff ff ff ff ff ff ff " + tenth), 0),
                    "10th byte " + tenth);
        }
        assertEquals(Uleb128.Kind.OVERFLOW, failure(hex("80 80 80 80 80 80 80 80 80 81 00"), 0), "11 bytes");
        assertEquals(Uleb128.Kind.OVERFLOW, failure(hex("80 80 80 80 80 80 80 80 80 80 01"), 0), "11 bytes");
        assertEquals(
                Uleb128.Kind.OVERFLOW, failure(hex("80 80 80 80 80 80 80 80 80 80"), 0), "a 10th byte that goes on");
        assertEquals(Uleb128.Kind.NON_MINIMAL, failure(hex("80 80 80 80 80 80 80 80 80 00"), 0), "a 10th byte of zero");
    }

    @Test
    void nonMinimalEncodingsAreRejected() {
        for (String s : new String[] {"80 00", "81 00", "ff 80 00", "80 80 80 80 00"})
            assertEquals(Uleb128.Kind.NON_MINIMAL, failure(hex(s), 0), s);
    }

    @Test
    void aNumberCutAtEveryPositionIsTruncated() {
        byte[] whole = Uleb128.encode(-1L);
        for (int cut = 0; cut < whole.length; cut++) {
            byte[] b = new byte[2 + cut];
            System.arraycopy(whole, 0, b, 2, cut);
            assertEquals(Uleb128.Kind.TRUNCATED, failure(b, 2), "cut after " + cut + " bytes");
        }
    }

    @Test
    void decodesInsideABufferAndStopsAtTheLimit() throws Exception {
        byte[] b = hex("61 73 81 01 66 64");
        Uleb128.Decoded d = decode(b, 2);
        assertEquals(0x81, d.value());
        assertEquals(2, d.length());
        assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(b, 2, 3), "the limit, not the array, ends the input");
    }

    @Test
    void anInvalidNumberBecomesDamageAtItsFileOffset() {
        Uleb128.Invalid e = assertThrows(Uleb128.Invalid.class, () -> Uleb128.decode(hex("00 00 00 80 00"), 3, 5));
        FormatException f = e.at("x.zss", 100);
        assertEquals("x.zss: offset 103: non-minimal uleb128 encoding", f.getMessage());
    }

    @Test
    void validatedBytesDecodeWithoutACheckedException() {
        assertEquals(300, Uleb128.decodeValidated(MemorySegment.ofArray(hex("00 ac 02")), 1));
        assertThrows(IllegalStateException.class, () -> Uleb128.decodeValidated(MemorySegment.ofArray(hex("ac")), 0));
    }
}
