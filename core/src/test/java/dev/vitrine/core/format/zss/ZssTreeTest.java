package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.RowTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The lazy structure tree and the records table, as the app browses them. */
class ZssTreeTest {

    private static Field field(Node n, String name) {
        return n.fields().stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + n.fields()));
    }

    @Test
    void headerFieldsCarryTheirExactByteRanges() throws Exception {
        // The annotated minimal file of SOURCE.md.
        try (ZssArchive z = open(fixture("broken-files/good-index-key-1.zss"))) {
            Node root = z.root();
            assertEquals("zss-file", root.kind());
            List<Node> top = root.children(0, 10);
            assertEquals(
                    List.of("header", "index-block", "data-blocks"),
                    top.stream().map(Node::kind).toList());
            Node header = top.get(0);
            assertEquals(ByteRange.of(0, 0x6a), header.range());
            assertEquals(
                    List.of(
                            "magic",
                            "header_length",
                            "root_index_offset",
                            "root_index_length",
                            "total_file_length",
                            "data_sha256",
                            "codec",
                            "metadata_length",
                            "metadata",
                            "header crc"),
                    header.fields().stream().map(Field::name).toList());
            assertEquals(ByteRange.of(0, 8), field(header, "magic").range());
            assertEquals("82", field(header, "header_length").value());
            assertEquals(
                    ByteRange.of(0x10, 8), field(header, "root_index_offset").range());
            assertEquals("120", field(header, "root_index_offset").value());
            assertEquals(ByteRange.of(0x28, 32), field(header, "data_sha256").range());
            assertEquals("none", field(header, "codec").value());
            assertEquals(ByteRange.of(0x48, 16), field(header, "codec").range());
            assertEquals(ByteRange.of(0x60, 2), field(header, "metadata").range());
            assertEquals("{}", field(header, "metadata").value());
            assertEquals(ByteRange.of(0x62, 8), field(header, "header crc").range());
            assertTrue(field(header, "header crc").value().endsWith("(ok)"));
            assertEquals(
                    "{}", new String(header.content().orElseThrow().open().readAllBytes(), StandardCharsets.UTF_8));

            Node index = top.get(1);
            assertEquals(ByteRange.of(0x78, 14), index.range());
            assertEquals(ByteRange.of(0x78, 1), field(index, "length").range());
            assertEquals(ByteRange.of(0x79, 1), field(index, "level").range());
            assertEquals(ByteRange.of(0x7a, 4), field(index, "payload").range());
            assertEquals(ByteRange.of(0x7e, 8), field(index, "crc").range());
            assertEquals(ByteRange.of(0x7a, 4), field(index, "entry 0").range());
            assertEquals(1, index.childCount());
            Node data = index.children(0, 10).getFirst();
            assertEquals("data-block", data.kind());
            assertEquals(ByteRange.of(0x6a, 14), data.range());
            assertEquals("a", field(data, "key (from parent index)").value());
            assertEquals(2, data.childCount());
            Node rec = data.children(1, 5).getFirst();
            assertEquals("record", rec.kind());
            assertEquals(ByteRange.of(0x6e, 2), rec.range());
            assertEquals("c", new String(rec.content().orElseThrow().open().readAllBytes(), StandardCharsets.US_ASCII));
            assertEquals(List.of(), data.problems());
        }
    }

    @Test
    void dataBlocksArePagedInFileOrderAndRecordsTableCoversAll() throws Exception {
        try (ZssArchive z = open(fixture("generated/recs1000-deflate.zss"))) {
            Node blocks = z.root().children(2, 1).getFirst();
            assertEquals(40, blocks.childCount());
            List<Node> page = blocks.children(38, 10);
            assertEquals(2, page.size());
            assertTrue(page.getFirst().range().offset() < page.get(1).range().offset());
            Node last = page.get(1);
            assertEquals(25, last.childCount());
            Node r = last.children(24, 1).getFirst();
            assertEquals(ByteRange.NONE, r.range(), "compressed records have no bytes of their own");
            assertEquals(
                    "record-0999",
                    new String(r.content().orElseThrow().open().readAllBytes(), StandardCharsets.US_ASCII)
                            .substring(0, 11));

            RowTable t = z.root().table().orElseThrow();
            assertEquals(List.of("#", "key", "length", "block"), t.columns());
            List<RowTable.Row> rows = t.rows(500, 3);
            assertEquals(
                    List.of("500", "record-0500 echo echo", "21"),
                    rows.getFirst().cells().subList(0, 3));
            assertEquals("record-0502 golf charlie", rows.get(2).cells().get(1));
            assertEquals(1000, t.rowCount());
            assertEquals(1, t.rows(999, 10).size());
            assertEquals(List.of(), t.rows(1000, 10));
        }
    }

    @Test
    void indexTreeReachesEveryDataBlockAtTheSameDepth() throws Exception {
        try (ZssArchive z = open(fixture("generated/deep-index-3level.zss"))) {
            Node index = z.root().children(1, 1).getFirst();
            assertTrue(index.name().contains("level 3"), index.name());
            int[] dataBlocks = {0};
            walk(index, 0, dataBlocks);
            assertEquals(125, dataBlocks[0]);
        }
    }

    private static void walk(Node n, int depth, int[] dataBlocks) throws IOException {
        assertEquals(List.of(), n.problems(), n.name());
        if (n.kind().equals("data-block")) {
            assertEquals(3, depth);
            dataBlocks[0]++;
            return;
        }
        assertEquals("index-block", n.kind());
        for (Node c : n.children(0, 100)) walk(c, depth + 1, dataBlocks);
    }

    @Test
    void selectingAByteDescendsToTheDeepestNode() throws Exception {
        try (ZssArchive z = open(fixture("generated/recs1000-none.zss"))) {
            Node root = z.root();
            // A byte inside some record in the middle of the file.
            long target = 13_000;
            Node n = root;
            Node deepest = null;
            for (int depth = 0; depth < 10; depth++) {
                Optional<Node> c = n.childCovering(ByteRange.Position.of(target));
                if (c.isEmpty()) break;
                n = c.get();
                deepest = n;
            }
            assertNotNull(deepest);
            assertEquals("record", deepest.kind());
            assertTrue(deepest.range().contains(target));

            // A byte of the root index block leads to the index node.
            long rootByte = z.header().rootOffset() + 3;
            Node viaRoot = root.childCovering(ByteRange.Position.of(rootByte)).orElseThrow();
            assertEquals("index-block", viaRoot.kind());
            assertTrue(viaRoot.range().contains(rootByte));
            // A byte of a level-1 index block is found below the root index.
            Node level1 = viaRoot.children(2, 1).getFirst();
            long l1Byte = level1.range().offset() + 2;
            Node found = viaRoot.childCovering(ByteRange.Position.of(l1Byte)).orElseThrow();
            assertEquals(level1.range(), found.range());
            // And the header.
            assertEquals(
                    "header",
                    root.childCovering(ByteRange.Position.of(5)).orElseThrow().kind());
        }
    }

    @Test
    void damagedPartsCarryTheirProblems() throws Exception {
        try (ZssArchive z = open(fixture("broken-files/root-checksum.zss"))) {
            Node index = z.root().children(1, 1).getFirst();
            assertTrue(index.problems().stream()
                    .anyMatch(p -> p.offset() == 120 && p.message().contains("checksum mismatch")));
            assertTrue(field(index, "crc").value().contains("mismatch"));
        }
        try (ZssArchive z = open(fixture("broken-files/bad-magic.zss"))) {
            assertEquals(0, z.root().problems().getFirst().offset());
            assertTrue(
                    field(z.root().children(0, 1).getFirst(), "magic").value().endsWith("(bad)"));
        }
        try (ZssArchive z = open(fixture("broken-files/truncated-data-2.zss"))) {
            Node blocks = z.root().children(2, 1).getFirst();
            assertEquals(1, blocks.childCount());
            assertEquals(134, blocks.problems().getFirst().offset());
        }
        try (ZssArchive z = open(fixture("broken-files/partial-data-1.zss"))) {
            Node block = z.root().children(2, 1).getFirst().children(0, 1).getFirst();
            assertEquals(1, block.childCount(), "the record before the damage is shown");
            assertTrue(block.problems().stream()
                    .anyMatch(p -> p.message().startsWith("record extends past end of block")));
        }
        try (ZssArchive z = open(fixture("broken-files/bad-ref-length.zss"))) {
            Node index = z.root().children(1, 1).getFirst();
            Node child = index.children(0, 1).getFirst();
            assertTrue(
                    child.problems().stream()
                            .anyMatch(p -> p.message().contains("index length 15 != actual length 14")),
                    child.problems().toString());
        }
        try (ZssArchive z = open(fixture("broken-files/header-checksum.zss"))) {
            assertTrue(z.unreadable());
            assertEquals(3, z.root().childCount(), "a header with a bad CRC is still shown with its blocks");
        }
    }

    @Test
    void extensionBlocksAreKindExtension() throws Exception {
        try (ZssArchive z = open(fixture("broken-files/bad-level-index-1.zss"))) {
            Node index = z.root().children(1, 1).getFirst();
            Node ext = index.children(0, 1).getFirst();
            assertEquals("extension-block", ext.kind());
            assertFalse(ext.hasChildren());
        }
    }
}
