package dev.vitrine.app.ui.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.cli.VitrineCli;
import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.Screenshot;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.table.RecordsView;
import dev.vitrine.app.ui.testing.AnsweringChooser;
import dev.vitrine.app.ui.testing.HeldArchive;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.testing.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Record export as a user does it: records chosen in the Records tab, the Export… button, the
 * dialog's choices clicked, the file answered for the system's save dialog (which the headless
 * platform cannot show), then the file on disk compared with what `vitrine cat` prints.
 */
class RecordExportDialogTest extends WindowTest {
    private static final String RECS = "zss/generated/recs1000-deflate.zss";

    private final AnsweringChooser chooser = new AnsweringChooser();

    private ArchiveView openWithChooser(Path file) throws Exception {
        ArchiveView v = open(file);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            return null;
        });
        return v;
    }

    private RecordsView records(ArchiveView v) throws Exception {
        fx(() -> {
            v.details().select("tab-records");
            return null;
        });
        waitUntil(
                "the records to be counted",
                () -> v.records() != null && v.records().count() >= 0);
        settle();
        return fx(() -> v.records());
    }

    /** What `vitrine cat` writes for these arguments. */
    private static byte[] cat(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int rc = VitrineCli.run(args, out, new PrintWriter(err, true));
        assertEquals(0, rc, () -> "vitrine cat failed: " + err);
        return out.toByteArray();
    }

    private static List<String> keys(Path zss) {
        return new String(cat("cat", zss.toString()), StandardCharsets.UTF_8)
                .lines()
                .toList();
    }

    /** The on-screen row of the records table showing record {@code index}. */
    private TableRow<?> recordRow(RecordsView rv, long index) throws Exception {
        waitUntil(
                "record " + index + " on screen",
                () -> rv.grid().table().lookupAll(".table-row-cell").stream()
                        .anyMatch(n -> n instanceof TableRow<?> r
                                && r.getItem() instanceof LazyRow l
                                && l.index() == index
                                && l.isLoaded()));
        return fx(() -> rv.grid().table().lookupAll(".table-row-cell").stream()
                .map(n -> (TableRow<?>) n)
                .filter(r -> r.getItem() instanceof LazyRow l && l.index() == index)
                .findFirst()
                .orElseThrow());
    }

    /** Clicks Export… in the Records tab and waits for the dialog. */
    private DialogPane openDialog() throws Exception {
        clickOn("#records-export");
        waitUntil("the export dialog", () -> lookup("#export-choose").tryQuery().isPresent());
        return fx(() -> {
            javafx.scene.Node n = lookup("#export-choose").query();
            while (!(n instanceof DialogPane)) n = n.getParent();
            return (DialogPane) n;
        });
    }

    private void waitForTheExport() throws Exception {
        waitUntil(
                "the export to end",
                () -> window.jobs().running().isEmpty()
                        && window.notifier().lastMessage().startsWith("Export"));
        settle();
    }

    private Button buttonLabelled(String text) {
        return lookup(".dialog-pane .button")
                .match((Button b) -> text.equals(b.getText()))
                .query();
    }

    private static void shoot(Scene scene, String name) throws Exception {
        fx(() ->
                Screenshot.save(scene, Path.of(System.getProperty("vitrine.screenshots", "target/screenshots"), name)));
    }

    private static List<Path> partFiles(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".part")).toList();
        }
    }

    @Test
    void selectedRecordsAreWrittenLengthPrefixedAsCatWritesThem() throws Exception {
        Path zss = Fixtures.path(RECS);
        List<String> keys = keys(zss);
        assertEquals(1000, keys.size());
        ArchiveView v = openWithChooser(zss);
        RecordsView rv = records(v);
        click(recordRow(rv, 2));
        // Shift-click: the headless robot does not put held keys on mouse events, so extend by keyboard.
        press(KeyCode.SHIFT).type(KeyCode.DOWN, 3).release(KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4, fx(rv::selectedCount));
        assertEquals(
                List.of(2L, 6L),
                fx(() -> List.of(
                        rv.selectedRanges().getFirst()[0], rv.selectedRanges().getFirst()[1])));

        Path out = temp.resolve("four.bin");
        chooser.answer(out);
        DialogPane dialog = openDialog();
        RadioButton rows = lookup("#export-rows").query();
        assertEquals("The 4 selected records", rows.getText());
        assertTrue(fx(rows::isSelected), "the selection is what the dialog offers first");
        assertTrue(
                fx(() -> lookup("#export-start").query().isDisabled()), "key fields are off until a range is chosen");
        clickOn("#export-uleb128");
        assertTrue(
                fx(() -> lookup("#export-terminator").query().isDisabled()),
                "no terminator for length-prefixed records");
        shoot(dialog.getScene(), "RecordExportDialogTest-dialog.png");
        javafx.stage.Window dialogWindow = fx(() -> dialog.getScene().getWindow());
        clickOn("#export-choose");
        waitForTheExport();

        assertEquals(
                List.of(new AnsweringChooser.Question(
                        "Export records to", "recs1000-deflate-records.bin", window.stage())),
                chooser.asked());
        assertArrayEquals(
                cat(
                        "cat",
                        "--start",
                        keys.get(2),
                        "--stop",
                        keys.get(6),
                        "--length-prefixed",
                        "uleb128",
                        zss.toString()),
                Files.readAllBytes(out),
                "the four records, as vitrine cat --length-prefixed uleb128 writes them");
        assertTrue(
                fx(() -> window.notifier().lastMessage()).startsWith("Exported 4 records ("),
                fx(() -> window.notifier().lastMessage()));
        assertTrue(
                fx(() -> window.notifier().lastMessage()).endsWith("uleb128 length-prefixed) to " + out),
                fx(() -> window.notifier().lastMessage()));
        assertFalse(fx(dialogWindow::isShowing), "the dialog is gone");
        assertEquals(List.of(), partFiles(temp));
    }

    @Test
    void aKeyRangeTypedInTheRecordsTabIsOfferedAndWrittenWithTheTerminatorTyped() throws Exception {
        Path zss = Fixtures.path(RECS);
        ArchiveView v = openWithChooser(zss);
        records(v);
        clickOn(lookup(".text-field")
                        .match((TextField t) -> "start key".equals(t.getPromptText()))
                        .<TextField>query())
                .write("record-0100");
        clickOn(lookup(".text-field")
                        .match((TextField t) -> "stop key".equals(t.getPromptText()))
                        .<TextField>query())
                .write("record-0110");

        Path out = temp.resolve("range.txt");
        chooser.answer(out);
        openDialog();
        assertTrue(
                fx(() -> lookup("#export-range").<RadioButton>query().isSelected()),
                "a typed range is what the dialog offers first");
        assertEquals(
                "record-0100",
                fx(() -> lookup("#export-start").<TextField>query().getText()));
        assertEquals(
                "record-0110",
                fx(() -> lookup("#export-stop").<TextField>query().getText()));
        TextField terminator = lookup("#export-terminator").query();
        clickOn(terminator);
        fx(() -> {
            terminator.selectAll();
            return null;
        });
        write("\\x00");
        clickOn("#export-choose");
        waitForTheExport();

        assertEquals("range.txt", out.getFileName().toString());
        assertEquals(
                "recs1000-deflate-records.txt",
                chooser.asked().getFirst().suggestedName(),
                "text for terminated records");
        byte[] expected =
                cat("cat", "--start", "record-0100", "--stop", "record-0110", "--terminator", "\\x00", zss.toString());
        assertEquals(10, new String(expected, StandardCharsets.UTF_8).split("\0").length, "ten records in the range");
        assertArrayEquals(
                expected, Files.readAllBytes(out), "as vitrine cat --start --stop --terminator '\\x00' writes them");
        assertTrue(
                fx(() -> window.notifier().lastMessage()).startsWith("Exported 10 records"),
                fx(() -> window.notifier().lastMessage()));
    }

    @Test
    void aMistypedRangeKeepsTheDialogOpenAndACancelledChoiceWritesNothing() throws Exception {
        ArchiveView v = openWithChooser(Fixtures.path(RECS));
        records(v);
        chooser.answer((Path) null);
        openDialog();
        clickOn("#export-range");
        clickOn("#export-start").write("\\xZZ");
        clickOn("#export-choose");
        Label error = lookup("#export-error").query();
        assertEquals(
                "bad \\x escape in '\\xZZ': \\x needs two hex digits",
                fx(error::getText),
                "the mistake is shown in the dialog");
        assertTrue(lookup("#export-choose").tryQuery().isPresent(), "and the dialog stays");
        shoot(error.getScene(), "RecordExportDialogTest-mistyped.png");
        assertEquals(List.of(), chooser.asked(), "no file is asked for yet");
        fx(() -> {
            lookup("#export-start").<TextField>query().clear();
            return null;
        });
        clickOn("#export-choose");
        waitUntil("the file question", () -> chooser.asked().size() == 1);
        settle();
        assertTrue(fx(() -> window.jobs().running().isEmpty()), "cancelling the file choice starts nothing");
        try (Stream<Path> s = Files.list(temp)) {
            assertEquals(List.of(), s.toList());
        }
    }

    @Test
    void anExistingFileIsReplacedOnlyWhenTheUserSaysSo() throws Exception {
        Path zss = Fixtures.path(RECS);
        ArchiveView v = openWithChooser(zss);
        records(v);
        Path out = Files.writeString(temp.resolve("all.bin"), "mine");

        chooser.answer(out);
        openDialog();
        clickOn("#export-all");
        clickOn("#export-u64le");
        clickOn("#export-choose");
        waitUntil(
                "the question",
                () -> lookup(".dialog-pane")
                        .match((DialogPane d) -> d.getContentText() != null
                                && d.getContentText().equals("all.bin already exists. Replace it?"))
                        .tryQuery()
                        .isPresent());
        clickOn(buttonLabelled("Cancel"));
        settle();
        assertEquals("mine", Files.readString(out), "kept");
        assertTrue(fx(() -> window.jobs().running().isEmpty()), "no export started");
        assertEquals(List.of(out), listed(temp));

        chooser.answer(out);
        openDialog();
        clickOn("#export-all");
        clickOn("#export-u64le");
        clickOn("#export-choose");
        waitUntil(
                "the question again",
                () -> lookup(".dialog-pane")
                        .match((DialogPane d) -> "all.bin already exists. Replace it?".equals(d.getContentText()))
                        .tryQuery()
                        .isPresent());
        DialogPane question = lookup(".dialog-pane")
                .match((DialogPane d) -> "all.bin already exists. Replace it?".equals(d.getContentText()))
                .query();
        shoot(question.getScene(), "RecordExportDialogTest-replace.png");
        clickOn(buttonLabelled("Replace"));
        waitForTheExport();
        assertArrayEquals(
                cat("cat", "--length-prefixed", "u64le", zss.toString()),
                Files.readAllBytes(out),
                "replaced with all 1,000 records");
        assertTrue(
                fx(() -> window.notifier().lastMessage()).startsWith("Exported 1,000 records"),
                fx(() -> window.notifier().lastMessage()));
        assertEquals(List.of(out), listed(temp), "nothing else beside it");
    }

    @Test
    void aCancelledExportLeavesNoFileAndTheFileItWouldReplaceAsItWas() throws Exception {
        Path zss = Files.copy(Fixtures.path(RECS), temp.resolve("held.zss"), StandardCopyOption.REPLACE_EXISTING);
        HeldArchive held = new HeldArchive(FormatRegistry.get().open(zss, Limits.DEFAULT));
        ArchiveSession session =
                background.run(() -> ArchiveSession.of(held), null, null).get();
        fx(() -> window.show(session));
        settle();
        ArchiveView v = fx(window::current);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            return null;
        });
        records(v);
        Path dir = Files.createDirectories(temp.resolve("out"));

        // A new file: cancelled half-way, nothing is left, not even the temp file it was written to.
        Path fresh = dir.resolve("fresh.txt");
        chooser.answer(fresh);
        openDialog();
        clickOn("#export-all");
        held.holdAfter(500);
        clickOn("#export-choose");
        assertTrue(held.awaitHeld(30), "the export got half-way");
        waitUntil(
                "the job in the status bar",
                () -> window.status().lookup(".status-bar .button").getParent().isVisible());
        assertEquals(1, partFiles(dir).size(), "written to a temp file beside the target: " + listed(dir));
        assertFalse(Files.exists(fresh));
        shoot(window.scene(), "RecordExportDialogTest-exporting.png");
        clickOn(fx(() -> window.status().lookup(".status-bar .button")));
        held.release();
        waitUntil("the temp file to go", () -> partFiles(dir).isEmpty());
        settle();
        assertEquals(List.of(), listed(dir), "no file, no partial file");
        assertEquals(
                "Export cancelled; nothing was written",
                fx(() -> window.notifier().lastMessage()));

        // Replacing a file: cancelled half-way, the old file is untouched.
        Path old = Files.writeString(dir.resolve("old.txt"), "mine");
        chooser.answer(old);
        openDialog();
        clickOn("#export-all");
        clickOn("#export-choose");
        waitUntil(
                "the question",
                () -> lookup(".dialog-pane")
                        .match((DialogPane d) -> "old.txt already exists. Replace it?".equals(d.getContentText()))
                        .tryQuery()
                        .isPresent());
        held.holdAfter(500);
        clickOn(buttonLabelled("Replace"));
        assertTrue(held.awaitHeld(30));
        waitUntil(
                "the job in the status bar",
                () -> window.status().lookup(".status-bar .button").getParent().isVisible());
        assertEquals("mine", Files.readString(old), "the old file stays whole while the new one is written");
        clickOn(fx(() -> window.status().lookup(".status-bar .button")));
        held.release();
        waitUntil("the temp file to go", () -> partFiles(dir).isEmpty());
        settle();
        assertEquals(List.of(old), listed(dir));
        assertEquals("mine", Files.readString(old), "still as it was");
        assertEquals(
                "Export cancelled; nothing was written",
                fx(() -> window.notifier().lastMessage()));
    }

    private static List<Path> listed(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
