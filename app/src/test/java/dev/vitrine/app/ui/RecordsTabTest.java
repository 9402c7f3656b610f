package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;

/** The Records tab stays usable from any node once the archive has shown records (#23 item 15). */
class RecordsTabTest extends WindowTest {

    @Test
    void theRecordsTabStaysUsableWhenANodeWithoutRecordsIsSelected() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/deep-index-3level.zss"));
        assertTrue(fx(() -> v.details().select("tab-records")), "the root's records");
        waitUntil("records", () -> v.records() != null && v.records().count() >= 0);
        clickOn(lookup(".structure-tree .label")
                .match((Label l) -> "header".equals(l.getText()))
                .queryAs(Label.class));
        settle();
        assertTrue(
                fx(() -> v.details().tabs().getTabs().stream()
                        .anyMatch(t -> "tab-records".equals(t.getId()) && !t.isDisable())),
                "the Records tab is neither hidden nor greyed with the header selected");
        assertTrue(fx(() -> v.details().select("tab-records")));
        assertNotNull(fx(v::records), "it still shows the archive's records");
    }

    @Test
    void ctrlCOnRecordRowsCopiesThemAsJson() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-none.zss"));
        assertTrue(fx(() -> v.details().select("tab-records")));
        waitUntil("records", () -> v.records() != null && v.records().count() > 3);
        var grid = fx(() -> v.records().grid());
        fx(() -> {
            grid.jumpTo(1);
            return null;
        });
        waitUntil(
                "rows",
                () -> !grid.shownRows().isEmpty()
                        && grid.shownRows().stream().allMatch(dev.vitrine.app.ui.table.LazyRow::isLoaded));
        javafx.scene.control.TableRow<?> row = tableRow(
                grid.table(),
                fx(() -> grid.shownRows()
                        .indexOf(grid.shownRows().stream()
                                .filter(x -> x.index() == 1)
                                .findFirst()
                                .orElseThrow())));
        click(row);
        keyboardTo(grid.table());
        push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.C);
        waitUntil("copied", () -> fx(dev.vitrine.app.ui.copy.Clip::text).startsWith("{"));
        var json = dev.vitrine.core.json.Json.MAPPER.readTree(fx(dev.vitrine.app.ui.copy.Clip::text));
        org.junit.jupiter.api.Assertions.assertEquals(1, json.get("row").asLong(), json.toString());
        String first = fx(() -> v.records().rowTable().columns().getFirst());
        assertTrue(json.has(first), "the columns by name: " + json);
    }
}
