package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drag-out plans and export reports in words: no toolkit. */
class DragOutAndReportTest {
    @TempDir
    Path tmp;

    private static FileListing.Entry e(String name, long size) {
        return new FileListing.Entry(name, size, ByteRange.of(0, size));
    }

    @Test
    void aDragPutsTopLevelItemsOnTheDragboardAndLeavesUnsafeNamesOut() {
        Path folder = tmp.resolve("drag-1");
        DragOut.Plan p = DragOut.plan(
                List.of(
                        e("nested/dir/config.json", 451),
                        e("nested/b.txt", 1),
                        e("data.csv", 370),
                        e("../evil.txt", 4),
                        e("a//x", 1),
                        e("a/x", 1)),
                folder,
                DragOut.MAX_BYTES,
                DragOut.MAX_FILES);
        assertTrue(p.draggable());
        assertEquals(List.of(folder.resolve("nested"), folder.resolve("data.csv"), folder.resolve("a")), p.topLevel());
        assertEquals(List.of("../evil.txt", "a/x"), p.refused(), "unsafe, and a second entry cleaning to a//x's path");
        assertEquals(4, p.entries().size());
        assertFalse(Files.exists(folder), "planning writes nothing");
    }

    @Test
    void tooMuchIsNotDragged() {
        DragOut.Plan p = DragOut.plan(List.of(e("big.iso", 300L << 20)), tmp, DragOut.MAX_BYTES, DragOut.MAX_FILES);
        assertFalse(p.draggable());
        assertTrue(p.tooLarge().contains("use Export selected"), p.tooLarge());
        List<FileListing.Entry> many = new ArrayList<>();
        for (int i = 0; i < 11; i++) many.add(e("f" + i, 1));
        assertNotNull(DragOut.plan(many, tmp, DragOut.MAX_BYTES, 10).tooLarge());
        assertNull(DragOut.plan(many, tmp, DragOut.MAX_BYTES, 11).tooLarge());
        assertFalse(
                DragOut.plan(List.of(e("../x", 1)), tmp, DragOut.MAX_BYTES, 10).draggable(), "nothing safe left");
    }

    @Test
    void theDragFolderIsOursAndFresh() throws Exception {
        Path root = DragOut.root();
        assertEquals(root, DragOut.root(), "made once per run");
        assertTrue(Files.isDirectory(root));
        assertFalse(DragOut.freshFolder(root).equals(DragOut.freshFolder(root)));
    }

    @Test
    void aPlannedDragExportsByteIdenticalFilesWhereItPromised() throws Exception {
        try (var a = CafChunk.open(Fixtures.path("caf/sample-ts-reference.caf"))) {
            FileListing listing = a.capability(FileListing.class).orElseThrow();
            List<FileListing.Entry> chosen = listing.entries().stream()
                    .filter(x -> x.name().startsWith("nested") || x.name().equals("data.csv"))
                    .toList();
            DragOut.Plan p = DragOut.plan(chosen, tmp.resolve("drag-7"), DragOut.MAX_BYTES, DragOut.MAX_FILES);
            List<Content> contents = new ArrayList<>();
            for (FileListing.Entry x : p.entries()) contents.add(listing.content(x));
            ExportReport r = new Exporter(ExportOptions.DEFAULT).export(contents, p.folder());
            assertTrue(r.ok());
            for (Path top : p.topLevel()) assertTrue(Files.exists(top), top.toString());
            assertArrayEquals(
                    Fixtures.bytes("caf/inputs/config.json"),
                    Files.readAllBytes(p.folder().resolve("nested/dir/config.json")));
            assertArrayEquals(
                    Fixtures.bytes("caf/inputs/data.csv"),
                    Files.readAllBytes(p.folder().resolve("data.csv")));
        }
    }

    @Test
    void aReportNamesWhatWasNotWrittenAndWhy() {
        Path dest = tmp.resolve("out");
        ExportReport r = new ExportReport(
                List.of(
                        new ExportReport.Exported("ok.txt", dest.resolve("ok.txt"), 4, List.of()),
                        new ExportReport.Exported(
                                "a//b", dest.resolve("a/b"), 1, List.of("empty or '.' segments dropped"))),
                List.of(new ExportReport.Skipped(
                        "data.csv",
                        dest.resolve("data.csv"),
                        "already exists; not replaced without the overwrite option")),
                List.of(new ExportReport.Refused("../evil\u001b.txt", "'..' segment would climb out of the folder")),
                List.of(),
                5,
                false);
        ExportSummary s = ExportSummary.of(r, dest);
        assertEquals("Exported 2 of 4 files (5 B) to " + dest, s.headline());
        assertEquals(
                List.of(
                        "refused  \"../evil\\u001b.txt\" — '..' segment would climb out of the folder",
                        "skipped  \"data.csv\" — already exists; not replaced without the overwrite option",
                        "renamed  \"a//b\" — empty or '.' segments dropped; written as a/b"),
                s.lines());
        assertFalse(s.clean());
        ExportReport again = new ExportReport(
                List.of(new ExportReport.Exported("data.csv", dest.resolve("data.csv"), 370, List.of())),
                List.of(),
                List.of(),
                List.of(),
                370,
                false);
        ExportReport merged = ExportSummary.merge(
                new ExportReport(r.exported(), List.of(), r.refused(), r.failed(), r.bytes(), false), again);
        assertEquals(3, merged.exported().size());
        assertEquals(375, merged.bytes());
        assertTrue(merged.skipped().isEmpty());
        assertTrue(ExportSummary.of(new ExportReport(List.of(), List.of(), List.of(), List.of(), 0, false), dest)
                .clean());
    }
}
