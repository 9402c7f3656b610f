package dev.vitrine.core.format.caf;

import static dev.vitrine.core.format.caf.CafTestFiles.ascii;
import static dev.vitrine.core.format.caf.CafTestFiles.caf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.limits.Limits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Export through FileListing: the reference sample, a selection, and a hostile chunk. */
class CafExportTest {
    @TempDir
    Path tmp;

    @Test
    void exportsTheWholeSampleByteForByte() throws Exception {
        Path dest = tmp.resolve("out");
        try (CafArchive a = (CafArchive) new CafFormat().open(CafTestFiles.sample(), Limits.DEFAULT)) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all(a).contents(), dest);
            assertTrue(r.ok(), r::toString);
            assertEquals(6, r.exported().size());
            assertEquals(52264, r.bytes());
        }
        for (var x : CafReferenceSampleTest.EXPECTED) {
            byte[] want = x.input() == null
                    ? ascii("non-ascii path name\n")
                    : Files.readAllBytes(CafTestFiles.fixture(x.input()));
            assertArrayEquals(want, Files.readAllBytes(dest.resolve(x.name())), x.name());
        }
    }

    @Test
    void selectsByNameOrFolderAndReportsUnknownNames() throws Exception {
        try (CafArchive a = (CafArchive) new CafFormat().open(CafTestFiles.sample(), Limits.DEFAULT)) {
            ListingSelection.Selection s = ListingSelection.select(a, List.of("nested", "data.csv", "nope.txt"));
            assertEquals(
                    List.of("data.csv", "nested/dir/config.json"),
                    s.contents().stream().map(c -> c.name()).toList());
            assertEquals(List.of("nope.txt"), s.unmatched());
        }
    }

    @Test
    void hostileChunkExportsOnlyWhatIsSafeAndNothingOutside() throws Exception {
        String json = "{\"format_version\":\"1.0\",\"files\":{"
                + "\"../up.txt\":{\"start_byte\":0,\"end_byte\":2},"
                + "\"/abs.txt\":{\"start_byte\":0,\"end_byte\":2},"
                + "\"C:\\\\win.txt\":{\"start_byte\":0,\"end_byte\":2},"
                + "\"dir\\\\back.txt\":{\"start_byte\":2,\"end_byte\":4},"
                + "\"nul\\u0000.txt\":{\"start_byte\":0,\"end_byte\":2},"
                + "\"ok.txt\":{\"start_byte\":4,\"end_byte\":10},"
                + "\"past.txt\":{\"start_byte\":4,\"end_byte\":99}}}";
        Path parent = Files.createDirectories(tmp.resolve("parent"));
        Path dest = parent.resolve("dest");
        try (CafArchive a = CafTestFiles.open(caf(ascii("0123456789"), json))) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all(a).contents(), dest);
            assertEquals(4, r.refused().size(), r::toString);
            assertEquals(1, r.failed().size(), r::toString);
            assertTrue(r.failed().getFirst().reason().contains("runs past the data section"));
            assertEquals(2, r.exported().size());
            assertFalse(r.ok());
        }
        try (Stream<Path> s = Files.list(parent)) {
            assertEquals(List.of(dest), s.toList(), "the folder's parent has no new files");
        }
        assertEquals("23", Files.readString(dest.resolve("dir/back.txt")));
        assertEquals("456789", Files.readString(dest.resolve("ok.txt")));
        try (Stream<Path> s = Files.walk(dest)) {
            assertEquals(4, s.count()); // dest, dir, dir/back.txt, ok.txt
        }
    }
}
