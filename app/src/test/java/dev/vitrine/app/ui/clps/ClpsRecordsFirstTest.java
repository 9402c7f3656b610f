package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsTab;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.testing.Fixtures;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A clp-s archive opens on its records: their first page is read as soon as the tab is built,
 * not queued behind the tree, details and bytes panes being attached and read (#22 goal 4: a
 * one-stream archive's decode then started a few frames late and the records came last).
 */
class ClpsRecordsFirstTest extends ClpsWindowTest {

    @Test
    void theFirstRecordsAreReadBeforeAnyPaneIsAttached() throws Exception {
        var archive = FormatRegistry.get().open(Fixtures.path(APP), Limits.DEFAULT);
        ArchiveSession session =
                background.run(() -> ArchiveSession.of(archive), null, null).get();
        // The FX thread is held from the tab's build on: no pulse runs, so no pane is attached and no view is
        // made. The records must still be read (decoded and kept) meanwhile.
        boolean[] attached = new boolean[1];
        boolean readMeanwhile = fx(() -> {
            window.show(session);
            ArchiveView v = window.current();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (archive.cachedBytes() == 0 && System.nanoTime() < until) Thread.sleep(10);
            attached[0] = v.attached();
            return archive.cachedBytes() > 0;
        });
        assertFalse(attached[0], "the FX thread was held: no pane could be attached");
        assertTrue(readMeanwhile, "the records' first page was read before the panes' work, not after it");

        ArchiveView v = fx(window::current);
        JsonRecordsView r = view(v, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(60, TimeUnit.SECONDS);
        waitUntil(
                "rows",
                () -> !r.grid().shownRows().isEmpty()
                        && r.grid().shownRows().stream().allMatch(LazyRow::isLoaded));
        settle();
        assertEquals(
                catLines(APP_OUT).getFirst(),
                fx(() -> r.grid().shownRows().getFirst().row().cells().getLast()),
                "the page read ahead is the first record, as `vitrine cat` writes it");
    }
}
