package dev.vitrine.app.ui.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vitrine.app.ui.table.KeyQuery;
import dev.vitrine.app.ui.table.SearchResults;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.verify.CancelledException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordExporterTest {
    @TempDir
    Path dir;

    /** The letters-none records: b, bb, d, dd, ..., z, zz, with the reference's range semantics. */
    static final SortedRecords LETTERS = (start, stop, prefix, sink) -> {
        byte[] lo = start, hi = stop;
        if (prefix != null) {
            if (lo == null || Arrays.compareUnsigned(prefix, lo) > 0) lo = prefix;
        }
        for (char c = 'b'; c <= 'z'; c += 2) {
            for (String s : List.of(String.valueOf(c), "" + c + c)) {
                byte[] r = s.getBytes(StandardCharsets.US_ASCII);
                if (lo != null && Arrays.compareUnsigned(r, lo) < 0) continue;
                if (hi != null && Arrays.compareUnsigned(r, hi) >= 0) continue;
                if (prefix != null && !s.startsWith(new String(prefix, StandardCharsets.US_ASCII))) continue;
                if (!sink.accept(r, 0, r.length)) return;
            }
        }
    };

    private String read(Path p) throws Exception {
        return Files.readString(p, StandardCharsets.ISO_8859_1);
    }

    @Test
    void aKeyRangeExportsAsCatWouldPrintIt() throws Exception {
        Path out = dir.resolve("d.txt");
        RecordExporter.Result r = RecordExporter.range(
                LETTERS, KeyQuery.parse("c", "f", ""), RecordFraming.NEWLINE, out, false, (a, b, c) -> {}, () -> false);
        assertEquals("d\ndd\n", read(out), "cat --start=c --stop=f letters-none.zss");
        assertEquals(2, r.records());
        Path z = dir.resolve("z.bin");
        RecordExporter.range(
                LETTERS, KeyQuery.parse("", "", "z"), RecordFraming.u64le(), z, false, (a, b, c) -> {}, () -> false);
        assertArrayEquals(
                new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 'z', 2, 0, 0, 0, 0, 0, 0, 0, 'z', 'z'}, Files.readAllBytes(z));
        Path x = dir.resolve("x.bin");
        RecordExporter.range(
                LETTERS,
                KeyQuery.parse(null, null, "x"),
                RecordFraming.terminator("\\x00"),
                x,
                false,
                (a, b, c) -> {},
                () -> false);
        assertEquals("x\0xx\0", read(x));
        Path u = dir.resolve("u.bin");
        RecordExporter.records(List.of(new byte[200]), RecordFraming.uleb128(), u, false, (a, b, c) -> {}, () -> false);
        byte[] ub = Files.readAllBytes(u);
        assertEquals(202, ub.length);
        assertEquals((byte) 0xc8, ub[0]);
        assertEquals(1, ub[1]);
    }

    @Test
    void anExistingFileIsNeverReplacedWithoutBeingAsked() throws Exception {
        Path out = dir.resolve("keep.txt");
        Files.writeString(out, "precious");
        assertThrows(
                FileAlreadyExistsException.class,
                () -> RecordExporter.range(
                        LETTERS,
                        KeyQuery.parse(null, null, null),
                        RecordFraming.NEWLINE,
                        out,
                        false,
                        (a, b, c) -> {},
                        () -> false));
        assertEquals("precious", Files.readString(out));
        RecordExporter.range(
                LETTERS,
                KeyQuery.parse(null, null, "b"),
                RecordFraming.NEWLINE,
                out,
                true,
                (a, b, c) -> {},
                () -> false);
        assertEquals("b\nbb\n", Files.readString(out), "replaced once the user agreed");
        assertOnlyFiles("keep.txt");
    }

    @Test
    void aCancelledExportLeavesNoFileAndNoTempFile() throws Exception {
        Path out = dir.resolve("never.txt");
        int[] calls = {0};
        assertThrows(
                CancelledException.class,
                () -> RecordExporter.range(
                        LETTERS,
                        KeyQuery.parse(null, null, null),
                        RecordFraming.NEWLINE,
                        out,
                        false,
                        (a, b, c) -> {},
                        () -> ++calls[0] > 3));
        assertFalse(Files.exists(out));
        assertOnlyFiles();
    }

    @Test
    void aCancelAfterTheLastRecordStillPublishesNothing() throws Exception {
        Path out = dir.resolve("late.txt");
        int[] calls = {0};
        assertThrows(
                CancelledException.class,
                () -> RecordExporter.range(
                        LETTERS,
                        KeyQuery.parse(null, null, null),
                        RecordFraming.NEWLINE,
                        out,
                        false,
                        (a, b, c) -> {},
                        () -> ++calls[0] > 26),
                "cancelled once all 26 were written");
        assertEquals(27, calls[0]);
        calls[0] = 0;
        assertThrows(
                CancelledException.class,
                () -> RecordExporter.records(
                        List.of(new byte[] {'a'}, new byte[] {'b'}),
                        RecordFraming.NEWLINE,
                        out,
                        false,
                        (a, b, c) -> {},
                        () -> ++calls[0] > 2));
        assertFalse(Files.exists(out));
        assertOnlyFiles();
    }

    @Test
    void searchResultsAreCappedAndSayThereIsMore() throws Exception {
        SearchResults r = SearchResults.run(LETTERS, KeyQuery.parse("\\x00", null, null), 5, () -> false);
        assertEquals(5, r.records().size());
        assertEquals(true, r.more());
        assertEquals("5+ matches for start \\x00 (first 5 shown)", r.summary());
        SearchResults one = SearchResults.run(LETTERS, KeyQuery.parse("zz", null, null), 5, () -> false);
        assertEquals("1 match for start zz", one.summary());
    }

    private void assertOnlyFiles(String... names) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(
                    List.of(names),
                    s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void framingWritesLikeCat() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] scratch = new byte[10];
        RecordFraming.uleb128().write(b, "hi".getBytes(), 0, 2, scratch);
        RecordFraming.terminator("\\t").write(b, "x".getBytes(), 0, 1, scratch);
        assertArrayEquals(new byte[] {2, 'h', 'i', 'x', '\t'}, b.toByteArray());
        assertEquals("one per line", RecordFraming.NEWLINE.describe());
    }
}
