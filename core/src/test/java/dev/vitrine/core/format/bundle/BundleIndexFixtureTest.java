package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The real LevelDB and RocksDB folders from dacha's testdata (fixtures/databundle/SOURCE.md)
 * read through {@link BundleIndex} with their expected keys: LevelDB-era .ldb tables,
 * values only in the WAL, deletions, and a 20,004-key RocksDB. Each folder is byte-identical
 * afterwards, and the private copy is gone once closed.
 */
class BundleIndexFixtureTest {
    static Path fixture(String name) {
        return Path.of("src/test/resources/fixtures/databundle/embeddeddb-testdata", name);
    }

    static Map<String, String> all(String name) throws Exception {
        Path dir = fixture(name);
        Map<String, byte[]> before = BundleUnchangedTest.hashes(dir);
        Map<String, String> out = new LinkedHashMap<>();
        Path copy;
        try (BundleIndex idx = BundleIndex.open(dir, 64 << 20)) {
            copy = idx.copyFolder();
            idx.scan(new byte[0], null, (k, v) -> {
                out.put(new String(k, StandardCharsets.UTF_8), new String(v, StandardCharsets.UTF_8));
                return true;
            });
        }
        assertFalse(Files.exists(copy), "the private copy is deleted on close");
        BundleUnchangedTest.assertSame(before, BundleUnchangedTest.hashes(dir));
        return out;
    }

    @Test
    void leveldbEmpty() throws Exception {
        assertTrue(all("leveldb-empty").isEmpty());
    }

    @Test
    void leveldbFood() throws Exception {
        assertEquals(
                Map.of("apples", "fruit", "mozzarella", "cheese", "oranges", "color", "pizza", "italy"),
                all("leveldb-food"));
    }

    @Test
    void leveldbFoodMutateReadsTheWalAndDeletions() throws Exception {
        Map<String, String> m = all("leveldb-food-mutate");
        assertEquals(Map.of("apples", "cool", "oranges", "color", "pizza", "here"), m);
    }

    @Test
    void leveldbPrefixed() throws Exception {
        Map<String, String> m = all("leveldb-prefixed");
        assertEquals(400, m.size());
        for (String p : new String[] {"100", "200"}) {
            for (int i = 0; i < 100; i++) assertTrue(m.containsKey(p + String.format("%02d", i)), p + i);
        }
        for (int i = 0; i < 100; i++) {
            assertTrue(m.containsKey("50" + String.format("%02d", i)));
            assertTrue(m.containsKey("32" + String.format("%02d", i)), "WAL key 32" + i);
        }
        assertTrue(m.values().stream().allMatch(v -> v.equals("even") || v.equals("odd")));
    }

    @Test
    void rocksdb() throws Exception {
        Map<String, String> m = all("rocksdb");
        assertEquals(20_004, m.size());
        assertEquals("fruit", m.get("apples"));
    }

    @Test
    void prefixScanAndFloor() throws Exception {
        try (BundleIndex idx = BundleIndex.open(fixture("leveldb-prefixed"), 64 << 20)) {
            assertEquals(100, idx.page("200".getBytes(), null, 1000).size());
            assertEquals(
                    "20050",
                    new String(idx.page("200".getBytes(), "20050".getBytes(), 1)
                            .getFirst()
                            .key()));
            assertEquals(
                    "10099",
                    new String(idx.floor("1".getBytes(), "10099z".getBytes()).key()));
            assertNull(idx.floor("9".getBytes(), "9".getBytes()));
        }
    }
}
