package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** Clicking a problem leads to its bytes and leaves the list as it was (#23 item 2). */
class ProblemClickTest extends WindowTest {

    private List<Problem> problems(ArchiveView v) throws Exception {
        return fx(() -> List.copyOf(v.problems().table().getItems()));
    }

    private static String line(Problem p) {
        return p.ref().path() + ":" + p.offset() + ":" + p.message();
    }

    @Test
    void aMessageTheColumnCutsOffHasTheWholeLineAsItsTooltip() throws Exception {
        Path copy = temp.resolve("weather-damaged.zss");
        Files.copy(Path.of("../samples/weather-damaged.zss"), copy);
        ArchiveView v = open(copy);
        click(v.tree().view());
        type(KeyCode.F5);
        waitForVerify(v);
        settle();
        TableView<Problem> table = v.problems().table();
        int row = fx(() -> {
            for (int i = 0; i < table.getItems().size(); i++)
                if (table.getItems().get(i).message().startsWith("data hash mismatch")) return i;
            return -1;
        });
        Problem p = fx(() -> table.getItems().get(row));
        tableRow(table, row);
        javafx.scene.control.TableCell<?, ?> cell = fx(() -> table.lookupAll(".table-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.TableCell<?, ?> c
                        && c.getIndex() == row
                        && p.message().equals(c.getItem()))
                .map(n -> (javafx.scene.control.TableCell<?, ?>) n)
                .findFirst()
                .orElseThrow());
        moveTo(cell);
        settle();
        assertEquals(
                p.toString(),
                fx(() -> cell.getTooltip() == null ? null : cell.getTooltip().getText()),
                "the cut-off message can be read whole");
    }

    @Test
    void clickingEachProblemNeverListsItTwice() throws Exception {
        Path copy = temp.resolve("weather-damaged.zss");
        Files.copy(Path.of("../samples/weather-damaged.zss"), copy);
        ArchiveView v = open(copy);
        click(v.tree().view());
        type(KeyCode.F5);
        waitForVerify(v);
        settle();
        List<Problem> before = problems(v);
        assertFalse(before.isEmpty(), "the sample is damaged");
        TableView<Problem> table = v.problems().table();
        for (int i = 0; i < before.size(); i++) {
            click(tableRow(table, i));
            settle();
        }
        List<String> after = problems(v).stream().map(ProblemClickTest::line).toList();
        assertEquals(before.stream().map(ProblemClickTest::line).toList(), after, "the same lines, once each");
        assertEquals(
                "Problems (" + before.size() + ")",
                fx(() -> ((javafx.scene.control.Label) v.problems().lookup(".pane-header .text-bold")).getText()));
    }
}
