package dev.vitrine.app.ui;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.trace.Trace;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;

/**
 * The first CSS and layout of what an archive's tab shows (a wide table of records, a tree, a
 * text area, tool bars, split panes), done on a spare core in a scene no window shows while the
 * window waits for its first archive. In a fresh JVM the tab's first frames otherwise pay for
 * the style and layout code's first runs (interpreted) and its skins' class loading on the FX
 * thread: 100-300 ms per frame (#23 item 23, #22 goal 4). Nodes of a scene no window shows may
 * be built on any thread, and the style manager locks what scenes share. Only a head start, on
 * the lowest priority:
 * the window does all of it itself when it gets there first, and a failure is ignored.
 */
final class StyleWarmUp {
    /** Scenes styled and laid out: the first loads classes, the later ones run code hot enough to compile. */
    private static final int ROUNDS = 2;

    private StyleWarmUp() {}

    /** Starts the warm-up with the window's stylesheets; call once the theme's stylesheet is set. */
    static void start(Scene window) {
        if (Boolean.getBoolean("vitrine.noStyleWarmUp")) return; // for measuring what it saves
        var sheets = java.util.List.copyOf(window.getStylesheets());
        Thread t = new Thread(() -> run(sheets), "vitrine-style-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    private static void run(java.util.List<String> sheets) {
        // Lowest nice value: only a core nothing else wants (reading the first archive) runs it.
        dev.vitrine.app.ui.concurrent.ThreadNiceness.lowerTo(19);
        try {
            long t0 = System.nanoTime();
            for (int i = 0; i < ROUNDS; i++) {
                BorderPane root = new BorderPane(sample());
                root.getStyleClass().add("vitrine-root");
                Scene scene = new Scene(root, 1360, 860);
                scene.getStylesheets().setAll(sheets);
                root.applyCss();
                root.resize(1360, 860);
                root.layout();
            }
            Trace.log("styles warmed up in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        } catch (Throwable e) {
            Trace.log("style warm-up stopped: " + e);
        }
    }

    /** A tab's kinds of controls, with rows and cells in them. */
    private static SplitPane sample() {
        TableView<Integer> table = new TableView<>(FXCollections.observableArrayList());
        table.getStyleClass().addAll(Styles.DENSE, "records-table");
        table.setFixedCellSize(24);
        for (int c = 0; c < 24; c++) {
            TableColumn<Integer, String> col = new TableColumn<>("key.path." + c);
            int k = c;
            col.setCellValueFactory(d -> new ReadOnlyStringWrapper("value " + d.getValue() + "." + k));
            col.setPrefWidth(110);
            table.getColumns().add(col);
        }
        for (int r = 0; r < 30; r++) table.getItems().add(r);
        TreeItem<String> top = new TreeItem<>("archive");
        for (int i = 0; i < 30; i++) top.getChildren().add(new TreeItem<>("node " + i));
        top.setExpanded(true);
        TreeView<String> tree = new TreeView<>(top);
        TextArea json = new TextArea("{\n  \"level\": \"INFO\",\n  \"message\": \"warm\"\n}\n".repeat(8));
        json.setEditable(false);
        json.getStyleClass().add("json-pane");
        ToolBar bar = new ToolBar(new TextField("level: ERROR"), new Button("Export"), new Label("1,000 records"));
        BorderPane records = new BorderPane(table);
        records.setTop(bar);
        SplitPane right = new SplitPane(records, json);
        SplitPane outer = new SplitPane(tree, right);
        outer.setOrientation(Orientation.HORIZONTAL);
        return outer;
    }
}
