package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.table.RecordsGrid;
import dev.vitrine.app.ui.table.RowWindow;
import dev.vitrine.core.model.TimedMessages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.Duration;

/**
 * Every message in the timeline's visible window, in time order, filtered by channel: a
 * {@link RecordsGrid} (any number of rows) that grows while a background walk counts the
 * messages, its rows read a page at a time from the walk's checkpoints ({@link WindowMessages}).
 * It shares the timeline's cursor: selecting a row moves it, a pick on the timeline selects the row.
 */
public final class MessagesTable extends BorderPane {
    static final List<String> COLUMNS = List.of("time", "since start", "channel", "type", "file", "offset", "size");
    private static final double[] WIDTHS = {80, 200, 100, 130, 190, 160, 80, 70};
    /** Leading messages the walk keeps so that the first rows show without another read. */
    private static final int KEPT = 4 * WindowMessages.PAGE;
    /** How often the walk tells the table how far it has counted. */
    private static final long PUBLISH_NS = 100_000_000L;

    private static final int MAX_PAGES = 8;

    private final TimedMessages timed;
    private final Background background;
    private final RecordsGrid grid = new RecordsGrid(COLUMNS);
    private final MenuButton filter = new MenuButton("All channels");
    private final Label note = new Label();
    private final PauseTransition settle = new PauseTransition(Duration.millis(150));
    private final Set<String> chosen = new LinkedHashSet<>();
    private final List<CheckMenuItem> items = new ArrayList<>();
    private TimelineData data;
    private long from;
    private long to;
    private WindowMessages shown;
    private RowWindow rows;
    private int findGeneration;
    private boolean quiet;
    private Consumer<TimedMessages.Message> onSelected = m -> {};
    private final MenuButton export = new MenuButton("Export");
    private Consumer<Boolean> onExport = payloads -> {};
    private CompletableFuture<Void> loaded = new CompletableFuture<>();

    public MessagesTable(TimedMessages timed, Background background) {
        this.timed = timed;
        this.background = background;
        getStyleClass().add("timeline-messages");
        grid.table().setId("timeline-messages");
        grid.table().setPlaceholder(new Label("no messages in the window"));
        for (int i = 0; i < WIDTHS.length && i < grid.table().getColumns().size(); i++)
            grid.table().getColumns().get(i).setPrefWidth(WIDTHS[i]);
        grid.setOnLeadChanged(this::leadChanged);
        filter.setId("timeline-channel-filter");
        filter.getStyleClass().add("small");
        note.getStyleClass().add("text-muted");
        // Exports the selected rows, or with none selected every message of the window and filter.
        MenuItem json = new MenuItem("As JSON lines…");
        json.setId("timeline-export-json");
        json.setOnAction(e -> onExport.accept(false));
        MenuItem raw = new MenuItem("Raw payloads, a file each…");
        raw.setId("timeline-export-payloads");
        raw.setOnAction(e -> onExport.accept(true));
        export.getItems().setAll(json, raw);
        export.setId("timeline-export");
        export.getStyleClass().add("small");
        export.setOnShowing(e -> export.getItems()
                .forEach(i -> i.setText((i == json ? "As JSON lines" : "Raw payloads, a file each") + " ("
                        + (grid.viewport().selection().isEmpty()
                                ? "the window's messages"
                                : Human.count(grid.viewport().selection().count()) + " selected")
                        + ")…")));
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar = new HBox(8, filter, note, grow, export);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 8, 3, 8));
        setTop(bar);
        setCenter(grid);
        settle.setOnFinished(e -> reload());
        // Right-click and Ctrl+C: the selected messages as JSON, as `vitrine cat --json` writes them.
        dev.vitrine.app.ui.copy.JsonCopy.install(
                grid.table(),
                background,
                note::setText,
                () -> grid.viewport().selection().count(),
                () -> {
                    List<TimedMessages.Message> chosen = selectedMessages();
                    return () -> {
                        List<String> out = new java.util.ArrayList<>();
                        for (TimedMessages.Message m : chosen) {
                            java.io.StringWriter w = new java.io.StringWriter();
                            try (var g = dev.vitrine.core.json.Json.MAPPER
                                    .getFactory()
                                    .createGenerator(w)) {
                                TimedMessages.writeLine(g, m);
                            }
                            out.add(w.toString().strip());
                        }
                        return out;
                    };
                });
    }

    /** The rows on screen (the grid holds only those). */
    public TableView<LazyRow> table() {
        return grid.table();
    }

    public RecordsGrid grid() {
        return grid;
    }

    public MenuButton filter() {
        return filter;
    }

    public Label note() {
        return note;
    }

    public void setOnSelected(Consumer<TimedMessages.Message> handler) {
        onSelected = handler == null ? m -> {} : handler;
    }

    /** Called with true for payloads, false for JSON lines, when the user asks to export. */
    public void setOnExport(Consumer<Boolean> handler) {
        onExport = handler == null ? p -> {} : handler;
    }

    public MenuButton exportButton() {
        return export;
    }

    /** Rows of the window and filter counted so far (all of them once {@link #loaded()}). */
    public long rowCount() {
        return rows == null ? 0 : rows.size();
    }

    /**
     * Row {@code i}'s message: at hand, else read here (a page read). For a selection and for
     * tests; the table itself reads rows in the background.
     */
    public TimedMessages.Message messageAt(long i) throws IOException {
        if (shown == null || i < 0 || i >= rowCount())
            throw new IndexOutOfBoundsException("row " + i + " of " + rowCount());
        return shown.message(i);
    }

    /**
     * The selected rows' messages, in table (time) order, as a list read when used (by the export
     * job, off the FX thread): nothing is read here, however many rows are selected.
     */
    public List<TimedMessages.Message> selectedMessages() {
        if (shown == null) return List.of();
        return new SelectedMessages(shown, grid.viewport().selection().ranges(), rowCount());
    }

    /** Whether every row is selected (Ctrl+A): an export then takes the window, not a list of ten million. */
    public boolean allSelected() {
        return rowCount() > 0 && grid.viewport().selection().count() >= rowCount();
    }

    /** The channels the filter shows (empty: all). */
    public List<String> channels() {
        return List.copyOf(chosen);
    }

    /** Completes when the rows of the current window and filter have been counted. */
    public CompletableFuture<Void> loaded() {
        return loaded;
    }

    public void setData(TimelineData d) {
        data = d;
        items.clear();
        MenuItem all = new MenuItem("All channels");
        all.setOnAction(e -> setChannels(Set.of()));
        List<MenuItem> menu = new ArrayList<>(List.of(all, new SeparatorMenuItem()));
        for (TimelineData.Lane l : d.lanes()) {
            if (l.count() == 0) continue;
            CheckMenuItem c = new CheckMenuItem(l.name());
            c.setOnAction(e -> {
                Set<String> s = new LinkedHashSet<>(chosen);
                if (c.isSelected()) s.add(l.name());
                else s.remove(l.name());
                setChannels(s);
            });
            items.add(c);
            menu.add(c);
        }
        filter.getItems().setAll(menu);
    }

    /** Shows only {@code channels} (empty: all). */
    public void setChannels(Set<String> channels) {
        chosen.clear();
        chosen.addAll(channels);
        for (CheckMenuItem c : items) c.setSelected(chosen.contains(c.getText()));
        filter.setText(
                chosen.isEmpty()
                        ? "All channels"
                        : chosen.size() == 1 ? chosen.iterator().next() : chosen.size() + " channels");
        reload();
    }

    /** The timeline's window moved: read its messages once it stops moving. */
    public void setWindow(long start, long stop) {
        from = start;
        to = stop;
        if (loaded.isDone()) loaded = new CompletableFuture<>();
        settle.playFromStart();
    }

    private void reload() {
        settle.stop();
        if (data == null) return;
        if (shown != null) shown.cancelled = true;
        if (loaded.isDone()) loaded = new CompletableFuture<>();
        CompletableFuture<Void> done = loaded;
        long lead = grid.viewport().selection().lead();
        TimedMessages.Message was = shown == null || lead < 0 ? null : shown.atHand(lead);
        WindowMessages walk = new WindowMessages(timed, background, List.copyOf(chosen), from, to, data.minNs());
        shown = walk;
        rows = new RowWindow(0, WindowMessages.PAGE, MAX_PAGES, walk);
        walk.rows = rows;
        quietly(() -> grid.setWindow(rows));
        note.setText("counting…");
        background.runLong(
                () -> count(walk),
                n -> {
                    if (walk != shown) return;
                    grown(walk, n, List.of());
                    note.setText(Human.count(n) + (n == 1 ? " message" : " messages") + " in the window");
                    if (was != null) select(was, false);
                    done.complete(null);
                },
                err -> {
                    if (walk != shown) return;
                    note.setText("could not read the messages: " + Human.error(err));
                    done.complete(null);
                });
    }

    private void grown(WindowMessages walk, long n, List<TimedMessages.Message> first) {
        walk.keep(first);
        rows.grow(n);
        quietly(grid::sizeChanged);
    }

    /**
     * Walks the window's messages once, noting a checkpoint a page and telling the table how far
     * it got every {@link #PUBLISH_NS}; keeps only the first {@link #KEPT} messages.
     */
    private long count(WindowMessages walk) throws IOException {
        List<TimedMessages.Message> kept = new ArrayList<>();
        long n = 0;
        int tie = 0;
        long lastTime = Long.MIN_VALUE;
        long told = System.nanoTime();
        try (TimedMessages.Cursor c = timed.messages(walk.channels(), walk.startNs(), walk.stopNs())) {
            while (c.hasNext()) {
                if (walk.cancelled) throw new CancellationException("the window changed");
                TimedMessages.Message m = c.next();
                if (m.latchedReplay()) continue;
                tie = m.timeNs() == lastTime ? tie + 1 : 0;
                lastTime = m.timeNs();
                if (n % WindowMessages.PAGE == 0) walk.checkpoints.add(m.timeNs(), tie);
                if (n < KEPT) kept.add(m);
                n++;
                if (n == KEPT || ((n & 4095) == 0 && System.nanoTime() - told > PUBLISH_NS)) {
                    told = System.nanoTime();
                    long so = n;
                    List<TimedMessages.Message> first = List.copyOf(kept);
                    background.fx().execute(() -> {
                        if (walk != shown) return;
                        grown(walk, so, first);
                        note.setText("counting… " + Human.count(so, "message") + " so far");
                    });
                }
            }
        }
        List<TimedMessages.Message> first = List.copyOf(kept);
        long all = n;
        background.fx().execute(() -> {
            if (walk == shown) grown(walk, all, first);
        });
        return n;
    }

    /** The lead row moved (a click, a key): tell the timeline its message, once read. */
    private void leadChanged(LazyRow r) {
        if (r == null || quiet || shown == null) return;
        WindowMessages w = shown;
        TimedMessages.Message m = w.atHand(r.index());
        if (m != null) {
            onSelected.accept(m);
            return;
        }
        r.rowProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(
                    javafx.beans.value.ObservableValue<? extends dev.vitrine.core.model.RowTable.Row> o,
                    dev.vitrine.core.model.RowTable.Row a,
                    dev.vitrine.core.model.RowTable.Row b) {
                r.rowProperty().removeListener(this);
                TimedMessages.Message got = w == shown ? w.atHand(r.index()) : null;
                if (got != null && grid.viewport().selection().lead() == r.index()) onSelected.accept(got);
            }
        });
    }

    /**
     * Selects the row of {@code message} (a pick on the timeline), without telling back: at once
     * if it is at hand, else once a short walk from the checkpoint before its time finds it.
     */
    public void select(TimedMessages.Message message, boolean scroll) {
        WindowMessages w = shown;
        if (w == null) return;
        int gen = ++findGeneration;
        long at = w.findAtHand(message.range());
        if (at >= 0) {
            selectRow(at, scroll);
            return;
        }
        background.run(
                () -> w.find(message),
                i -> {
                    if (gen == findGeneration && w == shown && i >= 0 && i < rowCount()) selectRow(i, scroll);
                },
                err -> {});
    }

    private void selectRow(long i, boolean scroll) {
        quietly(() -> {
            if (scroll) {
                grid.jumpTo(i); // one row: a pick is not added to a multiple selection
            } else {
                grid.viewport().selection().select(i);
                grid.refresh();
            }
        });
    }

    private void quietly(Runnable r) {
        boolean q = quiet;
        quiet = true;
        try {
            r.run();
        } finally {
            quiet = q;
        }
    }
}
