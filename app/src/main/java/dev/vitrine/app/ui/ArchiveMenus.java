package dev.vitrine.app.ui;

import dev.vitrine.app.ui.copy.Clip;
import dev.vitrine.app.ui.details.FieldsView;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The right-click menus of one archive's tree, fields and problems, and Ctrl+C in each: the
 * tree copies a node's name, path, offset or range, shows its bytes, exports or verifies; the
 * fields and problems copy a value or the whole line and go to the bytes.
 */
final class ArchiveMenus {
    static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private final ArchiveView view;
    final ContextMenu tree = new ContextMenu();
    final ContextMenu fields = new ContextMenu();
    final ContextMenu problems = new ContextMenu();

    ArchiveMenus(ArchiveView view) {
        this.view = view;
        buildTree();
        buildFields();
        buildProblems();
    }

    private static MenuItem item(String id, String text, Runnable action) {
        MenuItem i = new MenuItem(text);
        i.setId(id);
        i.setOnAction(e -> action.run());
        return i;
    }

    /** Ctrl+C on {@code n} runs {@code copy}. */
    private static void onCopy(Node n, Runnable copy) {
        n.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e)) {
                copy.run();
                e.consume();
            }
        });
    }

    /** A right-click on a row not selected selects it first, so the menu acts on what was clicked. */
    static void selectOnRightClick(javafx.scene.control.Control view) {
        view.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() != javafx.scene.input.MouseButton.SECONDARY) return;
            Node n = e.getPickResult().getIntersectedNode();
            while (n != null && n != view && !(n instanceof javafx.scene.control.IndexedCell<?>)) n = n.getParent();
            if (!(n instanceof javafx.scene.control.IndexedCell<?> cell) || cell.isEmpty() || cell.isSelected()) return;
            if (view instanceof javafx.scene.control.TreeView<?> t)
                t.getSelectionModel().clearAndSelect(cell.getIndex());
            if (view instanceof TableView<?> t && cell instanceof javafx.scene.control.TableRow<?>)
                t.getSelectionModel().clearAndSelect(cell.getIndex());
            if (view instanceof TableView<?> t && cell instanceof javafx.scene.control.TableCell<?, ?> c)
                t.getSelectionModel().clearAndSelect(c.getIndex());
        });
    }

    // ---- the tree ----

    private NodeTreeItem selectedNode() {
        TreeItem<TreeEntry> i = view.tree().view().getSelectionModel().getSelectedItem();
        return i instanceof NodeTreeItem n ? n : null;
    }

    /** The names from the root down to {@code item}, as the status bar shows them. */
    static String path(TreeItem<TreeEntry> item) {
        List<String> names = new ArrayList<>();
        for (TreeItem<TreeEntry> i = item; i != null; i = i.getParent())
            if (i instanceof NodeTreeItem n) names.addFirst(n.entry().name());
        return String.join(" › ", names);
    }

    /**
     * A node's path as Copy Path gives it: a remote archive's root is its URL (without secrets),
     * not the file name, which says nothing of where the archive is.
     */
    private String copiedPath(NodeTreeItem item) {
        List<String> names = new ArrayList<>();
        TreeItem<TreeEntry> top = item;
        for (TreeItem<TreeEntry> i = item; i != null; i = i.getParent())
            if (i instanceof NodeTreeItem n) {
                names.addFirst(n.entry().name());
                top = i;
            }
        if (view.session().isRemote() && top.getParent() == null)
            names.set(0, view.session().address());
        return String.join(" › ", names);
    }

    private void copyNode(Function<NodeTreeItem, String> what) {
        NodeTreeItem n = selectedNode();
        if (n != null) Clip.put(what.apply(n));
    }

    private static String offset(ByteRange r) {
        return r.isNone() ? "" : String.valueOf(r.offset());
    }

    private static String range(ByteRange r) {
        return r.isNone() ? "" : r.offset() + "-" + r.end() + " (" + r.length() + " bytes)";
    }

    private void buildTree() {
        MenuItem name = item(
                "tree-copy-name", "Copy Name", () -> copyNode(n -> n.entry().name()));
        name.setAccelerator(COPY);
        MenuItem path = item("tree-copy-path", "Copy Path", () -> copyNode(this::copiedPath));
        MenuItem off = item(
                "tree-copy-offset",
                "Copy Offset",
                () -> copyNode(n -> offset(n.entry().range())));
        MenuItem range = item(
                "tree-copy-range",
                "Copy Range",
                () -> copyNode(n -> range(n.entry().range())));
        MenuItem bytes = item("tree-show-bytes", "Show Bytes", this::showBytes);
        MenuItem export = item("tree-export", "Export…", view::export);
        MenuItem part = item("tree-verify-part", "Verify This Part", () -> {
            NodeTreeItem n = selectedNode();
            if (n != null) view.verifier().startFor(n.entry().range(), n.entry().name());
        });
        MenuItem verify =
                item("tree-verify", "Verify Archive", () -> view.verifier().start());
        tree.getItems()
                .addAll(
                        name,
                        path,
                        off,
                        range,
                        new SeparatorMenuItem(),
                        bytes,
                        export,
                        new SeparatorMenuItem(),
                        part,
                        verify);
        tree.setOnShowing(e -> {
            NodeTreeItem n = selectedNode();
            boolean none = n == null;
            boolean noBytes = none || n.entry().range().isNone();
            for (MenuItem i : List.of(name, path, export)) i.setDisable(none);
            for (MenuItem i : List.of(off, range, bytes, part)) i.setDisable(noBytes);
        });
        view.tree().view().setContextMenu(tree);
        selectOnRightClick(view.tree().view());
        onCopy(view.tree().view(), () -> copyNode(n -> n.entry().name()));
    }

    /** Selects the node's bytes in the hex view and gives it the keyboard. */
    private void showBytes() {
        NodeTreeItem n = selectedNode();
        if (n == null || n.entry().range().isNone()) return;
        ByteRange r = n.entry().range();
        var hex = view.hex().hex();
        if (r.file().equals(view.hex().file())) hex.selectRange(r.offset(), r.end());
        hex.requestFocus();
    }

    // ---- fields ----

    private Field selectedField() {
        FieldsView.Item i = view.details().fields().getSelectionModel().getSelectedItem();
        return i == null ? null : i.field();
    }

    static String line(Field f) {
        ByteRange r = f.range();
        return f.name() + ": " + f.value()
                + (r.isNone() ? "" : " (offset " + r.offset() + ", " + r.length() + " bytes)");
    }

    private void buildFields() {
        FieldsView t = view.details().fields();
        MenuItem value = item("field-copy-value", "Copy Value", () -> {
            Field f = selectedField();
            if (f != null) Clip.put(f.value());
        });
        MenuItem line = item("field-copy-line", "Copy Line", () -> copyLines(t, i -> line(i.field())));
        line.setAccelerator(COPY);
        MenuItem bytes = item("field-go-to-bytes", "Go to Bytes", () -> {
            Field f = selectedField();
            if (f == null || f.range().isNone()) return;
            if (f.range().file().equals(view.hex().file()))
                view.hex().hex().selectRange(f.range().offset(), f.range().end());
            view.hex().hex().requestFocus();
        });
        fields.getItems().addAll(value, line, new SeparatorMenuItem(), bytes);
        fields.setOnShowing(e -> {
            Field f = selectedField();
            value.setDisable(f == null);
            line.setDisable(f == null);
            bytes.setDisable(f == null || f.range().isNone());
        });
        t.setContextMenu(fields);
        selectOnRightClick(t);
        onCopy(t, () -> copyLines(t, i -> line(i.field())));
    }

    // ---- problems ----

    private void buildProblems() {
        TableView<Problem> t = view.problems().table();
        MenuItem line = item("problem-copy-line", "Copy Line", () -> copyLines(t, Problem::toString));
        line.setAccelerator(COPY);
        MenuItem message = item("problem-copy-message", "Copy Message", () -> copyLines(t, Problem::message));
        MenuItem bytes = item("problem-go-to-bytes", "Go to Bytes", () -> {
            Problem p = t.getSelectionModel().getSelectedItem();
            if (p == null) return;
            view.selection().problemSelected(p);
            view.hex().hex().requestFocus();
        });
        problems.getItems().addAll(line, message, new SeparatorMenuItem(), bytes);
        problems.setOnShowing(e -> {
            Problem p = t.getSelectionModel().getSelectedItem();
            for (MenuItem i : List.of(line, message)) i.setDisable(p == null);
            bytes.setDisable(p == null || p.offset() < 0);
        });
        t.setContextMenu(problems);
        selectOnRightClick(t);
        onCopy(t, () -> copyLines(t, Problem::toString));
    }

    /** The selected rows of {@code t}, one line each, on the clipboard. */
    private static <T> void copyLines(TableView<T> t, Function<T, String> line) {
        List<String> lines = t.getSelectionModel().getSelectedItems().stream()
                .filter(java.util.Objects::nonNull)
                .map(line)
                .toList();
        if (!lines.isEmpty()) Clip.put(String.join("\n", lines));
    }
}
