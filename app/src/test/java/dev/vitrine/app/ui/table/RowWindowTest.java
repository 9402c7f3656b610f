package dev.vitrine.app.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.RowTable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class RowWindowTest {

    /** Loads later, when the test says so, like the background would. */
    static final class DeferredLoader implements RowWindow.PageLoader {
        final List<Runnable> pending = new ArrayList<>();
        final List<Long> requested = new ArrayList<>();

        @Override
        public void load(long from, int count, Consumer<List<RowTable.Row>> done, Consumer<Throwable> failed) {
            requested.add(from);
            pending.add(() -> {
                List<RowTable.Row> rows = new ArrayList<>();
                for (long i = from; i < from + count; i++)
                    rows.add(new RowTable.Row(i, List.of("r" + i), ByteRange.NONE, null));
                done.accept(rows);
            });
        }

        void runAll() {
            List<Runnable> now = List.copyOf(pending);
            pending.clear();
            now.forEach(Runnable::run);
        }
    }

    @Test
    void rowsArePlaceholdersUntilTheirPageArrivesAndThenFillIn() {
        DeferredLoader l = new DeferredLoader();
        RowWindow w = new RowWindow(1_000_000, 256, 8, l);
        LazyRow r = w.row(999_999);
        assertFalse(r.isLoaded());
        assertEquals("…", r.cell(0));
        assertEquals(List.of(999_936L), l.requested, "the last page starts at 999,936");
        l.runAll();
        assertEquals("r999999", r.cell(0));
        assertTrue(w.row(999_990).isLoaded(), "the rest of the page came with it");
        assertEquals(1, l.requested.size());
    }

    @Test
    void scrollingThroughAMillionRowsKeepsAFewPages() {
        DeferredLoader l = new DeferredLoader();
        RowWindow w = new RowWindow(1_000_000, 256, 8, l);
        for (long i = 0; i < 1_000_000; i += 100) w.row(i);
        assertEquals(8, w.cachedPages());
        assertFalse(w.stillWanted(0), "the first page is far behind");
        assertTrue(w.stillWanted(999_000));
    }

    @Test
    void aFailedPageShowsTheErrorInItsRows() {
        RowWindow w = new RowWindow(
                10,
                4,
                8,
                (from, count, done, failed) -> failed.accept(new java.io.IOException("checksum mismatch at 120")));
        assertEquals("⚠ checksum mismatch at 120", w.row(5).cell(0));
    }

    @Test
    void recordsPrintAsEscapedText() {
        assertEquals("a\\x00b\\n\\xff", RecordText.escape(new byte[] {'a', 0, 'b', '\n', (byte) 0xff}));
        assertEquals("abc…", RecordText.escape("abcdef".getBytes(), 0, 6, 3));
    }

    @Test
    void aGrowingTableRereadsItsShortLastPageAndKeepsTheFullOnes() {
        DeferredLoader l = new DeferredLoader();
        RowWindow w = new RowWindow(300, 256, 8, l);
        w.row(0);
        w.row(299);
        l.runAll();
        assertEquals(List.of(0L, 256L), l.requested);
        w.grow(600);
        assertEquals(600, w.size());
        assertEquals("r0", w.row(0).cell(0), "a full page stays");
        assertEquals("…", w.row(400).cell(0), "the short page is read again with its new rows");
        assertEquals(List.of(0L, 256L, 256L), l.requested);
        l.runAll();
        assertEquals("r400", w.row(400).cell(0));
        w.grow(500);
        assertEquals(600, w.size(), "a table never shrinks by growing");
    }
}
