package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.Screenshot;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.image.Image;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** Pictures and long text in the preview, a table of 100,000 files, sorting, filtering and drag-out. */
class FilesPreviewAndScaleTest extends WindowTest {

    private FilesView filesOf(ArchiveView v) throws Exception {
        FilesView f = fx(() -> FilesTab.of(v.details()));
        assertNotNull(f);
        f.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        return f;
    }

    private void select(FilesView f, String name) throws Exception {
        assertTrue(fx(() -> f.select(name)), name);
        settle();
    }

    @Test
    void picturesAreShownAndLongTextIsCutAt256KiBWithANote() throws Exception {
        StringBuilder log = new StringBuilder();
        for (int i = 0; log.length() < 300 * 1024; i++)
            log.append("2026-11-22T04:00:")
                    .append(String.format("%05d", i))
                    .append(" INFO line ")
                    .append(i)
                    .append('\n');
        Path caf = new CafChunk()
                .add("pictures/gradient.png", PreviewLoaderTest.image("png", 320, 200))
                .add("logs/big.log", log.toString())
                .add("latin1.txt", "caf\u00e9 cr\u00e8me br\u00fbl\u00e9e\n".getBytes(StandardCharsets.ISO_8859_1))
                .write(temp.resolve("mixed.caf"));
        ArchiveView v = open(caf);
        FilesView f = filesOf(v);

        select(f, "logs/big.log");
        Preview.Text t = assertInstanceOf(Preview.Text.class, fx(f.preview()::shown));
        assertEquals(PreviewLoader.TEXT_LIMIT, t.shown());
        assertTrue(fx(f.preview()::noteText).contains("showing first 256 KiB of"), fx(f.preview()::noteText));
        assertTrue(fx(f.preview()::textShown).startsWith("2026-11-22T04:00:00000 INFO line 0\n"));

        select(f, "latin1.txt");
        assertEquals("café crème brûlée\n", fx(f.preview()::textShown));
        assertTrue(fx(f.preview()::noteText).contains("Latin-1"));

        select(f, "pictures/gradient.png");
        assertInstanceOf(Preview.Picture.class, fx(f.preview()::shown));
        Image img = fx(f.preview()::imageShown);
        assertNotNull(img);
        assertEquals(320, img.getWidth());
        assertEquals(200, img.getHeight());
        assertEquals(
                "image · PNG · 320 × 200 px · "
                        + dev.vitrine.app.ui.Human.size(fx(() ->
                                f.table().getSelectionModel().getSelectedItem().size())),
                fx(f.preview()::noteText));
    }

    @Test
    void aHundredThousandFilesScrollAsAVirtualTableAndSortAndFilter() throws Exception {
        CafChunk chunk = new CafChunk();
        for (int i = 0; i < 100_000; i++)
            chunk.add(String.format("d%03d/f%06d.txt", i / 1000, i), ("file " + i + "\n").repeat(1 + i % 3));
        ArchiveView v = open(chunk.write(temp.resolve("many.caf")));
        FilesView f = filesOf(v);
        TableView<FileRow> t = f.table();
        assertEquals(100_000, (int) fx(() -> t.getItems().size()));
        assertTrue(fx(f::statusText).startsWith("100,000 files"), fx(f::statusText));

        // How fast the jumps are: bench/scale.sh.
        for (int at : new int[] {25_000, 50_000, 75_000, 99_999, 0, 99_999}) {
            fx(() -> {
                t.scrollTo(at);
                t.layout();
                return null;
            });
        }
        WaitForAsyncUtils.waitForFxEvents();
        long cells = fx(() -> t.lookupAll(".table-row-cell").size());
        assertTrue(cells < 60, "virtualized: " + cells + " row cells for 100,000 rows");
        TableRow<?> last = tableRow(t, 99_999);
        click(last);
        settle();
        assertEquals(
                "d099/f099999.txt",
                fx(() -> t.getSelectionModel().getSelectedItem().name()));
        assertEquals("f099999.txt", fx(() -> v.selection().selected().name()), "the tree was expanded down to it");
        HexMark frame = fx(() -> v.hex().hex().marks().node());
        assertEquals(fx(() -> t.getSelectionModel().getSelectedItem().offset()), frame.start());

        // Sort by size, largest first, then filter.
        fx(() -> {
            TableColumn<FileRow, ?> size = t.getColumns().get(1);
            size.setSortType(TableColumn.SortType.DESCENDING);
            t.getSortOrder().setAll(List.of(size));
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3 * "file 99998\n".length(), (long)
                fx(() -> t.getItems().getFirst().size()));
        clickOn("#files-filter").write("f04200");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                List.of(
                                "d042/f042000.txt",
                                "d042/f042001.txt",
                                "d042/f042002.txt",
                                "d042/f042003.txt",
                                "d042/f042004.txt",
                                "d042/f042005.txt",
                                "d042/f042006.txt",
                                "d042/f042007.txt",
                                "d042/f042008.txt",
                                "d042/f042009.txt")
                        .stream()
                        .sorted()
                        .toList(),
                fx(() -> t.getItems().stream().map(FileRow::name).sorted().toList()));
        assertTrue(fx(f::statusText).contains("10 of 100,000 files shown"), fx(f::statusText));
    }

    @Test
    void draggingRowsOutWritesThemIntoAFreshTempFolderAndPutsThemOnTheDragboard() throws Exception {
        ArchiveView v = open(Fixtures.path("caf/sample-ts-reference.caf"));
        FilesView f = filesOf(v);
        TableView<FileRow> t = f.table();
        fx(() -> {
            t.getSelectionModel().clearSelection();
            t.getSelectionModel().selectIndices(1, 3);
            return null;
        });
        TableRow<?> row = tableRow(t, 1);
        try {
            drag(row, MouseButton.PRIMARY).moveBy(0, 40).moveBy(200, 300).drop();
        } catch (RuntimeException e) {
            // JavaFX's headless platform runs our DRAG_DETECTED handler (dragboard filled), then
            // refuses to hand the drag to an operating system it does not have.
            Throwable root = e;
            while (root.getCause() != null) root = root.getCause();
            assertTrue(
                    root instanceof UnsupportedOperationException
                            && java.util.Arrays.stream(root.getStackTrace())
                                    .anyMatch(s -> s.getClassName().contains("Headless")),
                    () -> "unexpected: " + e);
            release(MouseButton.PRIMARY);
        }
        WaitForAsyncUtils.waitForFxEvents();
        DragOut.Plan plan = fx(f::lastDrag);
        assertNotNull(plan, "the drag-detected handler planned the drag");
        assertEquals(
                plan.topLevel().stream().map(Path::toFile).toList(),
                fx(f::lastDragFiles),
                "and put the files on the dragboard");
        fx(f::lastDragWrite).get(30, TimeUnit.SECONDS);
        settle();
        Path folder = plan.folder();
        assertTrue(folder.startsWith(DragOut.root()), "under our own temp folder: " + folder);
        assertEquals(List.of(folder.resolve("data.csv"), folder.resolve("nested")), plan.topLevel());
        assertArrayEquals(Fixtures.bytes("caf/inputs/data.csv"), Files.readAllBytes(folder.resolve("data.csv")));
        assertArrayEquals(
                Fixtures.bytes("caf/inputs/config.json"), Files.readAllBytes(folder.resolve("nested/dir/config.json")));
        try (var s = Files.walk(folder)) {
            assertEquals(5, s.count(), "the folder, data.csv, nested, nested/dir, config.json: nothing else");
        }
        fx(() -> Screenshot.save(
                window.scene(),
                Path.of(
                        System.getProperty("vitrine.screenshots", "target/screenshots"),
                        "FilesPreviewAndScaleTest-drag.png")));
    }
}
