package dev.vitrine.app.ui.clps;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsTab;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.core.model.FilterableRecords;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Harness, not a test (named so the suite skips it): the JSON records view on a large clp-s
 * archive, -Dvitrine.bigclps=FILE. Prints the time to the first page of records, to the end of
 * a filter scan over every record, and the longest gap between two frames meanwhile.
 */
class ClpsBigArchiveBench extends ClpsWindowTest {

    @Test
    void recordsViewOnALargeArchive() throws Exception {
        String file = System.getProperty("vitrine.bigclps");
        Assumptions.assumeTrue(file != null, "-Dvitrine.bigclps=FILE");
        AtomicLong last = new AtomicLong(), worst = new AtomicLong();
        AnimationTimer frames = new AnimationTimer() {
            @Override
            public void handle(long now) {
                long l = last.getAndSet(now);
                if (l != 0) worst.accumulateAndGet(now - l, Math::max);
            }
        };
        fx(() -> {
            frames.start();
            return null;
        });
        long t0 = System.nanoTime();
        fx(() -> window.open(java.util.List.of(Path.of(file)))).get(600, TimeUnit.SECONDS);
        ArchiveView v = fx(() -> window.current());
        System.out.printf("BENCH window opened: %d ms; worst frame gap %d ms%n", (System.nanoTime() - t0) / 1_000_000, worst.get() / 1_000_000);
        JsonRecordsView r = view(v, JsonRecordsTab.ID, JsonRecordsView.class);
        r.loaded().get(600, TimeUnit.SECONDS);
        waitUntil("first page", () -> !r.grid().shownRows().isEmpty() && r.grid().shownRows().stream().allMatch(LazyRow::isLoaded));
        long firstPage = System.nanoTime() - t0;
        System.out.printf("BENCH open -> first page of records: %d ms (%s records); worst frame gap %d ms%n", firstPage / 1_000_000,
                fx(r::statusText), worst.get() / 1_000_000);
        settle();
        System.out.printf("BENCH settled (Files tab sizes filled): %d ms; worst frame gap %d ms%n", (System.nanoTime() - t0) / 1_000_000, worst.get() / 1_000_000);
        worst.set(0);
        long t1 = System.nanoTime();
        fx(() -> {
            r.filterField().setText("level: ERROR");
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("filter", () -> !r.scanning() && (r.statusText().contains("matches of") || r.errorText() != null));
        System.out.printf("BENCH filter: %d ms, %s %s; worst frame gap %d ms%n", (System.nanoTime() - t1) / 1_000_000, fx(r::statusText),
                fx(r::errorText), worst.get() / 1_000_000);
        // The same view over a stand-in query (a substring of the line) when the archive's own language is not in this build.
        FilterableRecords archive = fx(() -> v.session().archive().capability(FilterableRecords.class).orElseThrow());
        JsonRecordsView s = fx(() -> {
            JsonRecordsView w = new JsonRecordsView(background, new ClpsRecordsViewTest.Substring(archive), v.notifier(), () -> window.stage(),
                    () -> v.exporter().destinations());
            tab(v, JsonRecordsTab.ID).setContent(w);
            return w;
        });
        s.loaded().get(600, TimeUnit.SECONDS);
        settle();
        worst.set(0);
        long t2 = System.nanoTime();
        fx(() -> {
            s.filterField().setText("ERROR");
            s.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("stand-in filter", () -> !s.scanning() && s.statusText().contains("matches of"));
        System.out.printf("BENCH stand-in filter over every record: %d ms, %s; worst frame gap %d ms%n", (System.nanoTime() - t2) / 1_000_000,
                fx(s::statusText), worst.get() / 1_000_000);
        fx(() -> {
            frames.stop();
            return null;
        });
    }
}
