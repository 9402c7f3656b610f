package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.dictionaries.DictionariesTab;
import dev.vitrine.app.ui.dictionaries.DictionariesView;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsTab;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsView;
import dev.vitrine.app.ui.packets.PacketsTab;
import dev.vitrine.app.ui.packets.PacketsView;
import dev.vitrine.app.ui.schema.SchemaTab;
import dev.vitrine.app.ui.schema.SchemaView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.core.testing.Fixtures;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The views on a zero-record archive and on the oldest format version (0.3.2, old placeholders). */
class ClpsEdgeArchivesTest extends ClpsWindowTest {

    @Test
    void aZeroRecordArchiveOpensInEveryView() throws Exception {
        ArchiveView v = open(Fixtures.path("clp-s/made/archives/empty.clps"));
        PacketsView p = view(v, PacketsTab.ID, PacketsView.class);
        assertTrue(fx(() -> p.blocks().size()) > 0, "its packets are shown");
        JsonRecordsView r = view(v, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        assertTrue(fx(r::statusText).startsWith("0 records"), fx(r::statusText));
        SchemaView s = view(v, SchemaTab.ID, SchemaView.class);
        s.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        DictionariesView d = view(v, DictionariesTab.ID, DictionariesView.class);
        settle();
        assertTrue(fx(() -> d.tabs().getTabs().size()) >= 1);
    }

    @Test
    void anOldArchiveShowsItsRecordsAndOldPlaceholders() throws Exception {
        ArchiveView v = open(Fixtures.path("clp-s/generated/archives/edge.clps"));
        List<String> cat = catLines("clp-s/generated/outputs/edge.ordered.jsonl.gz");
        JsonRecordsView r = view(v, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(cat.size(), (long) fx(() -> r.grid().viewport().total()));
        fx(() -> {
            r.grid().jumpTo(0);
            return null;
        });
        waitUntil(
                "rows",
                () -> !r.grid().shownRows().isEmpty()
                        && r.grid().shownRows().stream().allMatch(LazyRow::isLoaded));
        settle();
        assertEquals("record 0", fx(r::jsonTitle));
        DictionariesView d = view(v, DictionariesTab.ID, DictionariesView.class);
        waitUntil("log.dict", () -> d.grid("log.dict") != null || d.count("log.dict") != null);
        settle();
    }
}
