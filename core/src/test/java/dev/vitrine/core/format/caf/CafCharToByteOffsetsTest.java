package dev.vitrine.core.format.caf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The char-to-byte map, with its eight-byte ASCII steps, agrees with a plain decode. */
class CafCharToByteOffsetsTest {

    @Test
    void agreesWithDecodingForMixedText() {
        String[] pieces = {"a", "bcdefghijklmnop", "é", "€", "😀", "\"files\":{", "0123456789abcdefg"};
        Random rnd = new Random(7);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) sb.append(pieces[rnd.nextInt(pieces.length)]);
        String text = sb.toString();
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        MemorySegment seg = MemorySegment.ofArray(utf8);

        // Increasing positions (the parser's order), in varied steps.
        CharToByteOffsets forward = new CharToByteOffsets(seg);
        for (int c = 0; c <= text.length(); c += 1 + rnd.nextInt(20)) {
            if (c == 0 || !Character.isHighSurrogate(text.charAt(c - 1))) { // not inside a pair
                assertEquals(
                        text.substring(0, c).getBytes(StandardCharsets.UTF_8).length,
                        forward.byteOffset(c),
                        "char " + c);
            }
        }
        // Going back starts over; past the end stops at the end.
        CharToByteOffsets back = new CharToByteOffsets(seg);
        assertEquals(utf8.length, back.byteOffset(text.length()));
        assertEquals(0, back.byteOffset(0));
        assertEquals(utf8.length, back.byteOffset(Long.MAX_VALUE / 2));
        assertEquals(-1, back.byteOffset(-1));
    }

    @Test
    void pureAscii() {
        byte[] b = "{\"format_version\":\"1.0\",\"files\":{\"d0/f0.bin\":{\"start_byte\":0,\"end_byte\":1}}}"
                .getBytes(StandardCharsets.US_ASCII);
        CharToByteOffsets m = new CharToByteOffsets(MemorySegment.ofArray(b));
        for (int i = 0; i <= b.length; i++) assertEquals(i, m.byteOffset(i));
    }
}
