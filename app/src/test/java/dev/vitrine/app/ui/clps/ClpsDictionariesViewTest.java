package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.dictionaries.DictionariesTab;
import dev.vitrine.app.ui.dictionaries.DictionariesView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.core.model.Dictionaries;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The dictionaries of a real clp-s archive as tables, placeholders shown as chips. */
class ClpsDictionariesViewTest extends ClpsWindowTest {

    @Test
    void eachDictionaryIsATableOfIdsAndEntriesWithPlaceholdersVisible() throws Exception {
        ArchiveView v = openApp();
        DictionariesView d = view(v, DictionariesTab.ID, DictionariesView.class);
        waitUntil("dictionaries counted", () -> d.grid("log.dict") != null && d.grid("var.dict") != null);
        Dictionaries dicts =
                fx(() -> v.session().archive().capability(Dictionaries.class).orElseThrow());
        long logTypes =
                background.run(() -> dicts.entryCount("log.dict"), null, null).get();
        assertEquals(logTypes, (long) fx(() -> d.count("log.dict")));
        assertTrue(fx(() -> d.tabs().getTabs().stream().map(t -> t.getText()).toList())
                .contains("log.dict (" + logTypes + ")"));

        assertTrue(fx(() -> d.tabs().getSelectionModel().getSelectedItem().getText())
                .startsWith("var.dict"));
        waitUntil("var.dict rows", () -> d.grid("var.dict").shownRows().stream().allMatch(LazyRow::isLoaded));
        List<String> vars = background
                .run(() -> dicts.entries("var.dict", 0, 3), null, null)
                .get();
        assertEquals(
                vars.getFirst(),
                fx(() -> d.grid("var.dict").shownRows().getFirst().cell(0)),
                "entry 0 of var.dict as stored");

        fx(() -> {
            d.tabs().getSelectionModel().select(1);
            return null;
        });
        waitUntil(
                "log.dict rows",
                () -> !d.grid("log.dict").shownRows().isEmpty()
                        && d.grid("log.dict").shownRows().stream().allMatch(LazyRow::isLoaded));
        List<String> shown = fx(() ->
                d.grid("log.dict").shownRows().stream().map(r -> r.cell(0)).toList());
        assertTrue(
                shown.stream()
                        .map(DictionariesView::plain)
                        .anyMatch(s -> s.contains("⟨float⟩") || s.contains("⟨int⟩") || s.contains("⟨dict⟩")),
                shown.toString());
        assertTrue(
                fx(() -> d.grid("log.dict")
                                .table()
                                .lookupAll(".placeholder-chip")
                                .size())
                        > 0,
                "placeholders drawn as chips");
        assertTrue(
                shown.stream().noneMatch(s -> s.chars().anyMatch(c -> c >= 0x11 && c <= 0x13)),
                "no raw placeholder bytes");
        String raw = background
                .run(() -> dicts.entries("log.dict", 0, 1).getFirst(), null, null)
                .get();
        assertEquals(DictionariesView.shown(raw, dicts.placeholders("log.dict")), shown.getFirst());
        assertEquals(
                "a \\ b ⟨int⟩ c\\n",
                DictionariesView.plain(DictionariesView.shown("a \\\\ b \u0011 c\n", Map.of('\u0011', "int"))),
                "escapes and controls visible");
        fx(() -> {
            d.grid("log.dict").jumpTo(1);
            return null;
        });
        settle();
        assertTrue(fx(d::entryText).startsWith("log.dict #1"), fx(d::entryText));
    }
}
