package dev.vitrine.app.ui.schema;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.model.SchemaTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * A schema tree: every key as a tree row with a badge for its type, how many records hold it,
 * and the bytes its column takes (filled in once the tables are decoded, in the background);
 * below, the schemas with their keys and record counts.
 */
public final class SchemaView extends BorderPane {
    private final TreeTableView<SchemaTree.KeyNode> tree = new TreeTableView<>();
    private final TableView<SchemaTree.Schema> schemas = new TableView<>();
    private final Label status = new Label("reading the schema tree…");
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    private Map<Integer, Long> bytes = Map.of();
    private List<SchemaTree.KeyNode> nodes = List.of();

    public SchemaView(Background background, SchemaTree schema) {
        getStyleClass().add("schema-view");
        tree.setId("schema-tree");
        tree.getStyleClass().add(Styles.DENSE);
        tree.setShowRoot(false);
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TreeTableColumn<SchemaTree.KeyNode, SchemaTree.KeyNode> key = new TreeTableColumn<>("key");
        key.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue()));
        key.setCellFactory(c -> new KeyCell());
        key.setPrefWidth(340);
        TreeTableColumn<SchemaTree.KeyNode, String> id = new TreeTableColumn<>("node id");
        id.setCellValueFactory(c ->
                new ReadOnlyStringWrapper(String.valueOf(c.getValue().getValue().id())));
        id.setPrefWidth(70);
        TreeTableColumn<SchemaTree.KeyNode, String> recs = new TreeTableColumn<>("records");
        recs.setCellValueFactory(c ->
                new ReadOnlyStringWrapper(Human.count(c.getValue().getValue().records())));
        recs.setPrefWidth(100);
        TreeTableColumn<SchemaTree.KeyNode, String> size = new TreeTableColumn<>("column bytes");
        size.setCellValueFactory(c -> {
            Long b = bytes.get(c.getValue().getValue().id());
            return new ReadOnlyStringWrapper(b == null ? "" : Human.size(b));
        });
        size.setPrefWidth(110);
        for (var col : List.of(id, recs, size)) col.getStyleClass().add("numeric-column");
        tree.getColumns().setAll(List.of(key, id, recs, size));
        tree.setPlaceholder(new Label("no keys"));
        buildSchemas();
        status.getStyleClass().add("records-status");
        HBox line = new HBox(status);
        line.setPadding(new Insets(6, 8, 4, 8));
        setTop(line);
        SplitPane split = new SplitPane(tree, schemas);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.68);
        setCenter(split);
        background.run(
                () -> new Read(schema.keyNodes(), schema.schemas()),
                r -> {
                    show(r);
                    loaded.complete(null);
                    // Column sizes need the tables decoded: after the tree is drawn, on the long lane.
                    background.runLong(
                            schema::columnBytes,
                            b -> {
                                bytes = b;
                                long total = b.values().stream()
                                        .mapToLong(Long::longValue)
                                        .sum();
                                status.setText(status.getText() + " · columns " + Human.size(total));
                                tree.refresh();
                            },
                            err -> status.setText(status.getText() + " · column sizes unknown: " + Human.error(err)));
                },
                err -> {
                    status.setText("⚠ the schema cannot be read: " + Human.error(err));
                    loaded.complete(null);
                });
    }

    private record Read(List<SchemaTree.KeyNode> nodes, List<SchemaTree.Schema> schemas) {}

    private void buildSchemas() {
        schemas.setId("schema-list");
        schemas.getStyleClass().addAll(Styles.DENSE, "records-table");
        TableColumn<SchemaTree.Schema, String> id = new TableColumn<>("schema");
        id.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(String.valueOf(c.getValue().id())));
        id.setPrefWidth(70);
        TableColumn<SchemaTree.Schema, String> recs = new TableColumn<>("records");
        recs.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(Human.count(c.getValue().records())));
        recs.setPrefWidth(90);
        TableColumn<SchemaTree.Schema, String> tables = new TableColumn<>("tables");
        tables.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(Human.count(c.getValue().tables())));
        tables.setPrefWidth(60);
        TableColumn<SchemaTree.Schema, String> keys = new TableColumn<>("keys");
        keys.setCellValueFactory(c -> new ReadOnlyStringWrapper(keysOf(c.getValue())));
        keys.setPrefWidth(700);
        schemas.getColumns().setAll(List.of(id, recs, tables, keys));
        schemas.setPlaceholder(new Label("no schemas"));
    }

    private String keysOf(SchemaTree.Schema s) {
        StringBuilder b = new StringBuilder();
        for (int n : s.nodes()) {
            if (b.length() > 600) {
                b.append(", …");
                break;
            }
            if (!b.isEmpty()) b.append(", ");
            b.append(path(n));
        }
        return b.toString();
    }

    /** A node's keys from its root, dotted. */
    String path(int id) {
        List<String> keys = new ArrayList<>();
        int steps = 0;
        for (int p = id;
                p >= 0 && p < nodes.size() && steps++ < nodes.size();
                p = nodes.get(p).parent()) {
            SchemaTree.KeyNode n = nodes.get(p);
            if (n.parent() < 0) {
                if (!n.content()) keys.addFirst("(" + n.type().toLowerCase() + ")");
                break;
            }
            keys.addFirst(n.key());
        }
        return String.join(".", keys);
    }

    private void show(Read r) {
        nodes = r.nodes();
        Map<Integer, TreeItem<SchemaTree.KeyNode>> items = new HashMap<>();
        TreeItem<SchemaTree.KeyNode> root = new TreeItem<>();
        for (SchemaTree.KeyNode n : nodes) items.put(n.id(), new TreeItem<>(n));
        for (SchemaTree.KeyNode n : nodes) {
            TreeItem<SchemaTree.KeyNode> parent = n.parent() >= 0 ? items.get(n.parent()) : root;
            (parent == null ? root : parent).getChildren().add(items.get(n.id()));
        }
        for (SchemaTree.KeyNode n : nodes) items.get(n.id()).setExpanded(n.content() && depth(n) < 3);
        root.setExpanded(true);
        tree.setRoot(root);
        schemas.setItems(FXCollections.observableArrayList(r.schemas()));
        long records =
                r.schemas().stream().mapToLong(SchemaTree.Schema::records).sum();
        status.setText(Human.count(nodes.size(), "key") + " · "
                + Human.count(r.schemas().size(), "schema") + " · " + Human.count(records, "record"));
    }

    private int depth(SchemaTree.KeyNode n) {
        int d = 0;
        for (int p = n.parent(); p >= 0 && d < nodes.size(); p = nodes.get(p).parent()) d++;
        return d;
    }

    /** Which badge colour a type gets: strings, numbers, structures, times, the rest. */
    static String typeClass(String type) {
        String t = type.toLowerCase();
        if (t.contains("string")) return "type-string";
        if (t.contains("integer") || t.contains("float")) return "type-number";
        if (t.contains("object") || t.contains("array") || t.contains("metadata")) return "type-structure";
        if (t.contains("time") || t.contains("date")) return "type-time";
        return "type-other";
    }

    /** The key text with its type as a badge; roots (empty keys) read as what they are. */
    private static final class KeyCell extends TreeTableCell<SchemaTree.KeyNode, SchemaTree.KeyNode> {
        @Override
        protected void updateItem(SchemaTree.KeyNode n, boolean empty) {
            super.updateItem(n, empty);
            if (empty || n == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            Label key = new Label(
                    n.parent() < 0
                            ? (n.content() ? "(record)" : "(" + n.type().toLowerCase() + ")")
                            : n.key().isEmpty() ? "\"\"" : n.key());
            if (n.parent() < 0 || n.key().isEmpty()) key.getStyleClass().add(Styles.TEXT_MUTED);
            Label badge = new Label(n.type());
            badge.getStyleClass().addAll("type-badge", typeClass(n.type()));
            HBox box = new HBox(6, key, badge);
            box.setAlignment(Pos.CENTER_LEFT);
            setText(null);
            setGraphic(box);
        }
    }

    public TreeTableView<SchemaTree.KeyNode> tree() {
        return tree;
    }

    public TableView<SchemaTree.Schema> schemaList() {
        return schemas;
    }

    public String statusText() {
        return status.getText();
    }

    /** Completes once the tree is shown (or could not be read). */
    public CompletableFuture<Void> loaded() {
        return loaded;
    }

    /** The column sizes known so far (empty until the tables are decoded). */
    public Map<Integer, Long> columnBytes() {
        return bytes;
    }
}
