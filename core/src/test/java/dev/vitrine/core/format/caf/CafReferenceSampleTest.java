package dev.vitrine.core.format.caf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.RowTable;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sample written by the TypeScript reference (fixtures/caf/SOURCE.md): listing, bytes, tree, verify. */
class CafReferenceSampleTest {
    /** name, start, end (exclusive), input file: the insertion order recorded in SOURCE.md. */
    record Expected(String name, long start, long end, String input) {}

    static final List<Expected> EXPECTED = List.of(
            new Expected("small-text.txt", 0, 223, "inputs/small-text.txt"),
            new Expected("data.csv", 223, 593, "inputs/data.csv"),
            new Expected("empty-file.txt", 593, 593, "inputs/empty-file.txt"),
            new Expected("nested/dir/config.json", 593, 1044, "inputs/config.json"),
            new Expected("large-binary.dat", 1044, 52244, "inputs/large-binary.dat"),
            new Expected("unicode/über café ☃.txt", 52244, 52264, null));

    @Test
    void registryDetectsTheSampleByStructure() throws Exception {
        Path p = CafTestFiles.sample();
        assertEquals("caf", FormatRegistry.get().detect(p).orElseThrow().id());
        try (var src = MappedFileSource.open(p)) {
            assertEquals(Detection.BY_STRUCTURE, new CafFormat().detect(new Probe(Path.of("renamed.bin"), src)));
        }
        try (var src = MappedFileSource.ofBytes("x.caf", new byte[] {1, 2, 3})) {
            assertEquals(Detection.BY_NAME, new CafFormat().detect(new Probe(Path.of("x.caf"), src)));
            assertEquals(Detection.NO, new CafFormat().detect(new Probe(Path.of("x.bin"), src)));
        }
    }

    @Test
    void listsEntriesInDataOrderWithExclusiveEnds() throws Exception {
        try (Archive a = new CafFormat().open(CafTestFiles.sample(), Limits.DEFAULT)) {
            assertEquals(List.of(), a.openProblems());
            assertFalse(a.unreadable());
            List<FileListing.Entry> entries =
                    a.capability(FileListing.class).orElseThrow().entries();
            assertEquals(EXPECTED.size(), entries.size());
            for (int i = 0; i < EXPECTED.size(); i++) {
                Expected x = EXPECTED.get(i);
                FileListing.Entry e = entries.get(i);
                assertEquals(x.name(), e.name());
                assertEquals(x.end() - x.start(), e.size());
                assertEquals(ByteRange.of(x.start(), x.end() - x.start()), e.range());
            }
        }
    }

    @Test
    void everyEntryIsByteIdenticalToItsInput() throws Exception {
        try (CafArchive a = (CafArchive) new CafFormat().open(CafTestFiles.sample(), Limits.DEFAULT)) {
            List<FileListing.Entry> entries = a.entries();
            for (int i = 0; i < EXPECTED.size(); i++) {
                Expected x = EXPECTED.get(i);
                byte[] want = x.input() == null
                        ? "non-ascii path name\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)
                        : Files.readAllBytes(CafTestFiles.fixture(x.input()));
                Content c = a.content(entries.get(i));
                try (InputStream in = c.open()) {
                    assertArrayEquals(want, in.readAllBytes(), x.name());
                }
                assertEquals(want.length, c.size());
            }
        }
    }

    @Test
    void infoUsesTheReferenceFieldNames() throws Exception {
        try (Archive a = new CafFormat().open(CafTestFiles.sample(), Limits.DEFAULT)) {
            ObjectNode info = a.info();
            assertEquals("1.0", info.get("format_version").asText());
            assertEquals(6, info.get("total_files").asInt());
            assertEquals(52631, info.get("total_size").asLong());
            assertEquals(52264, info.get("index_offset").asLong());
            assertEquals(363, info.get("index_size").asLong());
        }
    }

    @Test
    void treeHasDataIndexAndFooterWithFolders() throws Exception {
        try (Archive a = new CafFormat().open(CafTestFiles.sample(), Limits.DEFAULT)) {
            Node root = a.root();
            List<Node> sections = root.children(0, 10);
            assertEquals(
                    List.of("data", "index", "footer"),
                    sections.stream().map(Node::name).toList());
            Node data = sections.get(0);
            assertEquals(ByteRange.of(0, 52264), data.range());
            assertEquals(ByteRange.of(52264, 363), sections.get(1).range());
            Node footer = sections.get(2);
            assertEquals(ByteRange.of(52627, 4), footer.range());
            Field indexSize = footer.fields().getFirst();
            assertEquals("index_size", indexSize.name());
            assertEquals("363", indexSize.value());
            assertEquals(ByteRange.of(52627, 4), indexSize.range());
            assertTrue(sections.get(1).fields().stream()
                    .anyMatch(f -> f.name().equals("format_version")
                            && f.value().equals("1.0")
                            && f.range().equals(ByteRange.of(52264 + 18, 5))));

            // Top level: files and folders in data order, folders where their first file is.
            assertEquals(
                    List.of("small-text.txt", "data.csv", "empty-file.txt", "nested", "large-binary.dat", "unicode"),
                    data.children(0, 100).stream().map(Node::name).toList());
            assertEquals(
                    List.of("data.csv", "empty-file.txt"),
                    data.children(1, 2).stream().map(Node::name).toList());
            Node nested = data.children(3, 1).getFirst();
            assertEquals("folder", nested.kind());
            Node dir = nested.children(0, 10).getFirst();
            Node config = dir.children(0, 10).getFirst();
            assertEquals("config.json", config.name());
            assertEquals("file", config.kind());
            assertEquals(ByteRange.of(593, 451), config.range());
            assertEquals(451, config.content().orElseThrow().size());

            // The deepest node under a byte: data -> nested -> dir -> config.json.
            Node n = root;
            ByteRange.Position pos = ByteRange.Position.of(700);
            while (true) {
                var c = n.childCovering(pos);
                if (c.isEmpty()) break;
                n = c.get();
            }
            assertEquals("config.json", n.name());

            RowTable table = data.table().orElseThrow();
            assertEquals(List.of("name", "size", "offset", "end"), table.columns());
            assertEquals(6, table.rowCount());
            RowTable.Row row = table.rows(4, 10).getFirst();
            assertEquals(List.of("large-binary.dat", "51200", "1044", "52244"), row.cells());
            assertEquals(51200, row.content().size());
        }
    }

    @Test
    void verifyFindsNothingWrong() throws Exception {
        try (CafArchive a = (CafArchive) new CafFormat().open(CafTestFiles.sample(), Limits.DEFAULT)) {
            assertEquals(List.of(), CafTestFiles.verify(a));
        }
    }
}
