package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Whether a var.dict holds a space (or a backslash) decides how far a log type can rule records
 * out (its variables are tokens only when none does; an array's text has no escapes when none
 * does), so those bytes must be told from the bytes an entry's length is made of.
 */
class ClpsDictionarySpaceTest {
    private static ClpsDictionary dictionary(String... entries) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String e : entries) {
            byte[] b = e.getBytes(StandardCharsets.UTF_8);
            out.write(ByteBuffer.allocate(8)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putLong(b.length)
                    .array());
            out.write(b);
        }
        return ClpsDictionary.parse(MemorySegment.ofArray(out.toByteArray()), entries.length, new ClpsSpill(1 << 20));
    }

    @Test
    void aSpaceInAnEntryIsFoundAndALengthOf32IsNotOne() throws Exception {
        String tokenOf32 = "0123456789abcdef0123456789abcdef";
        assertFalse(dictionary("GET", tokenOf32, "10.0.0.1").anySpace(), "32 is the length's byte, not text");
        assertTrue(dictionary("GET", tokenOf32, "two words").anySpace());
        assertTrue(dictionary(" ").anySpace());
        assertFalse(dictionary().anySpace());
        // Backslashes (escapes in an array's JSON) are looked for in the same pass; 92 is a backslash's byte.
        String tokenOf92 = "x".repeat(92);
        assertFalse(dictionary(tokenOf92, "plain").anyBackslash(), "92 is the length's byte, not text");
        ClpsDictionary escaped = dictionary("GET", "C:\\logs", tokenOf32);
        assertTrue(escaped.anyBackslash());
        assertFalse(escaped.anySpace());
        assertFalse(escaped.anyQuote());
        assertTrue(dictionary("say\"hi\"").anyQuote());
        String tokenOf34 = "y".repeat(34);
        assertFalse(dictionary(tokenOf34).anyQuote(), "34 is the length's byte, not text");
    }
}
