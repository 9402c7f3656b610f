package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.model.Node;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Archives made with the real clp-s v0.10.0 for cases the shared fixtures lack: many value types
 * (control characters, nested and structured arrays, empty objects, polymorphic keys), epoch
 * float and time-zone timestamps, no records at all, and no log order.
 */
class ClpsMadeArchivesTest {
    @ParameterizedTest
    @ValueSource(strings = {"types", "types-s", "epochs", "tz"})
    void byteIdenticalToTheRealTool(String name) throws Exception {
        byte[] expected = ClpsTestFiles.gunzip("made/outputs/" + name + ".ordered.jsonl.gz");
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/" + name + ".clps"))) {
            assertEquals("", ClpsGoldenTest.firstDifference(expected, ClpsTestFiles.decode(a)), name);
            assertTrue(
                    ClpsTestFiles.verify(a).isEmpty(),
                    () -> ClpsTestFiles.verify(a).toString());
        }
    }

    @Test
    void zeroRecordArchiveOpensDecodesAndVerifies() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/empty.clps"))) {
            assertTrue(a.openProblems().isEmpty(), a.openProblems().toString());
            assertEquals(0, a.records().recordCount());
            assertEquals(0, ClpsTestFiles.decode(a).length);
            assertTrue(
                    ClpsTestFiles.verify(a).isEmpty(),
                    () -> ClpsTestFiles.verify(a).toString());
            assertEquals(0, a.info().get("counts").get("records").asLong());
            walk(a.root(), 0);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "made/archives/edge-nologorder.clps:made/outputs/edge-nologorder.unordered.jsonl.gz",
                "generated/archives/edge-nologorder.clps:generated/outputs/edge-nologorder.unordered.jsonl.gz"
            })
    void archiveWithoutLogOrderComesOutInTableOrder(String pair) throws Exception {
        String[] p = pair.split(":");
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(p[0]))) {
            assertEquals(3, a.metadata.packets.size(), "no RangeIndex packet");
            List<String> want = ClpsGoldenTest.lines(ClpsTestFiles.gunzip(p[1]));
            List<String> got = ClpsGoldenTest.lines(ClpsTestFiles.decode(a));
            assertEquals(want.size(), got.size());
            // The real tool's unordered output is table order too: byte for byte.
            assertEquals(want, got);
            assertTrue(
                    ClpsTestFiles.verify(a).isEmpty(),
                    () -> ClpsTestFiles.verify(a).toString());
        }
    }

    @Test
    void detectedByMagicThroughTheRegistry() throws Exception {
        var f = FormatRegistry.get().detect(ClpsTestFiles.fixture("v0.5.0/archives/floats.clps"));
        assertEquals("clps", f.orElseThrow().id());
    }

    @Test
    void filterHookSeesEachRecordAsJson() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("v0.5.0/archives/edge.clps"))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            a.records().writeJsonLines(r -> r.text().contains("\"n\":1"), out);
            List<String> lines = ClpsGoldenTest.lines(out.toByteArray());
            assertFalse(lines.isEmpty());
            for (String l : lines) assertTrue(l.contains("\"n\":1"), l);
            assertEquals(a.records().lines(0, 1).get(0).trim(), lines.get(0));
        }
    }

    @Test
    void recordTableAndTreeWalk() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("v0.5.0/archives/app-structurized.clps"))) {
            var t = a.records().table();
            assertEquals(3000, t.rowCount());
            var rows = t.rows(2990, 20);
            assertEquals(10, rows.size());
            assertTrue(rows.get(0).cells().get(1).startsWith("{\"timestamp\""));
            int nodes = walk(a.root(), 0);
            assertTrue(nodes > 50, "nodes " + nodes);
        }
    }

    @Test
    void ingestedFilesOfTheRangeIndexExportTheirRecords() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("generated/archives/sts135-multifile.clps"))) {
            var files = a.entries();
            assertEquals(5, files.size());
            assertTrue(files.get(0).name().contains("sts-135"), files.get(0).name());
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            long total = 0;
            for (var e : files) {
                var c = a.content(e);
                try (var in = c.open()) {
                    byte[] b = in.readAllBytes();
                    assertEquals(c.size(), b.length);
                    all.write(b);
                    total += b.length;
                }
            }
            assertEquals(ClpsTestFiles.decode(a).length, total);
            assertEquals(
                    new String(ClpsTestFiles.decode(a), java.nio.charset.StandardCharsets.UTF_8),
                    all.toString(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    @Test
    void jsonRecordsCapabilityWritesAllRecordsAndRefusesQueriesItCannotParse() throws Exception {
        byte[] expected = ClpsTestFiles.gunzip("v0.5.0/outputs/edge.ordered.jsonl.gz");
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("v0.5.0/archives/edge.clps"))) {
            var jr = a.capability(dev.vitrine.core.model.JsonRecords.class).orElseThrow();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertEquals(35, jr.writeJsonLines("  ", out));
            assertEquals(35, jr.recordCount());
            assertEquals(
                    new String(expected, java.nio.charset.StandardCharsets.UTF_8),
                    out.toString(java.nio.charset.StandardCharsets.UTF_8));
            // KQL is wired now: a query it cannot parse is still refused, with the position of the mistake.
            org.junit.jupiter.api.Assertions.assertThrows(
                    dev.vitrine.core.model.JsonRecords.QuerySyntaxException.class,
                    () -> jr.writeJsonLines("n: (1 OR", new ByteArrayOutputStream()));
        }
    }

    @Test
    void packetsTablesAndDictionaryEntriesShowTheirDecodedBytes() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("v0.5.0/archives/edge.clps"))) {
            Node root = a.root();
            assertTrue(root.is(dev.vitrine.core.model.Role.ARCHIVE));
            Node meta = root.children(0, 10).get(1);
            Node packet = meta.children(0, 10).get(1);
            assertTrue(packet.is(dev.vitrine.core.model.Role.PACKET));
            var d = packet.decoded().orElseThrow();
            try (var src = d.open()) {
                assertEquals(1, src.readU8(d.offset()), "ArchiveFileInfo's type byte");
                assertTrue(d.offset() + d.length() <= src.size());
            }
            Node files = root.children(0, 10).get(2);
            int dicts = 0, tables = 0;
            for (Node e : files.children(0, 20)) {
                if (e.name().equals("/schema_tree")) {
                    for (Node c : e.children(0, 5)) {
                        var dd = c.decoded().orElseThrow();
                        try (var src = dd.open()) {
                            long parent = (int) src.readU32LE(dd.offset());
                            assertEquals(c.fields().get(1).value(), Long.toString(parent), c.name());
                        }
                    }
                    continue;
                }
                for (Node c : e.children(0, 5)) {
                    if (c.kind().equals("dictionary entry")) {
                        var dd = c.decoded().orElseThrow();
                        try (var src = dd.open()) {
                            assertEquals(dd.length() - 8, src.readU64LE(dd.offset()));
                        }
                        dicts++;
                    }
                    for (Node t : c.children(0, 5)) {
                        if (t.is(dev.vitrine.core.model.Role.TABLE)
                                && t.decoded().isPresent()) {
                            try (var src = t.decoded().get().open()) {
                                assertTrue(t.decoded().get().offset()
                                                + t.decoded().get().length()
                                        <= src.size());
                            }
                            tables++;
                        }
                    }
                }
            }
            assertTrue(dicts > 0 && tables > 0, dicts + " " + tables);
        }
    }

    /** Walks the whole tree (first pages only), reading every field; returns the node count. */
    static int walk(Node n, int depth) throws Exception {
        n.fields();
        n.problems();
        n.range();
        int count = 1;
        if (depth > 6 || !n.hasChildren()) return count;
        for (Node c : n.children(0, 40)) count += walk(c, depth + 1);
        return count;
    }
}
