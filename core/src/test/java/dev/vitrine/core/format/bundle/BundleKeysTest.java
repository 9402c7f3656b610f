package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.KeyValueIndex;
import dev.vitrine.core.model.Node;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bundle's index as the Index keys tab reads it: prefixes, pages, odd keys typed back as shown, tree paths. */
class BundleKeysTest {
    @TempDir
    Path tmp;

    @Test
    void pagesOfAPrefixAreTheKeysInOrderAcrossCheckpoints() throws Exception {
        Path in = tmp.resolve("in");
        for (int i = 0; i < 2500; i++) BundleTestFiles.write(in, String.format("many/f%05d", i), new byte[] {(byte) i});
        Path b = tmp.resolve("b");
        BundleWriter.write(in, b, BundleWriter.defaults());
        try (BundleArchive a = BundleTestFiles.open(b)) {
            KeyValueIndex idx = a.capability(KeyValueIndex.class).orElseThrow();
            byte[] prefix = KeyValueIndex.prefixOf("FILE_METADATA # many/ # ");
            List<Long> heard = new ArrayList<>();
            assertEquals(2500, idx.count(prefix, n -> heard.add(n)));
            assertFalse(heard.isEmpty(), "the count reports progress as it goes");
            // a page far in (past two checkpoints), then the first, then one across a page boundary
            for (long from : new long[] {2040, 0, 1020}) {
                List<KeyValueIndex.Entry> page = idx.entries(prefix, from, 10);
                assertEquals(10, page.size());
                for (int i = 0; i < 10; i++) {
                    assertEquals(
                            String.format("FILE_METADATA # many/ # f%05d", from + i),
                            page.get(i).keyText());
                    assertEquals(from + i, page.get(i).index());
                    assertEquals("FILE_METADATA", page.get(i).kind());
                }
            }
            assertEquals(List.of(), idx.entries(prefix, 2500, 10));
            assertEquals(1, idx.count(KeyValueIndex.prefixOf("BUNDLE_CONFIG #"), n -> true));
        }
    }

    @Test
    void aKeyWithControlBytesAndBackslashesIsFoundByTypingItAsShown() throws Exception {
        Path in = tmp.resolve("in");
        BundleTestFiles.write(in, "a.txt", BundleTestFiles.text(100, 1));
        Path b = tmp.resolve("b");
        BundleWriter.write(in, b, BundleWriter.defaults());
        byte[] odd = BundleLayout.utf8("FILE_METADATA # / # tab\there\\x41");
        byte[] notUtf8 = {'Z', (byte) 0xff, '\\'};
        byte[] a = BundleTestFiles.getIndex(b, BundleLayout.fileKey("a.txt"));
        BundleTestFiles.editIndex(b, BundleTestFiles.kv(odd, a), BundleTestFiles.kv(notUtf8, new byte[] {1, 2}));
        try (BundleArchive arch = BundleTestFiles.open(b)) {
            KeyValueIndex idx = arch.capability(KeyValueIndex.class).orElseThrow();
            for (byte[] key : List.of(odd, notUtf8)) {
                String shown = KeyValueIndex.printable(key);
                assertArrayEquals(key, KeyValueIndex.prefixOf(shown), shown);
                List<KeyValueIndex.Entry> found = idx.entries(KeyValueIndex.prefixOf(shown), 0, 5);
                assertEquals(1, found.size(), shown);
                assertArrayEquals(key, found.getFirst().key());
            }
            assertEquals("FILE_METADATA # / # tab\\x09here\\x5cx41", KeyValueIndex.printable(odd));
            KeyValueIndex.Entry unknown = idx.entries(notUtf8, 0, 1).getFirst();
            assertEquals("unknown", unknown.kind());
            assertEquals(
                    Boolean.TRUE,
                    idx.nodePath(unknown)
                            .map(p -> p.getLast().name().startsWith("Z"))
                            .orElse(false),
                    "a key the format does not know is found among the tree's index keys");
        }
    }

    @Test
    void aFileKeyLeadsToItsFileThroughItsFoldersAndARecordKeyToItsRecord() throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path b = tmp.resolve("b");
        BundleWriter.write(in, b, BundleWriter.defaults().withRecordSize(64 * 1024));
        try (BundleArchive a = BundleTestFiles.open(b)) {
            KeyValueIndex idx = a.capability(KeyValueIndex.class).orElseThrow();
            KeyValueIndex.Entry zeros =
                    idx.entries(BundleLayout.fileKey("b/d/zeros"), 0, 1).getFirst();
            assertTrue(zeros.summary().startsWith("file of 600000 B in shard 0"), zeros.summary());
            List<Node> path = idx.nodePath(zeros).orElseThrow();
            assertEquals(
                    List.of("files", "b", "d", "zeros"),
                    path.subList(1, path.size()).stream().map(Node::name).toList());
            assertEquals("file", path.getLast().kind());

            KeyValueIndex.Entry rec =
                    idx.entries(BundleLayout.recordKey(0, 65536), 0, 1).getFirst();
            assertEquals("SHARD_METADATA", rec.kind());
            List<Node> rp = idx.nodePath(rec).orElseThrow();
            assertEquals(
                    List.of("shards", "shard-00000000"),
                    rp.subList(1, 3).stream().map(Node::name).toList());
            assertTrue(
                    rp.getLast().name().contains("[65536, +65536)"),
                    rp.getLast().name());
            assertEquals(rp.getLast().range(), rec.range(), "the key's bytes are its record's");
        }
    }
}
