package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.AnsweringChooser;
import dev.vitrine.app.ui.testing.WindowTest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import org.junit.jupiter.api.Test;

/** Issue 9 in the Files tab: overlapping files are left out unless the user says to export them anyway. */
class FilesExportOverlapTest extends WindowTest {
    private final AnsweringChooser chooser = new AnsweringChooser();

    private Path overlapping() throws Exception {
        String json = "{\"format_version\":\"1.0\",\"files\":{\"a.txt\":{\"start_byte\":0,\"end_byte\":6},"
                + "\"b.txt\":{\"start_byte\":4,\"end_byte\":10},\"c.txt\":{\"start_byte\":10,\"end_byte\":12}}}";
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("0123456789AB".getBytes(StandardCharsets.UTF_8));
        byte[] idx = json.getBytes(StandardCharsets.UTF_8);
        b.writeBytes(idx);
        b.writeBytes(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(idx.length)
                .array());
        return Files.write(temp.resolve("overlap.caf"), b.toByteArray());
    }

    private FilesView openWithChooser(Path caf) throws Exception {
        ArchiveView v = open(caf);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            return null;
        });
        FilesView f = fx(() -> FilesTab.of(v.details()));
        assertNotNull(f);
        f.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        return f;
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
                .filter(x -> text.equals(x.getText()))
                .findFirst()
                .orElseThrow());
    }

    @SuppressWarnings("unchecked")
    private static List<String> lines(DialogPane report) throws Exception {
        return fx(() -> List.copyOf(((ListView<String>) report.getContent()).getItems()));
    }

    @Test
    void overlappingFilesAreLeftOutUnlessTheUserAsks() throws Exception {
        FilesView f = openWithChooser(overlapping());
        Path out = temp.resolve("kept-out");
        chooser.answer(out);
        clickOn("#files-export-all");
        clickOn(button(dialogSaying("1 file shares bytes with an earlier file"), "Leave them out"));
        DialogPane report = dialogSaying("Exported 2 of 3 files");
        assertTrue(
                lines(report).stream()
                        .anyMatch(l -> l.startsWith(
                                "refused  \"b.txt\" — its bytes at offset 4 [4, 10) overlap those of entry \"a.txt\"")),
                lines(report).toString());
        clickOn(button(report, "OK"));
        settle();
        assertFalse(Files.exists(out.resolve("b.txt")));
        assertEquals("AB", Files.readString(out.resolve("c.txt")));

        Path all = temp.resolve("anyway");
        chooser.answer(all);
        clickOn("#files-export-all");
        clickOn(button(dialogSaying("1 file shares bytes with an earlier file"), "Export anyway"));
        DialogPane again = dialogSaying("Exported 3 files");
        assertTrue(
                lines(again).stream().anyMatch(l -> l.startsWith("overlap  \"b.txt\" — its bytes at offset 4")),
                lines(again).toString());
        clickOn(button(again, "OK"));
        settle();
        assertEquals("456789", Files.readString(all.resolve("b.txt")));
        assertEquals(f.exporter().lastReport().overlaps().size(), 1);
    }
}
