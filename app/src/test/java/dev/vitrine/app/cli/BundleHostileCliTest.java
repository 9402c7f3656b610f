package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * Hostile DataBundles made by the test (a bundle written by `create bundle`, then index keys
 * added as an attacker would): many entries sharing one record, and names that are not UTF-8.
 */
class BundleHostileCliTest {
    @TempDir
    Path tmp;

    private static final String TOP = "FILE_METADATA # / # ";

    /** A bundle holding big.bin (random, so it has records of its own) and small.txt. */
    private Path bundle() throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        byte[] big = new byte[200_000];
        new Random(1).nextBytes(big);
        Files.write(in.resolve("big.bin"), big);
        Files.writeString(in.resolve("small.txt"), "hello\n");
        Path b = tmp.resolve("b");
        CliRun made = CliRun.of("create", "bundle", "--record-size", "65536", in.toString(), b.toString());
        assertEquals(0, made.exit(), made.stderr());
        return b;
    }

    /** Adds each key to the bundle's index with the value (metadata) of the top-level file {@code like}. */
    private static void addKeys(Path bundle, String like, List<byte[]> keys) throws Exception {
        RocksDB.loadLibrary();
        try (Options o = new Options();
                RocksDB db = RocksDB.open(o, bundle.resolve("index").toString())) {
            byte[] value = db.get((TOP + like).getBytes(StandardCharsets.UTF_8));
            for (byte[] k : keys) db.put(k, value);
        }
    }

    private static byte[] key(byte[] name) {
        byte[] p = TOP.getBytes(StandardCharsets.US_ASCII);
        byte[] k = Arrays.copyOf(p, p.length + name.length);
        System.arraycopy(name, 0, k, p.length, name.length);
        return k;
    }

    @Test
    void manyEntriesSharingOneRecordAreRefusedInTenLinesAndOneSummary() throws Exception {
        Path b = bundle();
        List<byte[]> copies = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++)
            copies.add(key(String.format("copy%04d.bin", i).getBytes(StandardCharsets.US_ASCII)));
        addKeys(b, "big.bin", copies);

        CliRun r = CliRun.of("export", b.toString(), tmp.resolve("out").toString());
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.out().startsWith("exported 2 files"), r.out());
        assertTrue(r.out().contains("1000 refused"), "the count stays exact: " + r.out());
        List<String> refused =
                r.stderr().lines().filter(l -> l.startsWith("refused: ")).toList();
        assertEquals(11, refused.size(), r.stderr());
        for (int i = 0; i < 10; i++) {
            assertTrue(
                    refused.get(i).startsWith(String.format("refused: copy%04d.bin: its bytes at offset ", i)),
                    refused.get(i));
            assertTrue(refused.get(i).contains("overlap those of entry \"big.bin\""), refused.get(i));
        }
        String offset = refused.getFirst().replaceAll("^.*its bytes at offset (\\d+) .*$", "$1");
        assertEquals("refused: … and 990 more like this at offset " + offset, refused.get(10));
        assertTrue(r.stderr().contains("1000 entries share bytes with an earlier entry"), r.stderr());
        assertFalse(Files.exists(tmp.resolve("out/copy0000.bin")));
    }

    @Test
    void namesThatAreNotUtf8CarryTheirExactBytesInLsJson() throws Exception {
        Path b = bundle();
        byte[] ff = {'n', (byte) 0xff}, fe = {'n', (byte) 0xfe};
        byte[] nested = {'d', '/', (byte) 0xc3, '('};
        addKeys(
                b,
                "small.txt",
                List.of(
                        key(ff),
                        key(fe),
                        concat("FILE_METADATA # d/ # ".getBytes(StandardCharsets.US_ASCII), new byte[] {(byte) 0xc3, '('
                        })));

        CliRun ls = CliRun.of("ls", "--json", b.toString());
        JsonNode list = Json.MAPPER.readTree(ls.stdout());
        Map<String, JsonNode> byBytes = new HashMap<>();
        for (JsonNode e : list) {
            if (e.has("name_bytes")) byBytes.put(e.get("name_bytes").asText(), e);
            else
                assertTrue(
                        e.get("name").asText().chars().allMatch(c -> c < 0x80), "UTF-8 names have no name_bytes: " + e);
        }
        String b64ff = Base64.getEncoder().encodeToString(ff),
                b64fe = Base64.getEncoder().encodeToString(fe);
        assertTrue(byBytes.containsKey(b64ff) && byBytes.containsKey(b64fe), list.toString());
        assertTrue(
                byBytes.containsKey(Base64.getEncoder().encodeToString(nested)),
                "a folder's bytes are part of the path: " + list);
        assertNotEquals(
                byBytes.get(b64ff).get("name").asText(),
                byBytes.get(b64fe).get("name").asText(),
                "two names never print alike");
        assertNull(list.get(0).get("name_bytes"));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
