package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.copy.Clip;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsTab;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.core.json.Json;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** The JSON records pane after a filter, and records copied as JSON (#23 items 4 and 6). */
class ClpsRecordsCopyTest extends ClpsWindowTest {

    private JsonRecordsView records(ArchiveView v) throws Exception {
        JsonRecordsView r = view(v, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        return r;
    }

    private void rowsLoaded(JsonRecordsView r) throws Exception {
        waitUntil(
                "rows",
                () -> !r.grid().shownRows().isEmpty()
                        && r.grid().shownRows().stream().allMatch(LazyRow::isLoaded));
        settle();
    }

    @Test
    void afterAFilterThePaneShowsTheFirstMatchNotARecordFilteredOut() throws Exception {
        ArchiveView v = openApp();
        JsonRecordsView r = records(v);
        List<String> cat = catLines(APP_OUT);
        fx(() -> {
            r.grid().jumpTo(0);
            return null;
        });
        rowsLoaded(r);
        assertEquals("record 0", fx(r::jsonTitle));
        assertTrue(cat.get(0).contains("\"level\":\"INFO\""), "record 0 is not an error: " + cat.get(0));
        fx(() -> {
            r.filterField().setText("level: ERROR");
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("filter done", () -> !r.scanning() && r.statusText().contains("matches of"));
        rowsLoaded(r);
        waitUntil("a record shown", () -> !r.jsonText().isEmpty());
        int first = 0;
        while (!cat.get(first).contains("\"level\":\"ERROR\"")) first++;
        assertEquals("record " + dev.vitrine.app.ui.Human.count(first), fx(r::jsonTitle), "the first match is shown");
        assertEquals(Json.MAPPER.readTree(cat.get(first)), Json.MAPPER.readTree(fx(r::jsonText)));
    }

    @Test
    void aRecordsTabThatHasNothingToShowIsHidden() throws Exception {
        ArchiveView v = openApp();
        records(v);
        assertTrue(
                fx(() -> v.details().tabs().getTabs().stream().noneMatch(t -> "tab-records".equals(t.getId()))),
                "no greyed Records tab beside JSON records: "
                        + fx(() -> v.details().tabs().getTabs().stream()
                                .map(t -> t.getId() + (t.isDisable() ? " (disabled)" : ""))
                                .toList()));
    }

    @Test
    void ctrlCOnRecordRowsCopiesValidJson() throws Exception {
        ArchiveView v = openApp();
        JsonRecordsView r = records(v);
        List<String> cat = catLines(APP_OUT);
        fx(() -> {
            r.grid().jumpTo(2);
            return null;
        });
        rowsLoaded(r);
        click(tableRow(
                r.grid().table(),
                fx(() -> r.grid()
                        .shownRows()
                        .indexOf(r.grid().shownRows().stream()
                                .filter(x -> x.index() == 2)
                                .findFirst()
                                .orElseThrow()))));
        keyboardTo(r.grid().table());
        push(KeyCode.CONTROL, KeyCode.C);
        waitUntil("copied", () -> !fx(Clip::text).isEmpty());
        settle();
        assertEquals(Json.MAPPER.readTree(cat.get(2)), Json.MAPPER.readTree(fx(Clip::text)), "one record as itself");

        press(KeyCode.SHIFT);
        push(KeyCode.DOWN);
        release(KeyCode.SHIFT);
        settle();
        push(KeyCode.CONTROL, KeyCode.C);
        waitUntil("copied two", () -> fx(Clip::text).startsWith("["));
        var array = Json.MAPPER.readTree(fx(Clip::text));
        assertEquals(2, array.size(), "two records as an array");
        assertEquals(Json.MAPPER.readTree(cat.get(3)), array.get(1));
    }
}
