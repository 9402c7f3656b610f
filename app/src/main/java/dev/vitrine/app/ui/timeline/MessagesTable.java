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
 * Every message in the timeline's visible window, in time order, filtered by channel: a
 * virtualized table that grows while a background walk counts the messages and reads the rows
 * shown a page at a time ({@link MessageRows}). It shares the timeline's cursor: selecting a row
 * moves it, a pick on the timeline selects the row.
 */
public final class MessagesTable extends BorderPane {
    /** Leading messages the walk keeps so that the first rows show without another read. */
    private static final int KEPT = 4 * MessageCheckpoints.EVERY;
    /** How often the walk tells the table how far it has counted. */
    private static final long PUBLISH_NS = 100_000_000L;

    /** One row: its index now, its message once its page has been read. */
    public static final class Row {
        private final int index;
        private final long minNs;
        private final ReadOnlyObjectWrapper<TimedMessages.Message> message = new ReadOnlyObjectWrapper<>();
        private final javafx.beans.property.ReadOnlyStringWrapper error = new javafx.beans.property.ReadOnlyStringWrapper();

        Row(int index, long minNs) {
            this.index = index;
            this.minNs = minNs;
        }

        public int index() {
            return index;
        }

        /** The message, or null while its page is being read. */
        public TimedMessages.Message message() {
            return message.get();
        }

        public javafx.beans.property.ReadOnlyObjectProperty<TimedMessages.Message> messageProperty() {
            return message.getReadOnlyProperty();
        }

        public long relativeNs() {
            return message.get() == null ? 0 : message.get().timeNs() - minNs;
        }

        void set(TimedMessages.Message m) {
            message.set(m);
        }

        void fail(String why) {
            error.set(why);
        }

        /** Column text: the cell, "…" while loading, or the read error. */
        String text(Function<Row, String> cell, boolean first) {
            if (message.get() != null) return cell.apply(this);
            if (error.get() != null) return first ? "⚠ " + error.get() : "";
            return first ? "…" : "";
        }
    }

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
    private MessageRows rows;
    private int findGeneration;
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
        table.getColumns().add(column("time", r -> TimeText.absolute(r.message().timeNs(), 1), 200, true));
        table.getColumns().add(column("since start", r -> TimeText.relative(r.relativeNs()), 100, false));
        table.getColumns().add(column("channel", r -> r.message().channel(), 130, false));
        table.getColumns().add(column("type", r -> r.message().type(), 190, false));
        table.getColumns().add(column("file", r -> r.message().range().file().path(), 160, false));
        table.getColumns().add(column("offset", r -> Human.count(r.message().range().offset()), 80, false));
        table.getColumns().add(column("size", r -> Human.size(r.message().range().length()), 70, false));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> {
            if (r == null || quiet) return;
            if (r.message() != null) onSelected.accept(r.message());
            else whenRead(r, m -> {
                if (table.getSelectionModel().getSelectedItem() == r) onSelected.accept(m);
            });
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
                + (table.getSelectionModel().getSelectedItems().isEmpty() ? "the window's messages" : Human.count(table.getSelectionModel().getSelectedIndices().size()) + " selected")
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

    /**
     * The selected rows' messages, in table (time) order. Rows whose page is not at hand are read
     * here: a selection reaching far beyond what was shown costs a read per page.
     */
    public List<TimedMessages.Message> selectedMessages() {
        List<Integer> picked = new ArrayList<>(table.getSelectionModel().getSelectedIndices());
        picked.sort(null);
        List<TimedMessages.Message> out = new ArrayList<>(picked.size());
        MessageRows r = rows;
        for (int i : picked) {
            if (r == null || i < 0 || i >= r.size()) continue;
            try {
                out.add(r.messageAt(i));
            } catch (java.io.IOException e) {
                note.setText("could not read row " + Human.count(i) + ": " + Human.error(e));
            }
        }
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
        if (rows != null) rows.cancelled = true;
        if (loaded.isDone()) loaded = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<Void> done = loaded;
        TimedMessages.Message was = table.getSelectionModel().getSelectedItem() == null ? null
                : table.getSelectionModel().getSelectedItem().message();
        MessageRows walk = new MessageRows(timed, background, List.copyOf(chosen), from, to, data.minNs());
        rows = walk;
        quiet = true;
        try {
            table.setItems(walk);
        } finally {
            quiet = false;
        }
        note.setText("counting…");
        background.runLong(() -> count(walk), n -> {
            if (walk != rows) return;
            walk.grow(n, List.of());
            note.setText(Human.count(n) + (n == 1 ? " message" : " messages") + " in the window");
            if (was != null) select(was, false);
            done.complete(null);
        }, err -> {
            if (walk != rows) return;
            note.setText("could not read the messages: " + Human.error(err));
            done.complete(null);
        });
    }

    /**
     * Walks the window's messages once, noting a checkpoint a page and telling the table how
     * far it got every {@link #PUBLISH_NS}; keeps only the first {@link #KEPT} messages.
     */
    private int count(MessageRows walk) throws java.io.IOException {
        List<TimedMessages.Message> kept = new ArrayList<>();
        int n = 0;
        int tie = 0;
        long lastTime = Long.MIN_VALUE;
        long told = System.nanoTime();
        try (TimedMessages.Cursor c = timed.messages(walk.channels(), walk.startNs(), walk.stopNs())) {
            while (c.hasNext()) {
                if (walk.cancelled) throw new java.util.concurrent.CancellationException("the window changed");
                TimedMessages.Message m = c.next();
                if (m.latchedReplay()) continue;
                tie = m.timeNs() == lastTime ? tie + 1 : 0;
                lastTime = m.timeNs();
                if (n % MessageCheckpoints.EVERY == 0) walk.checkpoints.add(m.timeNs(), tie);
                if (n == Integer.MAX_VALUE - 1) throw new java.io.IOException("more than " + Human.count(n) + " messages in the window: zoom in");
                if (n < KEPT) kept.add(m);
                n++;
                if (n == KEPT || ((n & 4095) == 0 && System.nanoTime() - told > PUBLISH_NS)) {
                    told = System.nanoTime();
                    int so = n;
                    List<TimedMessages.Message> first = n <= KEPT ? List.copyOf(kept) : List.of();
                    background.fx().execute(() -> {
                        if (walk != rows) return;
                        walk.grow(so, first);
                        note.setText("counting… " + Human.count(so) + " messages so far");
                    });
                }
            }
        }
        List<TimedMessages.Message> first = List.copyOf(kept);
        int all = n;
        background.fx().execute(() -> {
            if (walk == rows) walk.grow(all, first);
        });
        return n;
    }

    /** Calls {@code then} with the row's message once its page has been read. */
    private static void whenRead(Row r, Consumer<TimedMessages.Message> then) {
        r.messageProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends TimedMessages.Message> o, TimedMessages.Message a, TimedMessages.Message m) {
                r.messageProperty().removeListener(this);
                if (m != null) then.accept(m);
            }
        });
    }

    /**
     * Selects the row of {@code message} (a pick on the timeline), without telling back: at once
     * if its page is at hand, else once a short walk from the checkpoint before its time finds it.
     */
    public void select(TimedMessages.Message message, boolean scroll) {
        MessageRows r = rows;
        if (r == null) return;
        int gen = ++findGeneration;
        int at = r.findLoaded(message.range());
        if (at >= 0) {
            selectRow(at, scroll);
            return;
        }
        background.run(() -> r.find(message), i -> {
            if (gen == findGeneration && r == rows && i >= 0 && i < r.size()) selectRow(i, scroll);
        }, err -> {});
    }

    private void selectRow(int i, boolean scroll) {
        boolean q = quiet;
        quiet = true;
        try {
            table.getSelectionModel().clearAndSelect(i); // one row: a pick is not added to a multiple selection
        } finally {
            quiet = q;
        }
        if (scroll) table.scrollTo(Math.max(0, i - 2));
    }

    private static TableColumn<Row, String> column(String title, Function<Row, String> text, double width, boolean first) {
        TableColumn<Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(f -> javafx.beans.binding.Bindings.createStringBinding(() -> f.getValue().text(text, first),
                f.getValue().messageProperty(), f.getValue().error));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
