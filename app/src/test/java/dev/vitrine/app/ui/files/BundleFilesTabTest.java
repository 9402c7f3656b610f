package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.WindowTest;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;

/** The Files tab of a DataBundle: offsets named as `ls --json` names them, and a chosen row moves the tree and bytes. */
class BundleFilesTabTest extends WindowTest {

    private static Path sample() {
        Path p = Path.of("../samples/weather-bundle");
        return p.toAbsolutePath().normalize();
    }

    private static Object cell(TableView<FileRow> t, String column, int row) {
        for (TableColumn<FileRow, ?> c : t.getColumns()) {
            if (c.getText().equals(column)) return c.isVisible() ? c.getCellData(row) : "hidden";
        }
        return "no column " + column;
    }

    @Test
    void offsetsAreTheStreamsAndTheRecordsAndARowMovesTheTree() throws Exception {
        ArchiveView v = open(sample());
        assertTrue(fx(() -> v.details().select(FilesTab.TAB_ID)));
        settle();
        FilesView files = fx(() -> FilesTab.of(v.details()));
        files.loaded().get(60, TimeUnit.SECONDS);
        settle();
        TableView<FileRow> t = files.table();
        int readme = fx(() -> t.getItems().stream()
                .filter(r -> r.name().equals("tools/make-records.py"))
                .findFirst()
                .map(t.getItems()::indexOf)
                .orElseThrow());
        // `vitrine ls --json` says "shard": 0, "offset": 3141 for it; its record starts at 4096.
        assertEquals(3141L, fx(() -> cell(t, "offset", readme)), "the offset in the uncompressed shard");
        assertEquals(0L, fx(() -> cell(t, "shard", readme)));
        assertEquals(4096L, fx(() -> cell(t, "record at", readme)), "where its record starts in the shard file");

        click(tableRow(t, readme));
        settle();
        waitUntil(
                "the tree to select the file",
                () -> v.selection().selected() != null
                        && v.selection().selected().name().endsWith("make-records.py"));
    }

    /** Export all writes what `vitrine export BUNDLE DIR` writes: the stored empty folder too. */
    @Test
    void exportAllWritesTheStoredEmptyFoldersToo(@org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        dev.vitrine.app.ui.testing.AnsweringChooser chooser = new dev.vitrine.app.ui.testing.AnsweringChooser();
        ArchiveView v = open(sample());
        fx(() -> {
            v.exporter().setDestinations(chooser);
            return null;
        });
        assertTrue(fx(() -> v.details().select(FilesTab.TAB_ID)));
        settle();
        FilesView files = fx(() -> FilesTab.of(v.details()));
        files.loaded().get(60, TimeUnit.SECONDS);
        settle();
        Path out = temp.resolve("out");
        chooser.answer(out);
        clickOn("#files-export-all");
        waitUntil(
                "the export to end",
                () -> files.exporter().runningProperty().get() == null
                        && window.jobs().running().isEmpty());
        settle();
        assertTrue(java.nio.file.Files.isRegularFile(out.resolve("tools/make-records.py")), "the files");
        assertTrue(java.nio.file.Files.isDirectory(out.resolve("tools/empty")), "and the stored empty folder");
    }
}
