package dev.vitrine.app.ui.table;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.SortedRecords;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;

/**
 * The records of a node's {@link RowTable}: a virtualized table over all rows, filled a page at
 * a time in the background as the user scrolls; the row count is found in the background
 * ("counting…"). With {@link SortedRecords}: search by key range (start, stop, prefix, with
 * \xNN escapes) and jump to a record by number.
 */
public final class RecordsView extends BorderPane {
    static final int PAGE = 256;
    static final int MAX_PAGES = 64;
    static final int SEARCH_LIMIT = 10_000;
    /** Row height of the dense tables (AtlantaFX dense, 13 px font). */
    public static final double ROW_HEIGHT = 26;

    private final Background background;
    private final RowTable rows;
    private final Optional<SortedRecords> sorted;
    private final RecordsGrid grid;
    private final TableView<Match> matches = new TableView<>();
    private final Label status = new Label("counting…");
    private final StackPane centre = new StackPane();
    private final TextField start = new TextField();
    private final TextField stop = new TextField();
    private final TextField prefix = new TextField();
    private final TextField goTo = new TextField();
    private final Label searchStatus = new Label();
    private final Button clear = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
    private RowWindow window;
    private SearchResults results;
    private AtomicBoolean searchCancel = new AtomicBoolean();
    private Consumer<RowTable.Row> onRowSelected = r -> {};
    private Runnable onExport = () -> {};
    private Consumer<List<dev.vitrine.core.model.Problem>> onProblems = p -> {};
    private long count = -1;

    /** One search match as the matches table shows it: its number (from 1) and its bytes. */
    public record Match(int number, byte[] bytes) {}

    public RecordsView(Background background, RowTable rows, Optional<SortedRecords> sorted) {
        this.background = background;
        this.rows = rows;
        this.sorted = sorted;
        getStyleClass().add("records-view");
        grid = new RecordsGrid(rows.columns());
        followLead();
        // Right-click and Ctrl+C: the selected rows as JSON objects, read in the background.
        dev.vitrine.app.ui.copy.JsonCopy.install(
                grid.table(), background, t -> status.setText(t), this::selectedCount, () -> {
                    List<long[]> ranges = selectedRanges();
                    return () -> RowJson.of(rows, ranges);
                });
        buildMatches();
        // A label, not a spinning ProgressIndicator: its first CSS pass alone cost tens of ms.
        Label wait = new Label(
                "counting records…", new FontIcon(org.kordamp.ikonli.materialdesign2.MaterialDesignP.PROGRESS_CLOCK));
        wait.getStyleClass().add("records-counting");
        centre.getChildren().setAll(wait);
        setTop(buildBar());
        setCenter(centre);
        startCount();
    }

    /** The record the selection leads to is reported (the window marks its bytes), once it is loaded. */
    private void followLead() {
        grid.setOnLeadChanged(lr -> {
            if (lr == null) return;
            if (lr.row() != null) {
                onRowSelected.accept(lr.row());
            } else {
                lr.rowProperty().addListener((ob, x, r) -> {
                    if (r != null && grid.viewport().selection().lead() == lr.index()) onRowSelected.accept(r);
                });
            }
        });
    }

    private void buildMatches() {
        matches.getStyleClass().addAll(Styles.DENSE, "records-table");
        matches.setFixedCellSize(ROW_HEIGHT);
        matches.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        TableColumn<Match, String> n = new TableColumn<>("match");
        n.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(Human.count(c.getValue().number())));
        n.setPrefWidth(80);
        n.setSortable(false);
        TableColumn<Match, String> rec = new TableColumn<>("record");
        rec.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(RecordText.escape(c.getValue().bytes())));
        rec.setPrefWidth(560);
        rec.setSortable(false);
        TableColumn<Match, String> len = new TableColumn<>("bytes");
        len.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(Human.count(c.getValue().bytes().length)));
        len.setPrefWidth(80);
        len.setSortable(false);
        matches.getColumns().setAll(List.of(n, rec, len));
    }

    /** Search fields and buttons on one line; record count and search result on a quiet line below. */
    private Region buildBar() {
        HBox bar = new HBox(6);
        bar.setAlignment(Pos.CENTER_LEFT);
        if (sorted.isPresent()) {
            start.setPromptText("start key");
            stop.setPromptText("stop key");
            prefix.setPromptText("prefix");
            for (TextField f : List.of(start, stop, prefix)) {
                f.setPrefColumnCount(9);
                f.setTooltip(new Tooltip("Bytes with escapes: \\x00 \\xff \\n \\t"));
                f.setOnAction(e -> search());
                f.getStyleClass().add(Styles.SMALL);
            }
            Button go = new Button("Search", new FontIcon(MaterialDesignM.MAGNIFY));
            go.getStyleClass().addAll(Styles.SMALL, Styles.ACCENT);
            go.setMinWidth(Region.USE_PREF_SIZE);
            go.setTooltip(new Tooltip("Records with start <= record < stop that begin with prefix"));
            go.setOnAction(e -> search());
            go.setId("record-search");
            clear.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
            clear.setTooltip(new Tooltip("Back to all records"));
            clear.setOnAction(e -> clearSearch());
            clear.setVisible(false);
            bar.getChildren().addAll(start, stop, prefix, go, clear);
        }
        goTo.setPromptText("record #");
        goTo.setPrefColumnCount(7);
        goTo.getStyleClass().add(Styles.SMALL);
        goTo.setOnAction(e -> jump());
        goTo.setId("record-goto");
        Button jump = new Button(null, new FontIcon(MaterialDesignA.ARROW_RIGHT_BOLD_BOX_OUTLINE));
        jump.setTooltip(new Tooltip("Jump to record number"));
        jump.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        jump.setOnAction(e -> jump());
        Button export = new Button("Export…", new FontIcon(MaterialDesignE.EXPORT));
        export.getStyleClass().add(Styles.SMALL);
        export.setMinWidth(Region.USE_PREF_SIZE);
        export.setTooltip(new Tooltip("Export the selected records, a key range or all records to a file"));
        export.setOnAction(e -> onExport.run());
        export.setId("records-export");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        status.getStyleClass().add("records-status");
        status.setMinWidth(Region.USE_PREF_SIZE);
        searchStatus.getStyleClass().add("records-status");
        searchStatus.setMinWidth(0);
        bar.getChildren().addAll(spacer, goTo, jump, export);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox line = new HBox(12, status, gap, searchStatus);
        line.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(4, bar, line);
        box.getStyleClass().add("records-bar");
        box.setPadding(new Insets(6, 8, 4, 8));
        return box;
    }

    private void startCount() {
        background.runLong(
                () -> new Counted(rows.rowCount(), rows.problems()),
                c -> {
                    long n = c.rows();
                    count = n;
                    window = new RowWindow(n, PAGE, MAX_PAGES, this::loadPage);
                    grid.setWindow(window);
                    String text = Human.count(n) + (n == 1 ? " record" : " records");
                    if (!c.problems().isEmpty()) {
                        // Damage met while counting is listed and marked, never shown as a merely short table.
                        onProblems.accept(c.problems());
                        text += " readable · " + Human.count(c.problems().size())
                                + (c.problems().size() == 1 ? " block" : " blocks") + " could not be read: "
                                + c.problems().getFirst().message();
                        status.pseudoClassStateChanged(Styles.STATE_DANGER, true);
                    }
                    status.setText(text);
                    centre.getChildren()
                            .setAll(
                                    n == 0 && !c.problems().isEmpty()
                                            ? new Label("⚠ no readable records: "
                                                    + c.problems().getFirst())
                                            : grid);
                },
                err -> {
                    status.setText("could not count: " + Human.error(err));
                    centre.getChildren().setAll(new Label("⚠ " + Human.error(err)));
                });
    }

    private record Counted(long rows, List<dev.vitrine.core.model.Problem> problems) {}

    /** Where damage met while reading rows goes (the problems list and the tree's badges). */
    public void setOnProblems(Consumer<List<dev.vitrine.core.model.Problem>> handler) {
        onProblems = handler == null ? p -> {} : handler;
    }

    private void loadPage(long from, int n, Consumer<List<RowTable.Row>> done, Consumer<Throwable> failed) {
        RowWindow w = window;
        background.run(
                () -> w != null && !w.stillWanted(from) ? null : rows.rows(from, n),
                got -> {
                    if (got == null) {
                        if (w != null) w.forget(from);
                    } else {
                        done.accept(got);
                    }
                },
                failed);
    }

    private void jump() {
        if (window == null) return;
        String t = goTo.getText().strip().replace(",", "");
        try {
            long i = Long.parseLong(t);
            if (i < 0 || i >= count) throw new NumberFormatException();
            clearSearch();
            grid.jumpTo(i);
            goTo.pseudoClassStateChanged(Styles.STATE_DANGER, false);
        } catch (NumberFormatException e) {
            goTo.pseudoClassStateChanged(Styles.STATE_DANGER, true);
            status.setText("records are numbered 0 to " + Human.count(Math.max(0, count - 1)));
        }
    }

    /** Scrolls so row {@code i} is near the top. */
    public void scrollTo(long i) {
        grid.scrollToRow(Math.max(0, i - 2));
    }

    private void search() {
        if (sorted.isEmpty()) return;
        KeyQuery q;
        try {
            q = KeyQuery.parse(start.getText(), stop.getText(), prefix.getText());
        } catch (IllegalArgumentException e) {
            searchStatus.setText(e.getMessage());
            return;
        }
        searchCancel.set(true);
        AtomicBoolean cancel = new AtomicBoolean();
        searchCancel = cancel;
        searchStatus.setText("searching " + q.description() + "…");
        background.runLong(
                () -> SearchResults.run(sorted.get(), q, SEARCH_LIMIT, cancel::get),
                r -> {
                    if (cancel.get()) return;
                    results = r;
                    List<Match> items = new java.util.ArrayList<>(r.records().size());
                    for (int i = 0; i < r.records().size(); i++)
                        items.add(new Match(i + 1, r.records().get(i)));
                    matches.setItems(FXCollections.observableArrayList(items));
                    matches.setPlaceholder(new Label("no records match " + q.description()));
                    centre.getChildren().setAll(matches);
                    searchStatus.setText(r.summary());
                    clear.setVisible(true);
                },
                err -> searchStatus.setText("search failed: " + Human.error(err)));
    }

    private void clearSearch() {
        searchCancel.set(true);
        // The filter shown and the rows shown always agree: back to all records empties the boxes.
        for (TextField f : List.of(start, stop, prefix)) f.clear();
        if (results == null && !clear.isVisible()) return;
        results = null;
        clear.setVisible(false);
        searchStatus.setText("");
        if (window != null) centre.getChildren().setAll(grid);
    }

    public void setOnRowSelected(Consumer<RowTable.Row> handler) {
        onRowSelected = handler == null ? r -> {} : handler;
    }

    public void setOnExport(Runnable handler) {
        onExport = handler == null ? () -> {} : handler;
    }

    public RecordsGrid grid() {
        return grid;
    }

    public TableView<Match> matchesTable() {
        return matches;
    }

    /** Row count once counted, else -1. */
    /** The line under the search bar: record count, and damage met while counting. */
    public String statusText() {
        return status.getText();
    }

    /** The key-search boxes' texts: start, stop, prefix. */
    public List<String> searchBoxes() {
        return List.of(start.getText(), stop.getText(), prefix.getText());
    }

    public long count() {
        return count;
    }

    public RowTable rowTable() {
        return rows;
    }

    /** The current search (shown matches), or null when all records are shown. */
    public KeyQuery currentQuery() {
        return results == null ? null : results.query();
    }

    /** Records the user selected among the matches (empty when none or when all records are shown). */
    public List<byte[]> selectedMatches() {
        return results == null
                ? List.of()
                : matches.getSelectionModel().getSelectedItems().stream()
                        .map(Match::bytes)
                        .toList();
    }

    /** The selected rows of the full table, as ranges {start, end} (end exclusive). */
    public List<long[]> selectedRanges() {
        return results != null ? List.of() : grid.viewport().selection().ranges();
    }

    /** How many rows of the full table are selected. */
    public long selectedCount() {
        return results != null ? 0 : grid.viewport().selection().count();
    }

    public Optional<SortedRecords> sorted() {
        return sorted;
    }

    /** The key range fields as typed (for export of a range). */
    public String[] typedRange() {
        return new String[] {start.getText(), stop.getText(), prefix.getText()};
    }

    /** Stops background searches (the tab is closing). */
    public void dispose() {
        searchCancel.set(true);
    }
}
