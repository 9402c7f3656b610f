package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.health.HealthMap;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.testing.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file table's model without a toolkit: rows, health, tree lookups, status line. */
class FilesModelTest {
    @TempDir
    Path tmp;

    private static FileListing.Entry entry(String name, long offset, long length) {
        return new FileListing.Entry(name, length, offset < 0 ? ByteRange.NONE : ByteRange.of(offset, length));
    }

    private static FileRow row(String name, long offset, long length) {
        return new FileRow(0, entry(name, offset, length));
    }

    @Test
    void anEntryAloneIsJudgedByTheExportPathPolicy() {
        assertEquals(
                Health.DAMAGED, FileHealth.ofEntry(entry("../evil.txt", 0, 4)).health());
        assertTrue(FileHealth.ofEntry(entry("../evil.txt", 0, 4)).note().contains("export refuses it"));
        assertEquals(
                Health.DAMAGED, FileHealth.ofEntry(entry("/etc/passwd", 0, 4)).health());
        assertEquals(Health.DAMAGED, FileHealth.ofEntry(entry("a\0b", 0, 4)).health());
        assertEquals(Health.WARNING, FileHealth.ofEntry(entry("a//b.txt", 0, 4)).health(), "cleaned, not refused");
        assertEquals(
                Health.DAMAGED, FileHealth.ofEntry(entry("lost.txt", -1, 0)).health(), "bytes not located");
        assertEquals(
                Health.UNCHECKED,
                FileHealth.ofEntry(entry("nested/dir/config.json", 593, 451)).health());
    }

    @Test
    void aNameWindowsCannotHoldIsAWarningHereAndDamageOnWindows() {
        var portable = dev.vitrine.core.export.EntryPathPolicy.of(false);
        var windows = dev.vitrine.core.export.EntryPathPolicy.of(true);
        FileHealth.Verdict here = FileHealth.ofEntry(entry("logs/aux.txt", 0, 4), portable);
        assertEquals(Health.WARNING, here.health());
        assertTrue(here.note().contains("cannot be written on Windows"), here.note());
        FileHealth.Verdict there = FileHealth.ofEntry(entry("logs/aux.txt", 0, 4), windows);
        assertEquals(Health.DAMAGED, there.health());
        assertTrue(there.note().contains("export refuses it"), there.note());
        assertEquals(
                Health.UNCHECKED,
                FileHealth.ofEntry(entry("logs/auxiliary.txt", 0, 4), windows).health(),
                "only the reserved name");
    }

    @Test
    void problemsInsideTheBytesOrNamingTheEntryMarkTheRowAndVerifyMakesTheRestOk() {
        HealthMap map = new HealthMap();
        FileRow a = row("a.txt", 0, 10);
        FileRow b = row("b \"q\".txt", 10, 10);
        FileRow empty = row("empty", 20, 0);
        FileRow c = row("c.txt", 20, 10);
        List<Problem> ps = List.of(
                Problem.error("x.caf", 15, "entry \"b \\\"q\\\".txt\" [10, 20) overlaps entry \"a.txt\" [0, 10)"),
                Problem.warning("x.caf", 20, "3 bytes of the data section at [20, 23) belong to no entry"),
                Problem.error("x.caf", 900, "entry \"c.txt\" appears again (first at offset 800)"));
        ps.forEach(map::add);
        FileHealth.Problems idx = new FileHealth.Problems(ps);
        FileHealth.refresh(List.of(a, b, empty, c), map, idx);
        assertEquals(Health.DAMAGED, a.health(), "named in the overlap message");
        assertEquals(Health.DAMAGED, b.health(), "the error lies in its bytes");
        assertTrue(b.note().contains("overlaps"), b.note());
        assertEquals(Health.UNCHECKED, empty.health(), "an empty file has no bytes a problem could be in");
        assertEquals(Health.DAMAGED, c.health(), "a problem at its index key names it");
        map.markChecked();
        FileRow d = row("d.txt", 40, 5);
        FileHealth.refresh(List.of(d, empty), map, idx);
        assertEquals(Health.OK, d.health());
        assertEquals(Health.OK, empty.health());
    }

    @Test
    void quotedNamesAreReadBackFromMessages() {
        assertEquals(List.of("a\u0001b", "x\\y"), FileHealth.namesIn("entry \"a\\u0001b\": bad; entry \"x\\\\y\" too"));
        assertEquals(List.of(), FileHealth.namesIn("no entry here"));
        assertEquals(List.of(), FileHealth.namesIn("entry \"unterminated"));
    }

    /** At scale (how fast: bench/scale.sh). */
    @Test
    void aHundredThousandRowsLoadFilterAndSort() throws Exception {
        List<FileListing.Entry> entries = new ArrayList<>();
        for (int i = 0; i < 100_000; i++)
            entries.add(entry(String.format("d%03d/f%06d.txt", i / 1000, i), i * 10L, 10));
        FileListing listing = new FileListing() {
            @Override
            public List<Entry> entries() {
                return entries;
            }

            @Override
            public Content content(Entry e) {
                throw new UnsupportedOperationException();
            }
        };
        FilesModel m = FilesModel.load(listing, () -> false);
        HealthMap map = new HealthMap();
        map.add(Problem.error("big.caf", 12_345, "bad byte"));
        FileHealth.refresh(
                m.rows(), map, new FileHealth.Problems(List.of(Problem.error("big.caf", 12_345, "bad byte"))));
        List<FileRow> sorted = new ArrayList<>(m.rows());
        sorted.sort(Comparator.comparing(FileRow::health).reversed().thenComparing(FileRow::name));
        List<String> kept = m.rows().stream()
                .filter(r -> FilesModel.keeps(r, "F0999"))
                .map(FileRow::name)
                .toList();
        assertEquals(100_000, m.size());
        assertEquals(1_000_000, m.totalBytes());
        assertEquals("d001/f001234.txt", sorted.getFirst().name(), "the damaged row sorts first");
        assertEquals(100, kept.size(), "case-insensitively, the names holding f0999");
        assertEquals("d099/f099900.txt", kept.getFirst());
        assertEquals("d099/f099999.txt", kept.getLast());
        assertEquals(Health.DAMAGED, sorted.getFirst().health());
        assertTrue(sorted.get(1).health() != Health.DAMAGED, "one damaged row only");
    }

    @Test
    void theStatusLineCountsFilesSelectionAndFilter() {
        assertEquals("6 files · 51.0 KiB", FilesModel.status(6, 52264, 6, List.of()));
        assertEquals(
                "1 selected (370 B) · 2 of 6 files shown",
                FilesModel.status(6, 52264, 2, List.of(row("data.csv", 223, 370))));
        assertEquals("1 file · 0 B", FilesModel.status(1, 0, 1, List.of()));
    }

    @Test
    void namesWithControlCharactersAreShownEscaped() {
        assertEquals("über café ☃.txt", FilesModel.shown("über café ☃.txt"));
        assertEquals("emoji \uD83D\uDE00", FilesModel.shown("emoji \uD83D\uDE00"));
        assertEquals("\"a\\u001b[31mred\"", FilesModel.shown("a\u001b[31mred"));
    }

    @Test
    void everyEntryOfTheReferenceSampleHasItsTreeNode() throws Exception {
        try (Archive a = CafChunk.open(Fixtures.path("caf/sample-ts-reference.caf"))) {
            FileListing listing = a.capability(FileListing.class).orElseThrow();
            FilesModel m = FilesModel.load(listing, () -> false);
            assertEquals(
                    List.of(
                            "small-text.txt",
                            "data.csv",
                            "empty-file.txt",
                            "nested/dir/config.json",
                            "large-binary.dat",
                            "unicode/über café ☃.txt"),
                    m.rows().stream().map(FileRow::name).toList());
            for (FileRow r : m.rows()) {
                Optional<List<Node>> path = FileNodePath.find(a.root(), r.entry(), () -> false);
                assertTrue(path.isPresent(), "no node for " + r.name());
                Node leaf = path.get().getLast();
                assertEquals(r.range(), leaf.range(), r.name());
                assertTrue(FilesModel.matches(leaf, r));
                assertEquals(List.of(r), m.rowsFor(leaf), "and back from the node to the row");
                assertEquals("data", path.get().get(1).name());
            }
            Node empty = FileNodePath.find(a.root(), m.rows().get(2).entry(), () -> false)
                    .orElseThrow()
                    .getLast();
            assertEquals("empty-file.txt", empty.name(), "found by name: an empty file has no byte to look up");
            assertEquals(
                    List.of("data", "nested", "dir", "config.json"),
                    FileNodePath.find(a.root(), m.rows().get(3).entry(), () -> false).orElseThrow().stream()
                            .skip(1)
                            .map(Node::name)
                            .toList(),
                    "config.json starts where the empty file does, and is still told apart");
        }
    }

    @Test
    void hostileAndUnreadableEntriesAreFoundByName() throws Exception {
        Path f = new CafChunk()
                .add("../evil.txt", "evil")
                .add("ok.txt", "fine")
                .entry("gone/past-end.bin", 0, 1_000_000)
                .add("ctl\u0007.txt", "x")
                .write(tmp.resolve("h.caf"));
        try (Archive a = CafChunk.open(f)) {
            FilesModel m = FilesModel.load(a.capability(FileListing.class).orElseThrow(), () -> false);
            FileRow evil = m.rows().stream()
                    .filter(r -> r.name().equals("../evil.txt"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(Health.DAMAGED, evil.health());
            FileRow gone = m.rows().stream()
                    .filter(r -> r.name().equals("gone/past-end.bin"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(Health.DAMAGED, gone.health());
            assertEquals(-1, gone.offset());
            for (FileRow r : m.rows()) {
                Node leaf = FileNodePath.find(a.root(), r.entry(), () -> false)
                        .orElseThrow(() -> new AssertionError(r.name()))
                        .getLast();
                assertTrue(FilesModel.matches(leaf, r), r.name() + " → " + leaf.name());
            }
            assertFalse(FileNodePath.find(a.root(), entry("not/there.txt", -1, 0), () -> false)
                    .isPresent());
        }
    }

    /** Unused content stub for listings whose content is never asked for. */
    static Content bytes(String name, byte[] b) {
        return new Content() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long size() {
                return b.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(b);
            }
        };
    }
}
