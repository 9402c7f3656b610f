package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.json.PythonJson;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The small pieces: key ranges, Python-identical JSON, the ledger, key handles. */
class ZssPartsTest {

    @Test
    void escapedNamesShowNulAsHexLikeEveryOtherControlByte() {
        // A record name once came out as a backslash and a raw NUL (the golden tree of big-records showed it).
        assertEquals("\\x07\\x00f\\x01'\"", Keys.escape(new byte[] {7, 0, 'f', 1, '\'', '"'}));
        assertEquals("a\\x00b", Keys.escape(new byte[] {'a', 0, 'b'}));
    }

    @Test
    void prefixBecomesAHalfOpenRange() {
        KeyRange r = KeyRange.of(null, null, bytes("ab"));
        assertArrayEquals(bytes("ab"), r.start());
        assertArrayEquals(bytes("ac"), r.stop());
        r = KeyRange.of(bytes("b"), bytes("zz"), bytes("a\u00ff\u00ff"));
        assertArrayEquals(bytes("b"), r.start());
        assertArrayEquals(bytes("b"), r.stop());
        assertTrue(r.isEmpty());
        assertNull(KeyRange.prefixStop(new byte[] {(byte) 0xff, (byte) 0xff}));
        assertNull(KeyRange.of(null, null, new byte[] {(byte) 0xff}).stop());
        assertArrayEquals(bytes("c"), KeyRange.of(null, bytes("c"), bytes("c")).start());
        assertTrue(KeyRange.of(null, bytes("c"), bytes("c")).isEmpty());
        assertFalse(KeyRange.of(null, null, null).isEmpty());
        assertTrue(KeyRange.of(null, null, new byte[0]).unboundedStart());
    }

    @Test
    void pythonFloatRepr() {
        String[][] cases = {
            {"2.5", "2.5"},
            {"1.0", "1.0"},
            {"100", "100.0"},
            {"1e16", "1e+16"},
            {"1e15", "1000000000000000.0"},
            {"0.0001", "0.0001"},
            {"0.00001", "1e-05"},
            {"-0.0", "-0.0"},
            {"1.5e-7", "1.5e-07"},
            {"123456789012345678", "1.2345678901234568e+17"},
            {"0.1", "0.1"},
            {"1e308", "1e+308"},
            {"5e-324", "5e-324"},
            {"3.14159", "3.14159"},
            {"1e22", "1e+22"},
            {"12345.678", "12345.678"}
        };
        for (String[] c : cases) assertEquals(c[1], PythonJson.floatRepr(Double.parseDouble(c[0])), c[0]);
        assertEquals("NaN", PythonJson.floatRepr(Double.NaN));
        assertEquals("-Infinity", PythonJson.floatRepr(Double.NEGATIVE_INFINITY));
    }

    @Test
    void pythonJsonDumps() throws Exception {
        JsonNode n = MetadataJson.parse(
                "{\"z\": [1, 2.50, 1E2, true, null, {}, []], \"a\": \"\u00e9\u65e5\\ud83d\\ude00\\u007f\\t\\\"\\\\/\","
                        + " \"n\": -0, \"big\": 123456789012345678901234567890, \"x\": 1, \"x\": 2}");
        assertEquals(
                "{\"z\": [1, 2.5, 100.0, true, null, {}, []], \"a\": \"\\u00e9\\u65e5\\ud83d\\ude00\\u007f\\t\\\"\\\\/\","
                        + " \"n\": 0, \"big\": 123456789012345678901234567890, \"x\": 2}",
                PythonJson.dumps(n));
        assertEquals(
                "{\n  \"k\": [\n    1,\n    {}\n  ],\n  \"e\": []\n}",
                PythonJson.dumps(MetadataJson.parse("{\"k\":[1,{}],\"e\":[]}"), 2));
        assertEquals("[]", PythonJson.dumps(MetadataJson.parse("[]"), 4));
        assertThrows(Exception.class, () -> MetadataJson.parse("{} x"));
        // The writers' default "{}" is answered without the parser: the same object as the parser's.
        assertEquals(MetadataJson.parse(" {} "), MetadataJson.parse("{}"));
        assertEquals("{}", PythonJson.dumps(MetadataJson.parse("{}")));
        assertEquals("NaN", PythonJson.dumps(MetadataJson.parse("NaN")));
    }

    @Test
    void ledgerBehavesLikeAMapUnderChurn() {
        BlockLedger l = new BlockLedger();
        Map<Long, long[]> model = new HashMap<>();
        Random rnd = new Random(3);
        for (int i = 0; i < 200_000; i++) {
            long off = rnd.nextInt(5000) * 7L;
            if (rnd.nextBoolean()) {
                long[] v = {rnd.nextInt(64), rnd.nextLong(), rnd.nextLong(), rnd.nextLong()};
                l.put(off, (int) v[0], v[1], v[2], v[3]);
                model.put(off, v);
            } else {
                long[] v = model.remove(off);
                assertEquals(v != null, l.remove(off));
                if (v != null) {
                    assertEquals(v[0], l.removedLevel);
                    assertEquals(v[1], l.removedLength);
                    assertEquals(v[2], l.removedFirst);
                    assertEquals(v[3], l.removedLast);
                }
            }
            assertEquals(model.size(), l.size());
        }
        assertEquals(
                model.keySet().stream()
                        .sorted()
                        .mapToLong(Long::longValue)
                        .boxed()
                        .toList(),
                java.util.Arrays.stream(l.remainingOffsets()).boxed().toList());
    }

    /** Codec none keeps copies too (resolving file positions faulted released pages back in). */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"deflate", "none"})
    void copiedKeysSpillToRereadingTheBlockPastTheBudget(String codec) throws Exception {
        try (ZssArchive z = ZssTestSupport.open(ZssTestSupport.fixture("generated/recs1000-" + codec + ".zss"))) {
            KeyStore keys = new KeyStore(z.reader(), 30);
            long block0 = z.blockDirectory().dataOffset(0);
            long block1 = z.blockDirectory().dataOffset(1);
            MemorySegment r = MemorySegment.ofArray(bytes("record-0000 alpha alpha"));
            long kept = keys.keep(r, block0, true);
            assertTrue(kept >= 0, "fits the budget: copied");
            long spilled = keys.keep(MemorySegment.ofArray(bytes("record-0049 whatever")), block1, false);
            assertTrue(spilled < 0, "over budget: a reference to the block");
            assertEquals(
                    "record-0000 alpha alpha",
                    new String(keys.resolve(kept).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
            assertTrue(new String(keys.resolve(spilled).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                    .startsWith("record-0049"));
            keys.release(kept);
            assertTrue(keys.keep(r, block0, true) >= 0, "released bytes are reusable");
        }
    }
}
