package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ListView;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;

/** The Files tab of a CAF chunk in a real window: table, tree and hex links, preview, export. */
class FilesTabTest extends WindowTest {

    private static final List<String> SAMPLE = List.of(
            "small-text.txt",
            "data.csv",
            "empty-file.txt",
            "nested/dir/config.json",
            "large-binary.dat",
            "unicode/über café ☃.txt");

    private FilesView filesOf(ArchiveView v) throws Exception {
        FilesView f = fx(() -> FilesTab.of(v.details()));
        assertNotNull(f, "a CAF chunk has a Files tab");
        f.loaded().get(SETTLE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        settle();
        return f;
    }

    /** Clicks the on-screen row of the file called {@code name}, as a person would. */
    private void clickRow(FilesView f, String name) throws Exception {
        TableView<FileRow> t = f.table();
        int i = fx(() -> t.getItems().stream().map(FileRow::name).toList().indexOf(name));
        assertTrue(i >= 0, "no row " + name);
        TableRow<?> row = tableRow(t, i);
        click(row);
        settle();
    }

    private static List<FileRow> rows(FilesView f) throws Exception {
        return fx(() -> List.copyOf(f.table().getItems()));
    }

    private Node selectedNode(ArchiveView v) throws Exception {
        return fx(() -> v.selection().selected());
    }

    @Test
    void theTableListsTheFilesInDataOrderAndSelectingOneFramesItAndPreviewsItsText() throws Exception {
        ArchiveView v = open(Fixtures.path("caf/sample-ts-reference.caf"));
        FilesView f = filesOf(v);
        assertEquals(
                FilesTab.TAB_ID,
                fx(() ->
                        v.details().tabs().getSelectionModel().getSelectedItem().getId()),
                "the Files tab is in front");
        List<FileRow> rows = fx(() -> List.copyOf(f.table().getItems()));
        assertEquals(SAMPLE, rows.stream().map(FileRow::name).toList());
        assertEquals(
                List.of(223L, 370L, 0L, 451L, 51200L, 20L),
                rows.stream().map(FileRow::size).toList());
        assertEquals(
                List.of(0L, 223L, 593L, 593L, 1044L, 52244L),
                rows.stream().map(FileRow::offset).toList());
        assertTrue(
                rows.stream().allMatch(r -> r.health() == Health.UNCHECKED),
                "nothing known against them before verify");
        assertEquals("6 files · 51.0 KiB", fx(f::statusText));

        clickRow(f, "data.csv");
        Node n = selectedNode(v);
        assertEquals("data.csv", n.name(), "the file's node is selected in the structure tree");
        assertEquals("file", n.kind());
        assertEquals(
                "data.csv",
                fx(() -> v.tree().view().getSelectionModel().getSelectedItem().getValue()
                                instanceof dev.vitrine.app.ui.tree.TreeEntry.NodeEntry e
                        ? e.node().name()
                        : null));
        HexMark frame = fx(() -> v.hex().hex().marks().node());
        assertEquals(223, frame.start());
        assertEquals(593, frame.end(), "the hex view frames [223, 593)");
        PreviewPane p = f.preview();
        Preview.Text text = assertInstanceOf(Preview.Text.class, fx(p::shown));
        assertTrue(
                text.text().startsWith("Name,Age,City,Country,Salary\nJohn Doe,30,New York,USA,75000\n"), text.text());
        assertEquals(Files.readString(Fixtures.path("caf/inputs/data.csv")), fx(p::textShown));
        assertEquals("text · UTF-8 · 370 B", fx(p::noteText));
        assertEquals(
                FilesTab.TAB_ID,
                fx(() ->
                        v.details().tabs().getSelectionModel().getSelectedItem().getId()),
                "still in front");
        assertEquals("1 selected (370 B) · 6 files · 51.0 KiB", fx(f::statusText));
    }

    @Test
    void aBinaryFileGetsANoteAndTheTreeSelectsRowsToo() throws Exception {
        ArchiveView v = open(Fixtures.path("caf/sample-ts-reference.caf"));
        FilesView f = filesOf(v);
        clickRow(f, "large-binary.dat");
        HexMark frame = fx(() -> v.hex().hex().marks().node());
        assertEquals(1044, frame.start());
        assertEquals(52244, frame.end());
        Preview.Binary b = assertInstanceOf(Preview.Binary.class, fx(f.preview()::shown));
        assertTrue(
                fx(f.preview()::noteText).startsWith("binary file · data · 50.0 KiB (51,200 bytes)"),
                fx(f.preview()::noteText));
        assertTrue(
                b.hex().startsWith("00000000  45 24 21 06 73 8e d4 4d  65 25 d7 5d e2 09 af f1  |E$!.s..Me%.]....|"),
                b.hex());

        // The other way: a file picked in the structure tree selects its row (and previews it).
        List<Node> path = background
                .run(
                        () -> FileNodePath.find(
                                        v.session().root().node(),
                                        rows(f).get(5).entry(),
                                        () -> false)
                                .orElseThrow(),
                        null,
                        null)
                .get();
        fx(() -> v.tree().reveal(path));
        settle();
        assertEquals("über café ☃.txt", selectedNode(v).name());
        assertEquals(
                "unicode/über café ☃.txt",
                fx(() -> f.table().getSelectionModel().getSelectedItem().name()));
        assertEquals("non-ascii path name\n", fx(f.preview()::textShown));

        fx(() -> {
            v.verifier().start();
            return null;
        });
        settle();
        assertTrue(
                rows(f).stream().allMatch(r -> r.health() == Health.OK),
                "a clean verify makes every row ok: " + rows(f));
    }

    @Test
    void exportAllWritesByteIdenticalFilesAndAsksBeforeReplacing() throws Exception {
        ArchiveView v = open(Fixtures.path("caf/sample-ts-reference.caf"));
        FilesView f = filesOf(v);
        Path out = temp.resolve("out");
        fx(() -> f.exportAll(out));
        settle();
        ExportReport r = fx(() -> f.exporter().lastReport());
        assertEquals(6, r.exported().size(), r.toString());
        assertTrue(r.ok());
        assertNull(fx(() -> f.exporter().dialog()), "a clean export only says so in the banner");
        for (String in : List.of("small-text.txt", "data.csv", "empty-file.txt", "large-binary.dat")) {
            assertArrayEquals(Fixtures.bytes("caf/inputs/" + in), Files.readAllBytes(out.resolve(in)), in);
        }
        assertArrayEquals(
                Fixtures.bytes("caf/inputs/config.json"), Files.readAllBytes(out.resolve("nested/dir/config.json")));
        assertEquals(
                "non-ascii path name\n",
                Files.readString(out.resolve("unicode/über café ☃.txt"), StandardCharsets.UTF_8));

        // Again into the same folder: nothing is replaced unless the user says so.
        Files.writeString(out.resolve("data.csv"), "mine");
        fx(() -> f.exportAll(out));
        waitUntil("the question", () -> f.exporter().dialog() != null);
        answer(f, ButtonBar.ButtonData.CANCEL_CLOSE);
        settle();
        r = fx(() -> f.exporter().lastReport());
        assertEquals(6, r.skipped().size());
        assertEquals("mine", Files.readString(out.resolve("data.csv")), "kept");
        Alert report = fx(() -> f.exporter().dialog());
        assertNotNull(report, "skipped files are reported");
        @SuppressWarnings("unchecked")
        List<String> lines =
                fx(() -> List.copyOf(((ListView<String>) report.getDialogPane().getContent()).getItems()));
        assertTrue(
                lines.contains("skipped  \"data.csv\" — already exists; not replaced without the overwrite option"),
                lines.toString());
        fx(() -> {
            report.close();
            return null;
        });

        fx(() -> f.exportAll(out));
        waitUntil("the question", () -> f.exporter().dialog() != null);
        answer(f, ButtonBar.ButtonData.OK_DONE);
        settle();
        r = fx(() -> f.exporter().lastReport());
        assertEquals(6, r.exported().size(), "all replaced after asking");
        assertArrayEquals(Fixtures.bytes("caf/inputs/data.csv"), Files.readAllBytes(out.resolve("data.csv")));

        // Cancelled at once: the progress bar goes away, the user is told, and whatever was
        // written before the cancel (the copy may win the race) is whole, never half a file.
        Path cancelled = temp.resolve("cancelled");
        fx(() -> {
            f.exportAll(cancelled);
            assertTrue(f.lookup("#files-export-progress").isVisible(), "progress is shown while exporting");
            f.exporter().cancel();
            return null;
        });
        settle();
        assertFalse(fx(() -> f.lookup("#files-export-progress").isVisible()));
        assertTrue(
                fx(() -> window.notifier().lastMessage()).startsWith("Export cancelled"),
                fx(() -> window.notifier().lastMessage()));
        if (Files.exists(cancelled)) {
            try (Stream<Path> s = Files.walk(cancelled).filter(Files::isRegularFile)) {
                for (Path p : s.toList()) {
                    assertFalse(p.getFileName().toString().endsWith(".part"), "no temp file left: " + p);
                    assertArrayEquals(
                            Files.readAllBytes(
                                    out.resolve(cancelled.relativize(p).toString())),
                            Files.readAllBytes(p),
                            p.toString());
                }
            }
        }
    }

    private void answer(FilesView f, ButtonBar.ButtonData which) throws Exception {
        fx(() -> {
            Alert a = f.exporter().dialog();
            ButtonType b = a.getButtonTypes().stream()
                    .filter(t -> t.getButtonData() == which)
                    .findFirst()
                    .orElseThrow();
            ((javafx.scene.control.Button) a.getDialogPane().lookupButton(b)).fire();
            return null;
        });
    }

    @Test
    void anEntryNamedToClimbOutIsDamagedAndExportRefusesIt() throws Exception {
        Path caf = new CafChunk()
                .add("../evil.txt", "evil\n")
                .add("ok.txt", "fine\n")
                .write(temp.resolve("hostile.caf"));
        ArchiveView v = open(caf);
        FilesView f = filesOf(v);
        FileRow evil = fx(() -> f.table().getItems().stream()
                .filter(r -> r.name().equals("../evil.txt"))
                .findFirst()
                .orElseThrow());
        assertEquals(Health.DAMAGED, evil.health());
        assertTrue(evil.note().contains("export refuses it"), evil.note());
        fx(() -> {
            v.verifier().start();
            return null;
        });
        settle();
        assertEquals(
                List.of(Health.DAMAGED, Health.OK),
                rows(f).stream().map(FileRow::health).toList(),
                "after verify");
        clickRow(f, "../evil.txt");
        assertEquals("evil.txt", selectedNode(v).name(), "still shown and selectable");
        assertEquals("evil\n", fx(f.preview()::textShown));

        Path parent = Files.createDirectories(temp.resolve("parent"));
        Path dest = parent.resolve("dest");
        fx(() -> f.exportAll(dest));
        settle();
        ExportReport r = fx(() -> f.exporter().lastReport());
        assertEquals(
                List.of("../evil.txt"),
                r.refused().stream().map(ExportReport.Refused::name).toList());
        assertEquals(
                List.of("ok.txt"),
                r.exported().stream().map(ExportReport.Exported::name).toList());
        try (Stream<Path> s = Files.list(parent)) {
            assertEquals(List.of(dest), s.toList(), "nothing beside the chosen folder");
        }
        try (Stream<Path> s = Files.list(dest)) {
            assertEquals(List.of(dest.resolve("ok.txt")), s.toList());
        }
        try (Stream<Path> s = Files.walk(temp)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().equals("evil.txt")), "evil.txt was written nowhere");
        }
        Alert report = fx(() -> f.exporter().dialog());
        assertNotNull(report);
        assertEquals(Alert.AlertType.WARNING, report.getAlertType());
        assertTrue(fx(report::getHeaderText).startsWith("Exported 1 of 2 files"), fx(report::getHeaderText));
        fx(() -> dev.vitrine.app.ui.Screenshot.save(
                report.getDialogPane().getScene(),
                Path.of(
                        System.getProperty("vitrine.screenshots", "target/screenshots"),
                        "FilesTabTest-exportReport.png")));
        fx(() -> {
            report.close();
            return null;
        });
    }
}
