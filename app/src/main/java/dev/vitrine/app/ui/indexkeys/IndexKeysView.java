package dev.vitrine.app.ui.indexkeys;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.LinkedSelection;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.details.FieldsView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.table.RecordsGrid;
import dev.vitrine.app.ui.table.RowWindow;
import dev.vitrine.core.model.KeyValueIndex;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.RowTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.util.Duration;

/**
 * Every key of the index in bytewise order, as a table virtualized over any number of keys:
 * the keys are counted in the background (the table grows as they are counted) and read a
 * page at a time when scrolled to. A prefix box narrows the table to the keys that start with
 * it (typed as the keys are shown, {@code \xNN} for a byte). The chosen key's value is shown
 * decoded, field by field, below, and the tree selects the node the key describes.
 */
public final class IndexKeysView extends BorderPane {
    static final int PAGE = 256;
    static final List<String> COLUMNS = List.of("key", "kind", "value", "size");
    private final Background background;
    private final KeyValueIndex index;
    private final LinkedSelection selection;
    private final TextField filter = new TextField();
    private final Label count = new Label();
    private final RecordsGrid grid = new RecordsGrid(COLUMNS);
    private final FieldsView fields = new FieldsView();
    private final PauseTransition typing = new PauseTransition(Duration.millis(250));
    /** Which filter is current: counts and pages of an older one are dropped. */
    private volatile int generation;

    private byte[] prefix = new byte[0];
    private RowWindow window;
    private boolean counted;
    private long chosen = -1;

    public IndexKeysView(Background background, KeyValueIndex index, LinkedSelection selection) {
        this.background = background;
        this.index = index;
        this.selection = selection;
        getStyleClass().add("index-keys-view");
        filter.setId("index-keys-filter");
        filter.setPromptText("key prefix, e.g. FILE_METADATA # docs/   (\\xNN for a byte)");
        HBox.setHgrow(filter, Priority.ALWAYS);
        count.setId("index-keys-count");
        count.setMinWidth(150);
        HBox top = new HBox(8, new Label("Prefix"), filter, count);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(0, 0, 4, 0));
        setTop(top);

        grid.setId("index-keys-grid");
        var cols = grid.table().getColumns();
        cols.get(1).setPrefWidth(360);
        cols.get(2).setPrefWidth(135);
        cols.get(3).setPrefWidth(330);
        cols.get(4).setPrefWidth(80);
        grid.table().setPlaceholder(new Label("no keys"));
        grid.setOnLeadChanged(lr -> chosen(lr, true));
        fields.setId("index-key-fields");
        fields.setPlaceholder(new Label("choose a key to see its value decoded"));
        SplitPane split = new SplitPane(grid, fields);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.62);
        setCenter(split);

        typing.setOnFinished(e -> start(KeyValueIndex.prefixOf(filter.getText())));
        filter.textProperty().addListener((o, a, b) -> typing.playFromStart());
        filter.setOnAction(e -> {
            typing.stop();
            start(KeyValueIndex.prefixOf(filter.getText()));
        });
        start(prefix);
    }

    /** Shows the keys starting with {@code p}: a new, empty table that grows as they are counted. */
    private void start(byte[] p) {
        int gen = ++generation;
        prefix = p;
        counted = false;
        chosen = -1;
        fields.show(List.of());
        count.setText("counting…");
        window = new RowWindow(0, PAGE, 32, (from, n, done, failed) -> {
            if (gen != generation) return;
            RowWindow w = window;
            background.run(
                    () -> {
                        if (gen != generation || !w.stillWanted(from)) return null;
                        return rows(p, from, n);
                    },
                    rows -> {
                        if (rows != null) done.accept(rows);
                        else if (gen == generation) w.forget(from);
                    },
                    failed);
        });
        grid.setWindow(window);
        RowWindow w = window;
        background.runLong(
                () -> index.count(p, n -> {
                    if (gen != generation) return false;
                    Platform.runLater(() -> grow(gen, w, n, false));
                    return true;
                }),
                n -> grow(gen, w, n, true),
                err -> {
                    if (gen == generation) count.setText("⚠ " + Human.error(err));
                });
    }

    private void grow(int gen, RowWindow w, long n, boolean done) {
        if (gen != generation || counted) return;
        boolean first = w.size() == 0 && n > 0;
        w.grow(n);
        grid.sizeChanged();
        // The first key's value is shown at once, so the pane below says what it is for; the tree stays where the user
        // left it.
        if (first && chosen < 0) chosen(w.row(0), false);
        counted = done;
        count.setText(Human.count(n) + (n == 1 ? " key" : " keys") + (done ? "" : "…"));
    }

    private static List<RowTable.Row> rows(byte[] p, KeyValueIndex index, long from, int n) throws java.io.IOException {
        List<RowTable.Row> rows = new ArrayList<>(n);
        for (KeyValueIndex.Entry e : index.entries(p, from, n)) {
            String key = e.keyText().length() > 400 ? e.keyText().substring(0, 400) + "…" : e.keyText();
            rows.add(new RowTable.Row(
                    e.index(), List.of(key, e.kind(), e.summary(), Human.count(e.valueSize())), e.range(), null));
        }
        return rows;
    }

    private List<RowTable.Row> rows(byte[] p, long from, int n) throws java.io.IOException {
        return rows(p, index, from, n);
    }

    /** A key was chosen: read it again with its value's fields, show them, and (when {@code reveal}) select its node in the tree. */
    private void chosen(LazyRow lr, boolean reveal) {
        if (lr == null || (!reveal && chosen >= 0)) return;
        long at = lr.index();
        chosen = at;
        int gen = generation;
        byte[] p = prefix;
        background.run(
                () -> {
                    List<KeyValueIndex.Entry> es = index.entries(p, at, 1);
                    if (es.isEmpty()) return null;
                    KeyValueIndex.Entry e = es.getFirst();
                    Optional<List<Node>> path = index.nodePath(e);
                    return new Chosen(e, path.orElse(List.of()));
                },
                c -> {
                    if (c == null || gen != generation || chosen != at) return;
                    fields.show(c.entry().fields());
                    if (reveal && c.path().size() > 1) selection.revealAndFrame(c.path());
                },
                err -> fields.show(List.of(dev.vitrine.core.model.Field.of("error", Human.error(err)))));
    }

    private record Chosen(KeyValueIndex.Entry entry, List<Node> path) {}

    void dispose() {
        generation++;
        typing.stop();
    }

    public TextField filter() {
        return filter;
    }

    public RecordsGrid grid() {
        return grid;
    }

    public FieldsView fields() {
        return fields;
    }

    /** The count shown: "12,345 keys" once counted. */
    public String countText() {
        return count.getText();
    }

    /** Whether the current filter's keys are all counted. */
    public boolean counted() {
        return counted;
    }
}
