package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.model.TimedMessages;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.util.Duration;

/**
 * The messages in the timeline's visible window, in time order (a virtualized table of at most
 * {@link #LIMIT} rows, read in the background after the window stops moving), filtered by
 * channel. It shares the timeline's cursor: selecting a row moves it, a pick on the timeline
 * selects the row.
 */
public final class MessagesTable extends BorderPane {
    /** Most rows read for one window; zoom in for the rest. */
    static final int LIMIT = 5000;

    /** One row: the message and its place. */
    public record Row(TimedMessages.Message message, long relativeNs) {}

    private final TimedMessages timed;
    private final Background background;
    private final TableView<Row> table = new TableView<>();
    private final MenuButton filter = new MenuButton("All channels");
    private final Label note = new Label();
    private final PauseTransition settle = new PauseTransition(Duration.millis(150));
    private final Set<String> chosen = new LinkedHashSet<>();
    private final List<CheckMenuItem> items = new ArrayList<>();
    private TimelineData data;
    private long from;
    private long to;
    private int generation;
    private boolean quiet;
    private Consumer<TimedMessages.Message> onSelected = m -> {};
    private final MenuButton export = new MenuButton("Export");
    private Consumer<Boolean> onExport = payloads -> {};
    private java.util.concurrent.CompletableFuture<Void> loaded = new java.util.concurrent.CompletableFuture<>();

    public MessagesTable(TimedMessages timed, Background background) {
        this.timed = timed;
        this.background = background;
        getStyleClass().add("timeline-messages");
        table.setId("timeline-messages");
        table.setPlaceholder(new Label("no messages in the window"));
        table.getColumns().add(column("time", r -> TimeText.absolute(r.message().timeNs(), 1), 200));
        table.getColumns().add(column("since start", r -> TimeText.relative(r.relativeNs()), 100));
        table.getColumns().add(column("channel", r -> r.message().channel(), 130));
        table.getColumns().add(column("type", r -> r.message().type(), 190));
        table.getColumns().add(column("file", r -> r.message().range().file().path(), 160));
        table.getColumns().add(column("offset", r -> Human.count(r.message().range().offset()), 80));
        table.getColumns().add(column("size", r -> Human.size(r.message().range().length()), 70));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> {
            if (r != null && !quiet) onSelected.accept(r.message());
        });
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
        export.setOnShowing(e -> export.getItems().forEach(i -> i.setText((i == json ? "As JSON lines" : "Raw payloads, a file each") + " ("
                + (table.getSelectionModel().getSelectedItems().isEmpty() ? "the window's messages" : Human.count(selectedMessages().size()) + " selected")
                + ")…")));
        javafx.scene.layout.Region grow = new javafx.scene.layout.Region();
        HBox.setHgrow(grow, javafx.scene.layout.Priority.ALWAYS);
        HBox bar = new HBox(8, filter, note, grow, export);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 8, 3, 8));
        setTop(bar);
        setCenter(table);
        settle.setOnFinished(e -> reload());
    }

    public TableView<Row> table() {
        return table;
    }

    public MenuButton filter() {
        return filter;
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

    /** The selected rows' messages, in table (time) order. */
    public List<TimedMessages.Message> selectedMessages() {
        List<Integer> rows = new ArrayList<>(table.getSelectionModel().getSelectedIndices());
        rows.sort(null);
        List<TimedMessages.Message> out = new ArrayList<>(rows.size());
        for (int i : rows) if (i >= 0 && i < table.getItems().size()) out.add(table.getItems().get(i).message());
        return out;
    }

    /** The channels the filter shows (empty: all). */
    public List<String> channels() {
        return List.copyOf(chosen);
    }

    /** Completes when the rows of the current window and filter have been read. */
    public java.util.concurrent.CompletableFuture<Void> loaded() {
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
        filter.setText(chosen.isEmpty() ? "All channels" : chosen.size() == 1 ? chosen.iterator().next() : chosen.size() + " channels");
        reload();
    }

    /** The timeline's window moved: read its messages once it stops moving. */
    public void setWindow(long start, long stop) {
        from = start;
        to = stop;
        if (loaded.isDone()) loaded = new java.util.concurrent.CompletableFuture<>();
        settle.playFromStart();
    }

    private void reload() {
        settle.stop();
        if (data == null) return;
        int gen = ++generation;
        if (loaded.isDone()) loaded = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<Void> done = loaded;
        List<String> channels = List.copyOf(chosen);
        long start = from;
        long stop = to;
        long min = data.minNs();
        note.setText("reading…");
        background.run(() -> {
            List<Row> rows = new ArrayList<>();
            boolean more = false;
            try (TimedMessages.Cursor c = timed.messages(channels, start, stop)) {
                while (c.hasNext() && gen == generation) {
                    TimedMessages.Message m = c.next();
                    if (m.latchedReplay()) continue;
                    if (rows.size() >= LIMIT) {
                        more = true;
                        break;
                    }
                    rows.add(new Row(m, m.timeNs() - min));
                }
            }
            return new Read(rows, more);
        }, read -> {
            if (gen != generation) return;
            TimedMessages.Message was = table.getSelectionModel().getSelectedItem() == null ? null
                    : table.getSelectionModel().getSelectedItem().message();
            quiet = true;
            try {
                table.getItems().setAll(read.rows());
                if (was != null) select(was.range(), false);
            } finally {
                quiet = false;
            }
            note.setText(read.more() ? "the first " + Human.count(LIMIT) + " messages of the window: zoom in for the rest"
                    : Human.count(read.rows().size()) + (read.rows().size() == 1 ? " message" : " messages") + " in the window");
            done.complete(null);
        }, err -> {
            if (gen != generation) return;
            note.setText("could not read the messages: " + Human.error(err));
            done.complete(null);
        });
    }

    private record Read(List<Row> rows, boolean more) {}

    /** Selects the row of the message stored at {@code range} (a pick on the timeline), without telling back. */
    public void select(dev.vitrine.core.model.ByteRange range, boolean scroll) {
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i).message().range().equals(range)) {
                boolean q = quiet;
                quiet = true;
                try {
                    table.getSelectionModel().clearAndSelect(i); // one row: a pick is not added to a multiple selection
                } finally {
                    quiet = q;
                }
                if (scroll) table.scrollTo(Math.max(0, i - 2));
                return;
            }
        }
    }

    private static TableColumn<Row, String> column(String title, Function<Row, String> text, double width) {
        TableColumn<Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(text.apply(f.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
