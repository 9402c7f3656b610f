package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsTab;
import dev.vitrine.app.ui.jsonrecords.JsonRecordsView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.testing.AnsweringChooser;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.model.JsonRecords;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The JSON records view of a real clp-s archive: all records, a record as JSON, the filter, export. */
class ClpsRecordsViewTest extends ClpsWindowTest {

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
    void everyRecordIsARowAndTheChosenOneIsTheSameJsonAsVitrineCat() throws Exception {
        ArchiveView v = openApp();
        org.junit.jupiter.api.Assertions.assertEquals(
                "tab-json-records",
                fx(() ->
                        v.details().tabs().getSelectionModel().getSelectedItem().getId()),
                "a log opens on its records, not its ingested files");
        JsonRecordsView r = records(v);
        List<String> cat = catLines(APP_OUT);
        assertTrue(fx(r::statusText).startsWith("3,000 records"), fx(r::statusText));
        List<String> cols = fx(r::columnNames);
        assertEquals(
                List.of("timestamp", "level", "service", "host", "pid", "message"),
                cols.subList(0, 6),
                "keys every record has come first");
        assertTrue(cols.indexOf("http.client.ip") > cols.indexOf("message"), cols.toString());
        assertEquals(3000, (long) fx(() -> r.grid().viewport().total()));

        fx(() -> {
            r.grid().jumpTo(1);
            return null;
        });
        rowsLoaded(r);
        String json = fx(r::jsonText);
        assertEquals("record 1", fx(r::jsonTitle));
        assertEquals(
                Json.MAPPER.readTree(cat.get(1)),
                Json.MAPPER.readTree(json),
                "the pretty JSON is record 1 as cat writes it, and only that (a copy of the pane parses)");
        LazyRow row1 = fx(() -> r.grid().shownRows().stream()
                .filter(x -> x.index() == 1)
                .findFirst()
                .orElseThrow());
        assertEquals(cat.get(1), row1.row().cells().getLast(), "byte for byte the line `vitrine cat` prints");
        assertEquals("INFO", row1.cell(2), "the level column");

        // The last record, far down (typed in the jump box): the table reads only the pages it shows.
        fx(() -> {
            r.jump("2,999");
            return null;
        });
        rowsLoaded(r);
        LazyRow last = fx(() -> r.grid().shownRows().stream()
                .filter(x -> x.index() == 2999)
                .findFirst()
                .orElseThrow());
        assertEquals(cat.get(2999), last.row().cells().getLast());

        fx(() -> {
            r.grid().jumpTo(1);
            return null;
        });
        rowsLoaded(r);
    }

    @Test
    void theChosenRecordsValuesAreFramedInItsDecodedStream() throws Exception {
        ArchiveView v = openApp();
        JsonRecordsView r = records(v);
        fx(() -> {
            r.grid().jumpTo(7);
            return null;
        });
        rowsLoaded(r);
        waitUntil("the decoded stream shown", () -> v.hex().decoded().showing());
        settle();
        FilterableRecords fr =
                v.session().archive().capability(FilterableRecords.class).orElseThrow();
        var where = fr.recordBytes(7).orElseThrow();
        assertTrue(where.label().contains("record 7"), where.label());
        var raw = fx(() -> v.hex().hex().marks().node());
        assertEquals(where.container().offset(), raw.start(), "the stream's compressed frame is framed in the file");
        assertEquals(where.container().end(), raw.end());
        var marks = fx(() -> v.hex().decoded().hex().marks().all());
        // Every value of the record is framed where it is stored, and it is the value cat writes.
        com.fasterxml.jackson.databind.JsonNode record =
                Json.MAPPER.readTree(catLines(APP_OUT).get(7));
        var level = where.fields().stream()
                .filter(f -> f.name().equals("level"))
                .findFirst()
                .orElseThrow();
        assertEquals(record.get("level").asText(), level.value().replace("\"", ""));
        assertTrue(
                marks.stream()
                        .anyMatch(m -> m.start() == level.range().offset()
                                && m.end() == level.range().end()),
                marks.toString());
        var log = where.fields().getFirst();
        assertEquals("log_event_idx", log.name());
        assertEquals("7", log.value(), "the record's own first byte: its index in the original order");
        fx(() -> dev.vitrine.app.ui.Screenshot.save(
                window.scene(),
                Path.of(
                        System.getProperty("vitrine.screenshots", "target/screenshots"),
                        "ClpsRecordsViewTest-record-bytes.png")));
    }

    @Test
    void exportWritesTheSelectedRecordsAsJsonLines() throws Exception {
        ArchiveView v = openApp();
        JsonRecordsView r = records(v);
        List<String> cat = catLines(APP_OUT);
        fx(() -> {
            r.grid().jumpTo(2999);
            return null;
        });
        rowsLoaded(r);
        AnsweringChooser chooser = new AnsweringChooser();
        Path out = temp.resolve("one.jsonl");
        chooser.answer(out);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            r.export();
            return null;
        });
        waitUntil("export", () -> Files.exists(out));
        settle();
        assertEquals(cat.get(2999) + "\n", Files.readString(out, StandardCharsets.UTF_8));
    }

    @Test
    void theFilterStreamsMatchesWithACountAndExportsThem() throws Exception {
        ArchiveView v = openApp();
        JsonRecordsView real = records(v);
        List<String> cat = catLines(APP_OUT);
        // The view over the archive's records with a stand-in query language (a substring of the line), so the
        // streaming, count and export are tested whatever the archive's own query language can do yet.
        FilterableRecords archive = fx(
                () -> v.session().archive().capability(FilterableRecords.class).orElseThrow());
        JsonRecordsView r = fx(() -> {
            JsonRecordsView w = new JsonRecordsView(
                    background,
                    new Substring(archive),
                    v.notifier(),
                    () -> window.stage(),
                    () -> v.exporter().destinations());
            tab(v, JsonRecordsTab.ID).setContent(w);
            return w;
        });
        r.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        fx(() -> {
            r.filterField().setText("\"level\":\"ERROR\"");
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("filter done", () -> !r.scanning() && r.statusText().contains("matches of"));
        long expected =
                cat.stream().filter(l -> l.contains("\"level\":\"ERROR\"")).count();
        assertTrue(expected > 0 && expected < 3000);
        assertEquals(expected, (long) fx(r::matchCount));
        assertEquals(expected, (long) fx(() -> r.grid().viewport().total()), "the table narrows to the matches");
        assertTrue(fx(r::statusText).startsWith(expected + " matches of 3,000 records"), fx(r::statusText));
        rowsLoaded(r);
        List<String> shown = fx(() -> r.grid().shownRows().stream()
                .map(x -> x.row().cells().getLast())
                .toList());
        assertEquals(
                cat.stream()
                        .filter(l -> l.contains("\"level\":\"ERROR\""))
                        .limit(shown.size())
                        .toList(),
                shown,
                "matches in original order");

        AnsweringChooser chooser = new AnsweringChooser();
        Path out = temp.resolve("errors.jsonl");
        chooser.answer(out);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            r.export();
            return null;
        });
        waitUntil("export", () -> Files.exists(out));
        assertEquals(expected, Files.readAllLines(out).size(), "all matching records exported");
        int firstFrom20 = 20;
        while (!cat.get(firstFrom20).contains("\"level\":\"ERROR\"")) firstFrom20++;
        fx(() -> {
            r.jump("20");
            return null;
        });
        rowsLoaded(r);
        long lead = fx(() -> r.grid().viewport().selection().lead());
        long record = fx(() -> r.grid().shownRows().stream()
                .filter(x -> x.index() == lead)
                .findFirst()
                .orElseThrow()
                .row()
                .index());
        assertEquals(firstFrom20, record, "among matches, the jump goes to the first match at or after the number");

        fx(() -> {
            r.filterField().setText("(oops");
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("syntax error", () -> r.errorText() != null);
        assertEquals("(oops\n ^ position 1: stand-in syntax error", fx(r::errorText));

        // A slow scan can be cancelled: what it found stays, the status says where it stopped.
        fx(() -> {
            r.filterField().setText("slowly");
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("scanning", r::scanning);
        javafx.scene.control.Button cancel = (javafx.scene.control.Button) fx(() -> r.lookup("#records-filter-cancel"));
        assertFalse(fx(cancel::isDisable));
        fx(() -> {
            cancel.fire();
            return null;
        });
        waitUntil("cancelled", () -> !r.scanning());
        assertTrue(fx(r::statusText).contains("cancelled after"), fx(r::statusText));
        assertFalse(real.scanning());
    }

    @Test
    void kqlNarrowsTheRowsAndABadQueryShowsWhere() throws Exception {
        ArchiveView v = openApp();
        JsonRecordsView r = records(v);
        fx(() -> {
            r.filterField().setText("level: (");
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("syntax error", () -> r.errorText() != null);
        String err = fx(r::errorText);
        assertTrue(err.startsWith("level: (\n") && err.contains("^ position "), err);
        Assumptions.assumeFalse(err.contains("not available"), "KQL is not in this build yet: " + err);

        List<String> cat = catLines(APP_OUT);
        fx(() -> {
            r.filterField().setText("level: ERROR");
            r.filterField().getOnAction().handle(null);
            return null;
        });
        waitUntil("filter done", () -> !r.scanning() && r.statusText().contains("matches of"));
        assertNotNull(fx(r::statusText));
        List<String> errors =
                cat.stream().filter(l -> l.contains("\"level\":\"ERROR\"")).toList();
        assertEquals(errors.size(), (long) fx(r::matchCount), "the same records as clp-s s would find");
        assertEquals(errors.size(), (long) fx(() -> r.grid().viewport().total()), "the table narrows to them");
        fx(() -> {
            r.grid().jumpTo(1);
            return null;
        });
        rowsLoaded(r);
        String json = fx(r::jsonText);
        assertEquals(Json.MAPPER.readTree(errors.get(1)), Json.MAPPER.readTree(json), "the second match as JSON");
    }

    @Test
    void theFirstPageIsReadWithoutWaitingForTheTableToBeOnScreen() throws Exception {
        ArchiveView v = openApp();
        records(v);
        FilterableRecords archive = fx(
                () -> v.session().archive().capability(FilterableRecords.class).orElseThrow());
        java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(1);
        JsonRecordsView[] made = new JsonRecordsView[1];
        // The FX thread stays busy until the first page is asked for: no pulse puts the table on screen meanwhile.
        boolean askedFirst = fx(() -> {
            made[0] = new JsonRecordsView(
                    background,
                    new Substring(archive) {
                        @Override
                        public List<String> lines(long from, int count) throws java.io.IOException {
                            if (from == 0) asked.countDown();
                            return super.lines(from, count);
                        }
                    },
                    v.notifier(),
                    () -> window.stage(),
                    () -> v.exporter().destinations());
            tab(v, JsonRecordsTab.ID).setContent(made[0]);
            return asked.await(20, TimeUnit.SECONDS);
        });
        assertTrue(askedFirst, "the first page is read as soon as the key paths are known");
        JsonRecordsView r = made[0];
        r.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        rowsLoaded(r);
        assertEquals(
                catLines(APP_OUT).subList(0, 3),
                fx(() -> r.grid().shownRows().subList(0, 3).stream()
                        .map(x -> x.row().cells().getLast())
                        .toList()),
                "and its rows are the archive's first records");
    }

    /** The archive's records with a stand-in query: records whose JSON line contains the text; "(" first is a syntax error. */
    static class Substring implements FilterableRecords {
        private final FilterableRecords in;

        Substring(FilterableRecords in) {
            this.in = in;
        }

        record Q(String text) implements Query {}

        @Override
        public long recordCount() throws java.io.IOException {
            return in.recordCount();
        }

        @Override
        public List<String> lines(long from, int count) throws java.io.IOException {
            return in.lines(from, count);
        }

        @Override
        public List<KeyPath> keyPaths(int max) throws java.io.IOException {
            return in.keyPaths(max);
        }

        @Override
        public Query compile(String query) {
            if (query.startsWith("(")) throw new JsonRecords.QuerySyntaxException("stand-in syntax error", 1);
            return new Q(query);
        }

        @Override
        public long scan(Query query, long from, long to, LongPredicate sink, BooleanSupplier cancelled)
                throws java.io.IOException {
            for (long i = from; i < to; i += 512) {
                if (cancelled.getAsBoolean()) return i;
                if (query.text().equals("slowly")) {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return i;
                    }
                }
                List<String> ls = in.lines(i, (int) Math.min(512, to - i));
                for (int k = 0; k < ls.size(); k++)
                    if (ls.get(k).contains(query.text()) && !sink.test(i + k)) return i + k + 1;
            }
            return to;
        }
    }
}
