package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
        byte[] b = encoded(entries);
        return ClpsDictionary.parse(MemorySegment.ofArray(b), entries.length, new ClpsSpill(1 << 20));
    }

    /** Entries as a dictionary's decoded bytes: {u64 length, bytes} each. */
    private static byte[] encoded(String... entries) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String e : entries) {
            byte[] b = e.getBytes(StandardCharsets.UTF_8);
            out.write(ByteBuffer.allocate(8)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putLong(b.length)
                    .array());
            out.write(b);
        }
        return out.toByteArray();
    }

    /** {@link ClpsDictionaryPrefix#spaceAndQuote} of the entries zstd-compressed, as a lookup reads them (a small window). */
    private static boolean[] lookedUp(String... entries) throws Exception {
        byte[] frame = com.github.luben.zstd.Zstd.compress(encoded(entries));
        try (ClpsDictionaryPrefix d = new ClpsDictionaryPrefix(
                entries.length,
                dev.vitrine.core.io.MappedFileSource.ofBytes("var.dict", frame),
                0,
                frame.length,
                1 << 12)) {
            return d.spaceAndQuote();
        }
    }

    @Test
    void aLookupsWalkTellsTextFromLengthsAcrossItsWindows() throws Exception {
        String tokenOf32 = "0123456789abcdef0123456789abcdef";
        String tokenOf34 = "y".repeat(34);
        java.util.List<String> many = new java.util.ArrayList<>();
        for (int i = 0; i < 20_000; i++) many.add(i % 3 == 0 ? tokenOf32 : i % 3 == 1 ? tokenOf34 : "10.0.0." + i);
        String[] plain = many.toArray(String[]::new);
        assertArrayEquals(new boolean[] {false, false}, lookedUp(plain), "32 and 34 are lengths' bytes, not text");
        many.add("two words"); // the last entry, far past the first window
        assertArrayEquals(new boolean[] {true, false}, lookedUp(many.toArray(String[]::new)));
        many.set(many.size() - 1, "say\"hi\"");
        assertArrayEquals(new boolean[] {false, true}, lookedUp(many.toArray(String[]::new)));
        many.set(10_000, "a b");
        assertArrayEquals(new boolean[] {true, true}, lookedUp(many.toArray(String[]::new)));
        // an entry longer than a search ahead, with its space at its end
        assertArrayEquals(new boolean[] {true, false}, lookedUp("x".repeat(200_000) + " ", tokenOf32));
        assertArrayEquals(new boolean[] {false, false}, lookedUp("x".repeat(200_000), tokenOf32));
        assertArrayEquals(new boolean[] {false, false}, lookedUp());
        // damage: fewer entries than the count says
        byte[] frame = com.github.luben.zstd.Zstd.compress(encoded(plain));
        try (ClpsDictionaryPrefix d = new ClpsDictionaryPrefix(
                plain.length + 1,
                dev.vitrine.core.io.MappedFileSource.ofBytes("var.dict", frame),
                0,
                frame.length,
                1 << 12)) {
            assertNull(d.spaceAndQuote(), "not every entry could be read");
        }
        try (ClpsDictionaryPrefix d = new ClpsDictionaryPrefix(
                plain.length + 1,
                dev.vitrine.core.io.MappedFileSource.ofBytes("var.dict", frame),
                0,
                frame.length,
                1 << 12)) {
            // a value looked for is a maybe there (the entry that cannot be read), never ruled out
            int at = d.next(0, "no entry holds this".getBytes(StandardCharsets.UTF_8));
            assertEquals(plain.length, at, "the entry past the last one read");
            assertNull(d.entry(at));
        }
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
