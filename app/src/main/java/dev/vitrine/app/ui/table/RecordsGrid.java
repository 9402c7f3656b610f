package dev.vitrine.app.ui.table;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.PulseSteps;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;

/**
 * A table over any number of rows (long indices): the TableView holds only the rows that fit
 * on screen, an outside scroll bar maps to the long top row, and selection is kept as ranges
 * in a {@link RowViewport}. A plain TableView cannot do this: its VirtualFlow caches and sums
 * a size per row, which costs seconds and hundreds of megabytes at ten million rows.
 */
public final class RecordsGrid extends Region {
    private final TableView<LazyRow> table = new TableView<>();
    private final ScrollBar bar = new ScrollBar();
    private final ObservableList<LazyRow> items = FXCollections.observableArrayList();
    private final RowViewport viewport = new RowViewport(0);
    private static final int COLUMNS_PER_PULSE = 8;
    private final List<TableColumn<LazyRow, String>> built = new ArrayList<>();
    private RowWindow window;
    private boolean paused;
    private boolean syncing;
    private Consumer<LazyRow> onLeadChanged = r -> {};
    private long lastLead = -1;

    public RecordsGrid(List<String> columns) {
        getStyleClass().add("records-grid");
        table.getStyleClass().addAll(Styles.DENSE, "records-table");
        table.setFixedCellSize(RecordsView.ROW_HEIGHT);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setItems(items);
        table.setPlaceholder(new Label("no records"));
        buildColumns(columns);
        table.setRowFactory(t -> {
            TableRow<LazyRow> row = new TableRow<>();
            row.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
                if (e.getButton() == MouseButton.SECONDARY && !row.isEmpty() && row.getItem() != null) {
                    // the right-click menu acts on the row clicked: select it unless it is in the selection
                    if (!viewport.selection().contains(row.getItem().index())) {
                        viewport.click(row.getItem().index(), false, false);
                        refresh();
                    }
                    return;
                }
                if (e.getButton() != MouseButton.PRIMARY || row.isEmpty() || row.getItem() == null) return;
                table.requestFocus();
                viewport.click(row.getItem().index(), e.isShiftDown(), e.isShortcutDown());
                refresh();
                e.consume();
            });
            return row;
        });
        table.addEventFilter(ScrollEvent.SCROLL, e -> {
            if (e.getDeltaY() == 0) return;
            long rows = Math.max(1, Math.round(Math.abs(e.getDeltaY()) / RecordsView.ROW_HEIGHT));
            viewport.scrollBy(e.getDeltaY() < 0 ? rows : -rows);
            refresh();
            e.consume();
        });
        table.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
        bar.setOrientation(Orientation.VERTICAL);
        bar.setMin(0);
        bar.setUnitIncrement(1);
        bar.valueProperty().addListener((o, a, v) -> {
            if (syncing) return;
            viewport.scrollTo(Math.round(v.doubleValue()));
            refresh();
        });
        getChildren().addAll(table, bar);
    }

    /** The row table's columns (after the "#" one the grid may add). */
    private int columns;

    private void buildColumns(List<String> cols) {
        columns = cols.size();
        if (!cols.contains("#")) {
            TableColumn<LazyRow, String> idx = new TableColumn<>("#");
            idx.setCellValueFactory(
                    c -> new ReadOnlyStringWrapper(Human.count(c.getValue().index())));
            idx.setPrefWidth(90);
            idx.setSortable(false);
            idx.getStyleClass().add("index-column");
            built.add(idx);
        }
        for (int i = 0; i < cols.size(); i++) {
            int c = i;
            TableColumn<LazyRow, String> col = new TableColumn<>(cols.get(i));
            col.setCellValueFactory(cd -> {
                LazyRow lr = cd.getValue();
                if (lr.isLoaded()) return new ReadOnlyStringWrapper(lr.cell(c));
                return Bindings.createStringBinding(() -> lr.cell(c), lr.rowProperty(), lr.errorProperty());
            });
            col.setSortable(false);
            String name = cols.get(i);
            col.setPrefWidth(name.equals("#") ? 90 : i == 1 || cols.size() == 1 ? 420 : 110);
            if (name.equals("#") || name.equals("length") || name.equals("size"))
                col.getStyleClass().add("index-column");
            built.add(col);
        }
        addColumnsInTurn();
    }

    /**
     * Puts the columns into the table a few per pulse: each row makes a cell for every column
     * at once, and forty JSON key paths made a thousand cells and their CSS in one frame.
     */
    private void addColumnsInTurn() {
        int first = Math.min(COLUMNS_PER_PULSE, built.size());
        table.getColumns().addAll(built.subList(0, first));
        if (first == built.size()) return;
        PulseSteps more = PulseSteps.queue();
        for (int from = first; from < built.size(); from += COLUMNS_PER_PULSE) {
            List<TableColumn<LazyRow, String>> batch =
                    built.subList(from, Math.min(built.size(), from + COLUMNS_PER_PULSE));
            more.add(() -> table.getColumns().addAll(batch));
        }
    }

    /** Every column, also those not yet in the table (they join it over the next pulses). */
    public List<TableColumn<LazyRow, String>> columns() {
        return java.util.Collections.unmodifiableList(built);
    }

    /** Shows the rows of {@code w} (from its first row). */
    public void setWindow(RowWindow w) {
        window = w;
        viewport.setTotal(w.size());
        viewport.scrollTo(0);
        viewport.selection().clear();
        refresh();
    }

    /** The window's row count changed (it grew): the scroll bar and rows follow, the view and selection stay. */
    public void sizeChanged() {
        if (window == null) return;
        viewport.setTotal(window.size());
        refresh();
    }

    public RowViewport viewport() {
        return viewport;
    }

    public TableView<LazyRow> table() {
        return table;
    }

    public ScrollBar scrollBar() {
        return bar;
    }

    /** The rows on screen now. */
    public List<LazyRow> shownRows() {
        return List.copyOf(items);
    }

    /** Called with the lead row when the selection moves (null when nothing is selected). */
    public void setOnLeadChanged(Consumer<LazyRow> handler) {
        onLeadChanged = handler == null ? r -> {} : handler;
    }

    /** Selects row {@code i} and scrolls it near the top. */
    public void jumpTo(long i) {
        viewport.jumpTo(i);
        refresh();
    }

    public void scrollToRow(long top) {
        viewport.scrollTo(top);
        refresh();
    }

    private void onKey(KeyEvent e) {
        if (e.isShortcutDown() && e.getCode() == javafx.scene.input.KeyCode.A && window != null) {
            viewport.selection().selectAll(viewport.total());
            refresh();
            e.consume();
            return;
        }
        RowViewport.Move m = switch (e.getCode()) {
            case UP -> RowViewport.Move.UP;
            case DOWN -> RowViewport.Move.DOWN;
            case PAGE_UP -> RowViewport.Move.PAGE_UP;
            case PAGE_DOWN -> RowViewport.Move.PAGE_DOWN;
            case HOME -> RowViewport.Move.HOME;
            case END -> RowViewport.Move.END;
            default -> null;
        };
        if (m == null || window == null) return;
        viewport.move(m, e.isShiftDown());
        refresh();
        e.consume();
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth(), h = getHeight();
        double bw = bar.prefWidth(-1);
        table.resizeRelocate(0, 0, w - bw, h);
        Region header = (Region) table.lookup(".column-header-background");
        double head = header != null && header.getHeight() > 0 ? header.getHeight() : 30;
        Region hbar = (Region) table.lookup(".scroll-bar:horizontal");
        double hb = hbar != null && hbar.isVisible() ? hbar.getHeight() : 0;
        bar.resizeRelocate(w - bw, head, bw, Math.max(0, h - head - hb));
        int rows = Math.max(1, (int) Math.floor((h - head - hb - 2) / RecordsView.ROW_HEIGHT));
        if (rows != viewport.visible()) {
            viewport.setVisible(rows);
            refresh();
        }
    }

    /**
     * Its archive's tab went behind another: the pages of rows read so far go, and none are
     * read until {@link #restore} (the rows on screen are then read again).
     */
    public void release() {
        paused = true;
        if (window != null) window.release();
    }

    /** Pages of rows held now. */
    public int cachedPages() {
        return window == null ? 0 : window.cachedPages();
    }

    public void restore() {
        paused = false;
        refresh();
    }

    /** Whether the columns were fitted to the first rows read. */
    private boolean fitted;

    /**
     * Widens columns (never narrows them) to the first rows read, once: a time or a name shows
     * whole ("1:00:00.000 (+164.236 µs)", not "1:00:00.0…"), whatever its column's place.
     */
    private void fitTo(List<LazyRow> rows) {
        if (fitted || rows.isEmpty()) return;
        if (rows.getFirst().row() == null) {
            // a page fills row by row: measure once all of it is in
            rows.getFirst().rowProperty().addListener((o, a, b) -> {
                if (b != null) javafx.application.Platform.runLater(() -> fitTo(List.copyOf(items)));
            });
            return;
        }
        fitted = true;
        javafx.scene.text.Text probe = new javafx.scene.text.Text();
        // Every row column, also those still to join the table (they are added a few per pulse);
        // a "#" column the grid added comes first and is not the row's.
        int lead = built.size() - columns;
        for (int c = 0; c < columns; c++) {
            TableColumn<LazyRow, ?> col = built.get(lead + c);
            double need = 0;
            for (LazyRow r : rows) {
                if (r.row() == null) continue;
                probe.setText(r.cell(c));
                need = Math.max(need, probe.getLayoutBounds().getWidth());
            }
            double w = Math.min(MAX_FIT, Math.ceil(need) + 24);
            if (w > col.getPrefWidth()) col.setPrefWidth(w);
        }
    }

    /** Widest a column is made to fit its cells (a long key or value stays cut, with the rest on demand). */
    private static final double MAX_FIT = 600;

    /** Puts the rows from the viewport's top into the table and mirrors the selection. */
    public void refresh() {
        if (window == null || paused) return;
        int n = viewport.shown();
        long top = viewport.top();
        List<LazyRow> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) rows.add(window.row(top + i));
        fitTo(rows);
        syncing = true;
        try {
            if (!rows.equals(items)) items.setAll(rows);
            bar.setMax(viewport.maxTop());
            bar.setVisibleAmount(Math.max(1, Math.min(viewport.visible(), viewport.maxTop() + 1)));
            bar.setBlockIncrement(Math.max(1, viewport.visible() - 1));
            bar.setValue(top);
            bar.setDisable(viewport.maxTop() == 0);
            var sm = table.getSelectionModel();
            sm.clearSelection();
            RowSelection sel = viewport.selection();
            for (int i = 0; i < n; i++) if (sel.contains(top + i)) sm.select(i);
            long lead = sel.lead();
            if (lead >= top && lead < top + n) table.getFocusModel().focus((int) (lead - top));
        } finally {
            syncing = false;
        }
        long lead = viewport.selection().lead();
        if (lead != lastLead) {
            lastLead = lead;
            onLeadChanged.accept(lead < 0 ? null : window.row(lead));
        }
    }
}
