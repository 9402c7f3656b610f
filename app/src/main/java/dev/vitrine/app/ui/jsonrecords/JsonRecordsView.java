package dev.vitrine.app.ui.jsonrecords;

import atlantafx.base.theme.Styles;
import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.export.DestinationChooser;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.table.RecordsGrid;
import dev.vitrine.app.ui.table.RowWindow;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.core.io.AtomicWrite;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.RowTable;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.Duration;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

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
    static final int MAX_CELL = 300;
    /** Records scanned between progress reports. */
    static final long SLICE = 32_768;

    private final Background background;
    private final FilterableRecords records;
    private final Notifier notifier;
    private final Supplier<Window> owner;
    private final Supplier<DestinationChooser> destinations;
    private final TextField filter = new TextField();
    private final TextField goTo = new TextField();
    private final Button run = new Button("Filter", new FontIcon(MaterialDesignF.FILTER_OUTLINE));
    private final Button cancel = new Button("Cancel", new FontIcon(MaterialDesignC.CLOSE_CIRCLE_OUTLINE));
    private final Button clear = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
    private final Label status = new Label("counting records…");
    private final Label error = new Label();
    private final TextArea json = new TextArea();
    private final StackPane centre = new StackPane(new Label("reading records…"));
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    private List<FilterableRecords.KeyPath> columns = List.of();
    private RecordsGrid grid;
    private long total = -1;
    /** Matches of the filter in force (null: all records shown). */
    private Matches matches;

    private Scan scan;

    public JsonRecordsView(
            Background background,
            FilterableRecords records,
            Notifier notifier,
            Supplier<Window> owner,
            Supplier<DestinationChooser> destinations) {
        this.background = background;
        this.records = records;
        this.notifier = notifier;
        this.owner = owner;
        this.destinations = destinations;
        getStyleClass().add("json-records-view");
        setTop(bar());
        json.setEditable(false);
        json.setId("record-json");
        json.getStyleClass().add("json-pane");
        json.setPromptText("choose a record");
        SplitPane split = new SplitPane(centre, json);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.58);
        setCenter(split);
        background.run(
                () -> new Start(records.recordCount(), records.keyPaths(MAX_COLUMNS)),
                s -> {
                    Trace.log("records: count and key paths");
                    total = s.count();
                    columns = s.columns();
                    List<String> names = new ArrayList<>(List.of("#"));
                    for (FilterableRecords.KeyPath k : columns) names.add(k.dotted());
                    grid = new RecordsGrid(names);
                    grid.setId("json-records-grid");
                    // Widths by what the key usually holds: free text wide, timestamps medium, the rest narrow.
                    var cols = grid.table().getColumns();
                    for (int i = 1; i < cols.size(); i++) {
                        String k = cols.get(i).getText().toLowerCase();
                        cols.get(i)
                                .setPrefWidth(
                                        k.equals("#")
                                                ? 90
                                                : k.contains("message") || k.equals("msg") || k.endsWith(".msg")
                                                        ? 380
                                                        : k.contains("time") || k.endsWith("ts") || k.contains("date")
                                                                ? 200
                                                                : Math.max(90, Math.min(220, 9 * k.length() + 30)));
                    }
                    grid.setOnLeadChanged(this::lead);
                    showAll();
                    centre.getChildren().setAll(grid);
                    loaded.complete(null);
                },
                err -> {
                    status.setText("⚠ records cannot be read: " + Human.error(err));
                    centre.getChildren().setAll(new Label("⚠ " + Human.error(err)));
                    loaded.complete(null);
                });
    }

    private record Start(long count, List<FilterableRecords.KeyPath> columns) {}

    private Region bar() {
        filter.setPromptText("query, e.g. level: ERROR AND http.status >= 500");
        filter.setId("records-filter");
        filter.getStyleClass().add(Styles.SMALL);
        filter.setOnAction(e -> startFilter());
        HBox.setHgrow(filter, Priority.ALWAYS);
        run.setId("records-filter-run");
        run.getStyleClass().addAll(Styles.SMALL, Styles.ACCENT);
        run.setMinWidth(Region.USE_PREF_SIZE);
        run.setOnAction(e -> startFilter());
        cancel.setId("records-filter-cancel");
        cancel.getStyleClass().add(Styles.SMALL);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setOnAction(e -> cancelScan());
        cancel.setDisable(true);
        clear.setId("records-filter-clear");
        clear.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        clear.setTooltip(new Tooltip("Back to all records"));
        clear.setOnAction(e -> {
            filter.clear();
            showAll();
        });
        Button export = new Button("Export…", new FontIcon(MaterialDesignE.EXPORT));
        export.setId("json-records-export");
        export.getStyleClass().add(Styles.SMALL);
        export.setMinWidth(Region.USE_PREF_SIZE);
        export.setTooltip(new Tooltip("Export the selected records, or all shown, as JSON lines"));
        export.setOnAction(e -> export());
        goTo.setPromptText("record #");
        goTo.setId("json-records-goto");
        goTo.setPrefColumnCount(7);
        goTo.getStyleClass().add(Styles.SMALL);
        goTo.setTooltip(new Tooltip("Jump to a record by its number (among the matches when filtered)"));
        goTo.setOnAction(e -> jump(goTo.getText()));
        HBox line = new HBox(6, filter, run, cancel, clear, goTo, export);
        line.setAlignment(Pos.CENTER_LEFT);
        status.getStyleClass().add("records-status");
        status.setId("json-records-status");
        error.getStyleClass().addAll("filter-error", "json-pane");
        error.setId("records-filter-error");
        error.setManaged(false);
        error.setVisible(false);
        VBox box = new VBox(4, line, error, status);
        box.setPadding(new Insets(6, 8, 4, 8));
        return box;
    }

    /** The table over every record. */
    private void showAll() {
        cancelScan();
        matches = null;
        setError(null);
        scan = null;
        if (grid == null) return;
        show(new RowWindow(total, PAGE, MAX_PAGES, (from, n, done, failed) -> {
            background.run(
                    () -> {
                        long t0 = System.nanoTime();
                        List<String> lines = records.lines(from, n);
                        long t1 = System.nanoTime();
                        List<RowTable.Row> rows = rows(from, lines);
                        if (Trace.ON)
                            Trace.log("records " + from + "+" + n + ": read " + (t1 - t0) / 1_000_000 + " ms, cells "
                                    + (System.nanoTime() - t1) / 1_000_000 + " ms");
                        return rows;
                    },
                    done,
                    failed);
        }));
        status.setText(Human.count(total) + (total == 1 ? " record" : " records") + " · " + columns.size()
                + " key paths as columns");
    }

    /** Rows for lines of consecutive records from {@code from}: number, cells by key path, and the line itself last (for the JSON pane). */
    private List<RowTable.Row> rows(long from, List<String> lines) {
        List<RowTable.Row> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) out.add(row(from + i, lines.get(i)));
        return out;
    }

    private RowTable.Row row(long index, String line) {
        List<String> cells = new ArrayList<>(columns.size() + 2);
        cells.add(Human.count(index));
        JsonNode node = null;
        try {
            node = Json.MAPPER.readTree(line);
        } catch (java.io.IOException e) {
            // shown as the raw line in the JSON pane; cells stay empty
        }
        for (FilterableRecords.KeyPath k : columns) cells.add(cell(node, k.keys()));
        cells.add(line);
        return new RowTable.Row(index, cells, ByteRange.NONE, null);
    }

    private static String cell(JsonNode node, List<String> keys) {
        JsonNode n = node;
        for (String k : keys) {
            if (n == null || !n.isObject()) return "";
            n = n.get(k);
        }
        if (n == null) return "";
        String s = n.isTextual() ? n.textValue() : n.toString();
        return s.length() > MAX_CELL ? s.substring(0, MAX_CELL) + "…" : s;
    }

    private void lead(LazyRow lr) {
        if (lr == null) return;
        if (lr.row() != null) showJson(lr.row());
        else
            lr.rowProperty().addListener((o, a, r) -> {
                if (r != null && grid.viewport().selection().lead() == lr.index()) showJson(r);
            });
    }

    private java.util.function.LongConsumer onRecordChosen = i -> {};

    /** Called with a record's index when it becomes the one shown (the window frames its bytes). */
    public void setOnRecordChosen(java.util.function.LongConsumer handler) {
        onRecordChosen = handler;
    }

    private void showJson(RowTable.Row r) {
        onRecordChosen.accept(r.index());
        String line = r.cells().getLast();
        try {
            json.setText("record " + Human.count(r.index()) + "\n"
                    + Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(Json.MAPPER.readTree(line)));
        } catch (java.io.IOException e) {
            json.setText("record " + Human.count(r.index()) + "\n" + line);
        }
    }

    private void setError(String text) {
        error.setText(text == null ? "" : text);
        error.setVisible(text != null);
        error.setManaged(text != null);
        filter.pseudoClassStateChanged(Styles.STATE_DANGER, text != null);
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
        goTo.pseudoClassStateChanged(Styles.STATE_DANGER, !ok);
        if (!ok) {
            status.setText("records are numbered 0 to " + Human.count(Math.max(0, total - 1)));
            return;
        }
        Matches m = matches;
        long pos = n;
        if (m != null) {
            long lo = 0, hi = m.size();
            while (lo < hi) {
                long mid = (lo + hi) >>> 1;
                if (m.get(mid) < n) lo = mid + 1;
                else hi = mid;
            }
            if (lo >= m.size()) return;
            pos = lo;
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
                setError(q + "\n" + " ".repeat(at) + "^ position " + at + ": " + qe.getMessage());
                status.setText("the query does not parse: the rows shown are unchanged");
            } else {
                setError(Human.error(err));
            }
        });
    }

    private void scan(FilterableRecords.Query query) {
        setError(null);
        Matches m = new Matches();
        matches = m;
        Scan s = new Scan(query, m);
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
                            out.addAll(rows(idx[i], records.lines(idx[i], j - i)));
                            i = j;
                        }
                        return out;
                    },
                    done,
                    failed);
        }));
        cancel.setDisable(false);
        status.setText("filtering…");
        background.executor().execute(s);
        s.timeline = new Timeline(new KeyFrame(Duration.millis(100), e -> progress(s)));
        s.timeline.setCycleCount(Timeline.INDEFINITE);
        s.timeline.play();
    }

    /** Shows what the scan found so far (FX thread, every 100 ms and at the end): the table grows, nothing is re-read. */
    private void progress(Scan s) {
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
        long done = s.scanned.get();
        if (s.failure != null) {
            status.setText(
                    "⚠ filter stopped: " + Human.error(s.failure) + " · " + Human.count(found) + " matches so far");
        } else if (s.finished) {
            status.setText(Human.count(found) + (found == 1 ? " match" : " matches") + " of " + Human.count(total)
                    + " records" + (s.cancelled.get() ? " · cancelled after " + Human.count(done) : "") + " · "
                    + s.query.text());
        } else {
            status.setText("filtering… " + Human.count(found) + " matches · " + (total == 0 ? 100 : done * 100 / total)
                    + "% scanned");
        }
        if (s.finished && s.timeline != null) {
            s.timeline.stop();
            cancel.setDisable(true);
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
            scan.cancelled.set(true);
            cancel.setDisable(true);
        }
    }

    /** Indices of matching records, appended by the scan thread, read by the FX thread. */
    static final class Matches {
        private long[] a = new long[1024];
        private int n;

        synchronized void add(long i) {
            if (n == a.length) a = java.util.Arrays.copyOf(a, Math.min(Integer.MAX_VALUE - 16, a.length * 2));
            a[n++] = i;
        }

        synchronized long size() {
            return n;
        }

        synchronized long get(long pos) {
            return a[(int) pos];
        }

        synchronized long[] slice(long from, int count) {
            int f = (int) Math.min(from, n);
            return java.util.Arrays.copyOfRange(a, f, (int) Math.min(n, f + (long) count));
        }
    }

    /** One scan: slices of the records tested on the long lane, matches appended as found. */
    private final class Scan implements Runnable {
        final FilterableRecords.Query query;
        final Matches matches;
        final AtomicBoolean cancelled = new AtomicBoolean();
        final AtomicLong scanned = new AtomicLong();
        volatile boolean finished;
        volatile Throwable failure;
        Timeline timeline;

        Scan(FilterableRecords.Query query, Matches matches) {
            this.query = query;
            this.matches = matches;
        }

        @Override
        public void run() {
            try {
                for (long from = 0; from < total && !cancelled.get(); from += SLICE) {
                    long to = Math.min(total, from + SLICE);
                    long got = records.scan(
                            query,
                            from,
                            to,
                            i -> {
                                matches.add(i);
                                return !cancelled.get();
                            },
                            cancelled::get);
                    scanned.set(got);
                }
            } catch (Throwable e) {
                failure = e;
            } finally {
                finished = true;
                background.fx().execute(() -> {
                    if (failure != null) failure = background.failed(failure); // the archive's tab sees it first
                    progress(this);
                });
            }
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
        background.runLong(
                () -> {
                    AtomicWrite.write(target.toAbsolutePath(), true, out -> write(ranges, out));
                    return target;
                },
                p -> notifier.info("Exported " + what + " to " + p),
                err -> notifier.error("Export failed: " + Human.error(err)));
    }

    private void write(List<long[]> ranges, OutputStream out) throws java.io.IOException {
        for (long[] r : ranges) {
            for (long from = r[0]; from < r[1]; from += 4096) {
                for (String line : records.lines(from, (int) Math.min(4096, r[1] - from))) {
                    out.write(line.getBytes(StandardCharsets.UTF_8));
                    out.write('\n');
                }
            }
        }
    }

    public void dispose() {
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
        return error.isVisible() ? error.getText() : null;
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
