package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * String escaping reads eight bytes at a time; it must still escape exactly the bytes clp-s
 * does (", \ and controls), wherever they sit in a string of any length, and pass UTF-8 and
 * bytes 0x7f and up through untouched.
 */
class ClpsJsonOutEscapeTest {
    /** The byte-at-a-time rule, written plainly. */
    private static String reference(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            int c = x & 0xff;
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\t' -> s.append("\\t");
                case '\r' -> s.append("\\r");
                case '\n' -> s.append("\\n");
                case '\b' -> s.append("\\b");
                case '\f' -> s.append("\\f");
                default -> {
                    if (c < 0x20) s.append(String.format("\\u%04x", c));
                    else s.append((char) c); // one char per byte: compared as ISO-8859-1 below
                }
            }
        }
        return s.toString();
    }

    private static String escape(byte[] b, boolean fromSegment) {
        ClpsJsonOut out = new ClpsJsonOut(4);
        out.put((byte) '[');
        if (fromSegment) {
            MemorySegment seg = MemorySegment.ofArray(new byte[b.length + 3]);
            MemorySegment.copy(MemorySegment.ofArray(b), 0, seg, 3, b.length); // not at an aligned offset
            out.escaped(seg, 3, b.length);
        } else {
            byte[] padded = new byte[b.length + 5];
            System.arraycopy(b, 0, padded, 5, b.length);
            out.escaped(padded, 5, b.length);
        }
        out.put((byte) ']');
        return new String(out.buf, 1, out.len - 2, StandardCharsets.ISO_8859_1);
    }

    @Test
    void everySpecialByteAtEveryPositionOfEveryShortLength() {
        byte[] specials = {'"', '\\', 0, 1, '\n', '\t', 0x1f};
        for (int n = 1; n <= 24; n++) {
            for (int at = 0; at < n; at++) {
                for (byte sp : specials) {
                    byte[] b = new byte[n];
                    for (int i = 0; i < n; i++) b[i] = (byte) ('a' + i % 26);
                    b[at] = sp;
                    assertEquals(reference(b), escape(b, false), "byte " + sp + " at " + at + " of " + n);
                    assertEquals(reference(b), escape(b, true), "segment: byte " + sp + " at " + at + " of " + n);
                }
            }
        }
    }

    @Test
    void randomBytesIncludingUtf8AndHighBytes() {
        Random r = new Random(7);
        byte[] near = {
            0x1f,
            0x20,
            0x21,
            0x22,
            0x23,
            0x5b,
            0x5c,
            0x5d,
            0x7f,
            (byte) 0x80,
            (byte) 0xa2,
            (byte) 0xdc,
            (byte) 0xe2,
            (byte) 0xff
        };
        for (int k = 0; k < 5000; k++) {
            byte[] b = new byte[r.nextInt(40)];
            for (int i = 0; i < b.length; i++)
                b[i] = r.nextInt(3) == 0 ? near[r.nextInt(near.length)] : (byte) r.nextInt(256);
            assertEquals(reference(b), escape(b, false));
            assertEquals(reference(b), escape(b, true));
        }
        byte[] utf8 = "héllo wörld – 日本語 ✓".getBytes(StandardCharsets.UTF_8);
        assertEquals(new String(utf8, StandardCharsets.ISO_8859_1), escape(utf8, true), "UTF-8 goes through as is");
    }

    @Test
    void decimalsOfEveryMagnitude() {
        long[] vs = {
            0,
            5,
            9,
            10,
            42,
            99,
            100,
            101,
            999,
            1000,
            12345,
            -1,
            -10,
            -99,
            -100,
            -123456789,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            Long.MIN_VALUE + 1,
            1_000_000_000_000_000_000L,
            9_999_999_999L,
            Integer.MAX_VALUE, // the last value written in int arithmetic
            Integer.MAX_VALUE + 1L,
            -(Integer.MAX_VALUE + 1L),
            999_999_999_999_999_999L
        };
        for (long v : vs) {
            ClpsJsonOut out = new ClpsJsonOut(4);
            out.decimal(v);
            assertEquals(Long.toString(v), new String(out.buf, 0, out.len, StandardCharsets.US_ASCII));
        }
    }

    /** Constant text copied a word at a time: exactly its bytes, after whatever came before, growing the buffer. */
    @Test
    void wordCopiesAppendExactlyTheirBytes() {
        Random r = new Random(3);
        ClpsJsonOut out = new ClpsJsonOut(16);
        StringBuilder want = new StringBuilder();
        for (int k = 0; k < 2000; k++) {
            int n = r.nextInt(41);
            byte[] text = new byte[n];
            for (int i = 0; i < n; i++) text[i] = (byte) ('a' + r.nextInt(26));
            out.putWords(ClpsJsonOut.words(text, n), n);
            want.append(new String(text, StandardCharsets.US_ASCII));
            if (k % 3 == 0) {
                out.put((byte) '|');
                want.append('|');
            }
        }
        assertEquals(want.toString(), new String(out.buf, 0, out.len, StandardCharsets.US_ASCII));
    }
}
