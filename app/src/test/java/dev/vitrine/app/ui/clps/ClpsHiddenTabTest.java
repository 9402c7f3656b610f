package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsTab;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.core.testing.Fixtures;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A clp-s tab sent behind another lets go of its decoded streams (hundreds of MB for a large
 * archive), not only of its rows, and shows the same records again when it comes back (#23
 * item 23).
 */
class ClpsHiddenTabTest extends ClpsWindowTest {

    @Test
    void aHiddenClpsTabLetsGoOfItsDecodedStreamsAndShowsItsRecordsAgain() throws Exception {
        fx(() -> window.open(List.of(Fixtures.path(APP), fixture("fixtures/zss/letters-none.zss"))))
                .get(60, TimeUnit.SECONDS);
        settle();
        ArchiveView clps = fx(() -> window.views().get(0));
        var archive = clps.session().archive();
        JsonRecordsView r = view(clps, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(60, TimeUnit.SECONDS);
        waitUntil("rows", () -> rowsShown(r));
        settle();
        assertTrue(archive.cachedBytes() > 0, "shown, its decoded streams are kept");

        fx(() -> {
            window.tabs().getSelectionModel().select(1);
            return null;
        });
        settle();
        assertEquals(0, archive.cachedBytes(), "behind another tab, no decoded stream is kept");
        assertEquals(0, fx(() -> r.grid().cachedPages()), "nor any page of rows");

        fx(() -> {
            window.tabs().getSelectionModel().select(0);
            return null;
        });
        waitUntil("rows again", () -> rowsShown(r));
        String first = fx(() -> r.grid().shownRows().getFirst().row().cells().getLast());
        assertEquals(catLines(APP_OUT).getFirst(), first, "the first record, decoded again");
        assertTrue(archive.cachedBytes() > 0);
    }

    @Test
    void aClpsTabOpenedBehindAnotherKeepsNothingDecodedUntilShown() throws Exception {
        fx(() -> window.open(List.of(fixture("fixtures/zss/letters-none.zss"), Fixtures.path(APP))))
                .get(60, TimeUnit.SECONDS);
        settle(); // the records of every clp-s archive opened are decoded ahead, in the background
        ArchiveView clps = fx(() -> window.views().get(1));
        assertTrue(fx(() -> !clps.built()), "the tab behind was never shown");
        assertEquals(0, clps.session().archive().cachedBytes(), "so it keeps no decoded stream");

        fx(() -> {
            window.tabs().getSelectionModel().select(1);
            return null;
        });
        settle();
        JsonRecordsView r = view(clps, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(60, TimeUnit.SECONDS);
        waitUntil("rows", () -> rowsShown(r));
        assertEquals(
                catLines(APP_OUT).getFirst(),
                fx(() -> r.grid().shownRows().getFirst().row().cells().getLast()),
                "shown, its records are read");
    }

    private static boolean rowsShown(JsonRecordsView r) {
        List<LazyRow> rows = r.grid() == null ? List.of() : r.grid().shownRows();
        return !rows.isEmpty() && rows.stream().allMatch(LazyRow::isLoaded);
    }
}
