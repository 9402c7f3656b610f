package dev.vitrine.app.ui.jsonrecords;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.concurrent.PulseSteps;
import dev.vitrine.app.ui.copy.JsonCopy;
import dev.vitrine.app.ui.export.DestinationChooser;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.table.RecordsGrid;
import dev.vitrine.app.ui.table.RowWindow;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.RowTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.geometry.Orientation;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * JSON records as a table: one row per record in original order, one column per key path (most
 * frequent first), virtualized over any number of records (pages read and parsed in the
 * background). The chosen record shows as pretty JSON beside. A query filter scans in the
 * background a slice at a time: matches appear as they are found, with a count, and the scan
 * can be cancelled; the FX thread only grows the table. Export writes the selected records, or
 * all that match, or all, as JSON lines.
 */
public final class JsonRecordsView extends BorderPane {
    /** Rows read and parsed per background job: a screenful or two, so the first one shows soon. */
    static final int PAGE = 64;

    static final int MAX_PAGES = 256;
    static final int MAX_COLUMNS = 40;

    private final Background background;
    private final FilterableRecords records;
    private final Notifier notifier;
    private final Supplier<Window> owner;
    private final Supplier<DestinationChooser> destinations;
    private final FilterBar bar = new FilterBar();
    private final TextField filter = bar.filter;
    private final Label status = bar.status;
    private final TextArea json = new TextArea();
    private final Label jsonTitle = new Label();
    private final StackPane centre = new StackPane(new Label("reading records…"));
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    private List<FilterableRecords.KeyPath> columns = List.of();
    private RecordsGrid grid;
    private long total = -1;
    /** Matches of the filter in force (null: all records shown). */
    private Matches matches;

    private RecordScan scan;
    private boolean disposed;
    /** The first page, read ahead ({@link FirstRecords}): its rows are there when the table first asks. Null once used. */
    private volatile CompletableFuture<List<RowTable.Row>> firstPage;

    public JsonRecordsView(
            Background background,
            FilterableRecords records,
            Notifier notifier,
            Supplier<Window> owner,
            Supplier<DestinationChooser> destinations) {
        this(background, records, notifier, owner, destinations, null);
    }

    /** With {@code ahead}: the first records read ahead for it ({@link FirstRecords#ahead}), else it reads them. */
    public JsonRecordsView(
            Background background,
            FilterableRecords records,
            Notifier notifier,
            Supplier<Window> owner,
            Supplier<DestinationChooser> destinations,
            CompletableFuture<FirstRecords> ahead) {
        this.background = background;
        this.records = records;
        this.notifier = notifier;
        this.owner = owner;
        this.destinations = destinations;
        getStyleClass().add("json-records-view");
        setTop(bar);
        filter.setOnAction(e -> startFilter());
        bar.run.setOnAction(e -> startFilter());
        bar.cancel.setOnAction(e -> cancelScan());
        bar.clear.setOnAction(e -> {
            filter.clear();
            showAll();
        });
        bar.export.setOnAction(e -> export());
        bar.goTo.setOnAction(e -> jump(bar.goTo.getText()));
        json.setEditable(false);
        json.setId("record-json");
        json.getStyleClass().add("json-pane");
        json.setPromptText("choose a record");
        // The record's number is a title, not a line of the JSON: what is copied from the pane parses.
        jsonTitle.setId("record-json-title");
        jsonTitle.getStyleClass().add(Styles.TEXT_MUTED);
        jsonTitle.setPadding(new javafx.geometry.Insets(2, 6, 2, 6));
        BorderPane jsonPane = new BorderPane(json);
        jsonPane.setTop(jsonTitle);
        SplitPane split = new SplitPane(centre, jsonPane);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.58);
        setCenter(split);
        CompletableFuture<FirstRecords> first = ahead != null ? ahead : FirstRecords.read(background, records);
        // Completed on the FX thread (or already): the table is built in a pulse step of its own that goes before
        // the other panes' steps, and no background thread is held waiting for the decode.
        first.whenComplete((s, err) -> PulseSteps.queue().urgent().add(() -> {
            if (err == null) start(s);
            else {
                status.setText("⚠ records cannot be read: " + Human.error(err));
                centre.getChildren().setAll(new Label("⚠ " + Human.error(err)));
                loaded.complete(null);
            }
        }));
    }

    /** Puts the table on screen with the columns known; the first page follows at the next pulse. */
    private void start(FirstRecords s) {
        Trace.log("records: count and key paths");
        total = s.count();
        columns = s.columns();
        firstPage = s.rows();
        List<String> names = new ArrayList<>(List.of("#"));
        for (FilterableRecords.KeyPath k : columns) names.add(k.dotted());
        grid = new RecordsGrid(names);
        grid.setId("json-records-grid");
        installCopy(grid);
        RecordRows.setWidths(grid.columns());
        grid.setOnLeadChanged(this::lead);
        centre.getChildren().setAll(grid);
        // The table's header and skin take their CSS in this pulse, its rows in the next:
        // together with the view's own first layout they held one frame (#22 goal 4). The rows
        // are what the archive is opened for: they go before the rest of the columns and panes.
        PulseSteps.queue().urgent().add(() -> {
            if (!disposed) showAll(); // the archive closed meanwhile: nothing to read
            loaded.complete(null);
        });
    }

    /** The table over every record. */
    private void showAll() {
        cancelScan();
        matches = null;
        bar.setError(null);
        scan = null;
        if (grid == null) return;
        show(new RowWindow(total, PAGE, MAX_PAGES, (from, n, given, failed) -> {
            CompletableFuture<List<RowTable.Row>> early = from == 0 ? firstPage : null;
            firstPage = null;
            java.util.function.Consumer<List<RowTable.Row>> done = early == null || !Trace.ON
                    ? given
                    : rows -> { // what bench/ui-open.sh measures the first page by
                        given.accept(rows);
                        Trace.log("first records in the table");
                    };
            if (early != null) {
                // Completes on the FX thread; when it failed, the page is read again and its rows say why.
                early.whenComplete((rows, err) -> {
                    if (err == null && rows.size() == n) done.accept(rows);
                    else background.run(() -> page(columns, from, n), done, failed);
                });
                return;
            }
            background.run(() -> page(columns, from, n), done, failed);
        }));
        status.setText(Human.count(total) + (total == 1 ? " record" : " records") + " · " + columns.size()
                + " key paths as columns");
    }

    /** Rows [from, from+n) of all records, read and made into cells (in the background). */
    private List<RowTable.Row> page(List<FilterableRecords.KeyPath> cols, long from, int n) throws java.io.IOException {
        return page(records, cols, from, n);
    }

    /** Rows [from, from+n) of {@code records}, read and made into cells (in the background). */
    static List<RowTable.Row> page(FilterableRecords records, List<FilterableRecords.KeyPath> cols, long from, int n)
            throws java.io.IOException {
        long t0 = System.nanoTime();
        List<String> lines = records.lines(from, n);
        long t1 = System.nanoTime();
        List<RowTable.Row> rows = RecordRows.rows(cols, from, lines);
        if (Trace.ON)
            Trace.log("records " + from + "+" + n + ": read " + (t1 - t0) / 1_000_000 + " ms, cells "
                    + (System.nanoTime() - t1) / 1_000_000 + " ms");
        return rows;
    }

    private void lead(LazyRow lr) {
        if (lr == null) { // a new window (a filter, or all records again): no record is shown
            json.clear();
            jsonTitle.setText("");
            return;
        }
        if (lr.row() != null) showJson(lr.row());
        else
            lr.rowProperty().addListener((o, a, r) -> {
                if (r != null && grid.viewport().selection().lead() == lr.index()) showJson(r);
            });
    }

    /** Shows {@code lr} in the JSON pane while no row is selected (the selection, and so Export, stay as they are). */
    private void preview(LazyRow lr) {
        if (lr.row() != null) showJson(lr.row());
        else
            lr.rowProperty().addListener((o, a, r) -> {
                if (r != null && grid.viewport().selection().lead() < 0) showJson(r);
            });
    }

    private java.util.function.LongConsumer onRecordChosen = i -> {};

    /** Called with a record's index when it becomes the one shown (the window frames its bytes). */
    public void setOnRecordChosen(java.util.function.LongConsumer handler) {
        onRecordChosen = handler;
    }

    private void showJson(RowTable.Row r) {
        onRecordChosen.accept(r.index());
        jsonTitle.setText("record " + Human.count(r.index()));
        json.setText(RecordRows.pretty(r.cells().getLast()));
    }

    /** Selects record {@code text} (a number, commas allowed): its row, or among matches the first at or after it. */
    public void jump(String text) {
        if (grid == null) return;
        long n;
        try {
            n = Long.parseLong(text.strip().replace(",", ""));
        } catch (NumberFormatException e) {
            n = -1;
        }
        boolean ok = n >= 0 && n < total;
        bar.goTo.pseudoClassStateChanged(Styles.STATE_DANGER, !ok);
        if (!ok) {
            status.setText("records are numbered 0 to " + Human.count(Math.max(0, total - 1)));
            return;
        }
        Matches m = matches;
        long pos = n;
        if (m != null) {
            pos = m.firstAtOrAfter(n);
            if (pos >= m.size()) return;
        }
        grid.jumpTo(pos);
    }

    /** Parses the query (in the background) and, if it parses, scans for its matches. */
    private void startFilter() {
        String q = filter.getText();
        if (q == null || q.isBlank()) {
            showAll();
            return;
        }
        if (grid == null) return;
        cancelScan();
        background.run(() -> records.compile(q), this::scan, err -> {
            if (err instanceof JsonRecords.QuerySyntaxException qe) {
                int at = Math.max(0, Math.min(q.length(), qe.position()));
                bar.setError(q + "\n" + " ".repeat(at) + "^ position " + at + ": " + qe.getMessage());
                status.setText("the query does not parse: the rows shown are unchanged");
            } else {
                bar.setError(Human.error(err));
            }
        });
    }

    private void scan(FilterableRecords.Query query) {
        bar.setError(null);
        RecordScan s = new RecordScan(records, total, query);
        Matches m = s.matches;
        matches = m;
        scan = s;
        show(new RowWindow(0, PAGE, MAX_PAGES, (from, n, done, failed) -> {
            long[] idx = m.slice(from, n);
            background.run(
                    () -> {
                        List<RowTable.Row> out = new ArrayList<>(idx.length);
                        // Runs of consecutive records are read together.
                        int i = 0;
                        while (i < idx.length) {
                            int j = i + 1;
                            while (j < idx.length && idx[j] == idx[j - 1] + 1) j++;
                            out.addAll(RecordRows.rows(columns, idx[i], records.lines(idx[i], j - i)));
                            i = j;
                        }
                        return out;
                    },
                    done,
                    failed);
        }));
        bar.cancel.setDisable(false);
        status.setText("filtering…");
        s.start(background, () -> progress(s));
        s.timeline = new Timeline(new KeyFrame(Duration.millis(100), e -> progress(s)));
        s.timeline.setCycleCount(Timeline.INDEFINITE);
        s.timeline.play();
    }

    /** Shows what the scan found so far (FX thread, every 100 ms and at the end): the table grows, nothing is re-read. */
    private void progress(RecordScan s) {
        if (s != scan) { // replaced or cleared: it only has to stop
            if (s.timeline != null) s.timeline.stop();
            return;
        }
        RowWindow w = currentWindow();
        long found = s.matches.size();
        if (w != null && found > w.size()) {
            w.grow(found);
            grid.sizeChanged();
        }
        if (!s.firstShown
                && found > 0
                && w != null) { // the JSON pane shows a match at once, never a record filtered out
            s.firstShown = true;
            preview(w.row(0));
        }
        long done = s.scanned.get();
        if (s.failure != null) {
            status.setText(
                    "⚠ filter stopped: " + Human.error(s.failure) + " · " + Human.count(found) + " matches so far");
        } else if (s.finished) {
            status.setText(Human.count(found) + (found == 1 ? " match" : " matches") + " of " + Human.count(total)
                    + " records" + (s.cancelled() ? " · cancelled after " + Human.count(done) : "") + " · "
                    + s.query.text());
        } else {
            status.setText("filtering… " + Human.count(found) + " matches · " + (total == 0 ? 100 : done * 100 / total)
                    + "% scanned");
        }
        if (s.finished && s.timeline != null) {
            s.timeline.stop();
            bar.cancel.setDisable(true);
        }
    }

    private RowWindow window;

    private RowWindow currentWindow() {
        return window;
    }

    private void show(RowWindow w) {
        window = w;
        grid.setWindow(w);
    }

    private void cancelScan() {
        if (scan != null) {
            scan.cancel();
            bar.cancel.setDisable(true);
        }
    }

    /** File > Export or the button: the selected records, or all the filter matched, or all records, as JSON lines. */
    public void export() {
        if (grid == null) return;
        List<long[]> ranges = new ArrayList<>();
        String what;
        long n;
        List<long[]> sel = grid.viewport().selection().ranges();
        Matches m = matches;
        if (!sel.isEmpty()) {
            n = grid.viewport().selection().count();
            what = Human.count(n) + (n == 1 ? " selected record" : " selected records");
            for (long[] r : sel) {
                if (m == null) ranges.add(r);
                else for (long p = r[0]; p < r[1]; p++) ranges.add(new long[] {m.get(p), m.get(p) + 1});
            }
        } else if (m != null) {
            n = m.size();
            what = Human.count(n) + " matching records";
            long[] all = m.slice(0, (int) n);
            for (long i : all) ranges.add(new long[] {i, i + 1});
        } else {
            n = total;
            what = "all " + Human.count(n) + " records";
            ranges.add(new long[] {0, total});
        }
        Path target = destinations.get().file(owner.get(), "Export " + what + " as JSON lines", "records.jsonl");
        if (target == null) return;
        RecordsExport.write(background, notifier, records, ranges, what, target);
    }

    /** The records of the selected rows: [from, to) ranges of record numbers (through the matches when filtered). */
    private List<long[]> selectedRecords() {
        List<long[]> ranges = new ArrayList<>();
        Matches m = matches;
        for (long[] r : grid.viewport().selection().ranges()) {
            if (m == null) ranges.add(r);
            else for (long p = r[0]; p < r[1]; p++) ranges.add(new long[] {m.get(p), m.get(p) + 1});
        }
        return ranges;
    }

    /** Right-click and Ctrl+C: the selected records as JSON (one as itself, several as an array). */
    private void installCopy(RecordsGrid g) {
        MenuItem export = new MenuItem("Export…");
        export.setOnAction(e -> export());
        g.table().setContextMenu(new ContextMenu(export));
        JsonCopy.install(
                g.table(),
                background,
                status::setText,
                () -> g.viewport().selection().count(),
                () -> {
                    List<long[]> ranges = selectedRecords();
                    return () -> {
                        List<String> lines = new ArrayList<>();
                        for (long[] r : ranges) lines.addAll(records.lines(r[0], (int) (r[1] - r[0])));
                        return lines;
                    };
                });
    }

    public void dispose() {
        disposed = true;
        cancelScan();
    }

    /** Completes once the table is shown (or could not be). */
    public CompletableFuture<Void> loaded() {
        return loaded;
    }

    public RecordsGrid grid() {
        return grid;
    }

    public TextField filterField() {
        return filter;
    }

    public String statusText() {
        return status.getText();
    }

    public String errorText() {
        return bar.error.isVisible() ? bar.error.getText() : null;
    }

    /** The JSON pane's title: which record it shows. */
    public String jsonTitle() {
        return jsonTitle.getText();
    }

    public String jsonText() {
        return json.getText();
    }

    /** Whether a filter scan is running. */
    public boolean scanning() {
        return scan != null && !scan.finished;
    }

    /** Number of matches shown (-1 when all records are shown). */
    public long matchCount() {
        return matches == null ? -1 : matches.size();
    }

    public List<String> columnNames() {
        return columns.stream().map(FilterableRecords.KeyPath::dotted).toList();
    }
}
