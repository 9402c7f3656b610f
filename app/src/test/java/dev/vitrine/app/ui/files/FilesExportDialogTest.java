package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.cli.VitrineCli;
import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.Screenshot;
import dev.vitrine.app.ui.testing.AnsweringChooser;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.testing.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Exporting files of a CAF chunk as a user does it: rows picked in the Files tab, Export
 * selected… or Export all… (or the tool bar's Export), the folder answered for the system's
 * folder dialog (which the headless platform cannot show), the replace question and the report
 * answered by clicking; the files on disk compared with what `vitrine cat` prints for them.
 */
class FilesExportDialogTest extends WindowTest {
    private static final String CAF = "caf/sample-ts-reference.caf";
    private static final List<String> ALL = List.of(
            "small-text.txt",
            "data.csv",
            "empty-file.txt",
            "nested/dir/config.json",
            "large-binary.dat",
            "unicode/über café ☃.txt");

    private final AnsweringChooser chooser = new AnsweringChooser();

    private FilesView openWithChooser(Path caf) throws Exception {
        ArchiveView v = open(caf);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            return null;
        });
        FilesView f = fx(() -> FilesTab.of(v.details()));
        assertNotNull(f, "a CAF chunk has a Files tab");
        f.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        return f;
    }

    /** What `vitrine cat CAF ENTRY` prints. */
    private static byte[] cat(Path caf, String entry) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int rc = VitrineCli.run(new String[] {"cat", caf.toString(), entry}, out, new PrintWriter(err, true));
        assertEquals(0, rc, () -> "vitrine cat " + entry + ": " + err);
        return out.toByteArray();
    }

    private void waitForTheExport(FilesView f) throws Exception {
        waitUntil(
                "the export to end",
                () -> f.exporter().runningProperty().get() == null
                        && window.jobs().running().isEmpty());
        settle();
    }

    private DialogPane dialogSaying(String start) throws Exception {
        waitUntil(
                "a dialog saying " + start,
                () -> lookup(".dialog-pane")
                        .match((DialogPane d) -> says(d, start))
                        .tryQuery()
                        .isPresent());
        return lookup(".dialog-pane").match((DialogPane d) -> says(d, start)).query();
    }

    private static boolean says(DialogPane d, String start) {
        return (d.getContentText() != null && d.getContentText().startsWith(start))
                || (d.getHeaderText() != null && d.getHeaderText().startsWith(start));
    }

    private Button button(DialogPane d, String text) throws Exception {
        return fx(() -> d.lookupAll(".button").stream()
                .map(n -> (Button) n)
                .filter(b -> text.equals(b.getText()))
                .findFirst()
                .orElseThrow());
    }

    private static void shoot(javafx.scene.Scene scene, String name) throws Exception {
        fx(() ->
                Screenshot.save(scene, Path.of(System.getProperty("vitrine.screenshots", "target/screenshots"), name)));
    }

    private static List<String> filesUnder(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void exportSelectedAsksForAFolderAndWritesTheFilesAsCatPrintsThem() throws Exception {
        Path caf = Fixtures.path(CAF);
        FilesView f = openWithChooser(caf);
        TableView<FileRow> t = f.table();
        assertTrue(
                fx(() -> lookup("#files-export-selected").query().isDisabled()), "nothing selected, nothing to export");
        click(tableRow(t, 1));
        press(KeyCode.SHIFT).type(KeyCode.DOWN, 2).release(KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                List.of("data.csv", "empty-file.txt", "nested/dir/config.json"),
                fx(() -> t.getSelectionModel().getSelectedItems().stream()
                        .map(FileRow::name)
                        .toList()));

        chooser.answer((Path) null);
        dev.vitrine.app.ui.export.ExportFolders.forget(); // no export yet in this session
        clickOn("#files-export-selected");
        settle();
        assertEquals(
                List.of(new AnsweringChooser.Question(
                        "Export 3 files to",
                        null,
                        window.stage(),
                        caf.toAbsolutePath().getParent())),
                chooser.asked(),
                "the first export's folder chooser starts in the archive's folder, not on an empty Recent view");
        assertFalse(
                fx(() -> lookup("#files-export-progress").query().isVisible()),
                "a cancelled folder choice exports nothing");

        Path out = temp.resolve("picked");
        chooser.answer(out);
        clickOn("#files-export-selected");
        waitForTheExport(f);
        assertEquals(List.of("data.csv", "empty-file.txt", "nested/dir/config.json"), filesUnder(out));
        for (String name : filesUnder(out))
            assertArrayEquals(cat(caf, name), Files.readAllBytes(out.resolve(name)), name);
        assertTrue(
                fx(() -> window.notifier().lastMessage()).startsWith("Exported 3 files"),
                fx(() -> window.notifier().lastMessage()));
        assertFalse(
                fx(() -> lookup("#files-export-progress").query().isVisible()), "the progress is gone when it is done");

        chooser.answer((Path) null);
        clickOn("#files-export-selected");
        settle();
        assertEquals(
                out.toAbsolutePath(), chooser.asked().getLast().startIn(), "the next one starts in the last export's");
    }

    @Test
    void theToolBarsExportTakesAllFilesAndExportingAgainAsksBeforeReplacing() throws Exception {
        Path caf = Fixtures.path(CAF);
        FilesView f = openWithChooser(caf);
        Path out = temp.resolve("all");

        chooser.answer(out);
        clickOn(lookup(".main-toolbar .button")
                .match((Button b) -> "Export".equals(b.getText()))
                .<Button>query());
        waitForTheExport(f);
        assertEquals("Export all 6 files to", chooser.asked().getFirst().title(), "nothing selected: all of them");
        assertEquals(ALL.stream().sorted().toList(), filesUnder(out));
        for (String name : ALL) assertArrayEquals(cat(caf, name), Files.readAllBytes(out.resolve(name)), name);

        // Again into the same folder, one file changed there meanwhile: kept unless the user says so.
        Files.writeString(out.resolve("data.csv"), "mine");
        chooser.answer(out);
        clickOn("#files-export-all");
        DialogPane question = dialogSaying("6 files already exist in " + out);
        shoot(question.getScene(), "FilesExportDialogTest-replace.png");
        clickOn(button(question, "Keep existing"));
        DialogPane report = dialogSaying("Exported 0 of 6 files");
        @SuppressWarnings("unchecked")
        List<String> lines = fx(() -> List.copyOf(((ListView<String>) report.getContent()).getItems()));
        assertTrue(
                lines.contains("skipped  \"data.csv\" — already exists; not replaced without the overwrite option"),
                lines.toString());
        assertEquals(
                Alert.AlertType.INFORMATION, fx(() -> f.exporter().dialog().getAlertType()), "skipped is not an error");
        shoot(report.getScene(), "FilesExportDialogTest-report.png");
        clickOn(button(report, "OK"));
        settle();
        assertEquals("mine", Files.readString(out.resolve("data.csv")), "kept");

        chooser.answer(out);
        clickOn("#files-export-all");
        clickOn(button(dialogSaying("6 files already exist in " + out), "Replace"));
        waitForTheExport(f);
        assertArrayEquals(cat(caf, "data.csv"), Files.readAllBytes(out.resolve("data.csv")), "replaced after asking");
        assertEquals(ALL.stream().sorted().toList(), filesUnder(out), "nothing else written, no temp files left");
        assertTrue(
                fx(() -> window.notifier().lastMessage()).startsWith("Exported 6 files"),
                fx(() -> window.notifier().lastMessage()));
        assertEquals(
                List.of("Export all 6 files to", "Export all 6 files to", "Export all 6 files to"),
                chooser.asked().stream().map(AnsweringChooser.Question::title).toList());
    }
}
