package dev.vitrine.app.ui.inspect;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.hex.HexCursor;
import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.stage.Popup;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;

/**
 * The status bar's part about the archive in front: the selected node's path, the hex cursor's
 * offset, the selection's start and length, the byte under the cursor, and a button that opens
 * the full data inspector (every integer width and order, float, double, epoch times) above it.
 */
public final class InspectorBar extends HBox {
    private final Label path = new Label();
    private final Label cursor = new Label();
    private final Label selection = new Label();
    private final ToggleButton more = new ToggleButton(null, new FontIcon(MaterialDesignM.MAGNIFY_SCAN));
    private final GridPane grid = new GridPane();
    private final Popup popup = new Popup();
    private HexView hex;
    private TreeView<TreeEntry> tree;
    private final ChangeListener<HexCursor.Selection> onCursor = (o, a, s) -> showCursor();
    private final ChangeListener<TreeItem<TreeEntry>> onNode = (o, a, item) -> showPath(item);

    public InspectorBar() {
        super(8);
        setAlignment(Pos.CENTER_LEFT);
        getStyleClass().add("inspector-bar");
        path.setId("status-node-path");
        path.setMinWidth(0);
        path.setTextOverrun(OverrunStyle.LEADING_ELLIPSIS);
        cursor.setId("status-cursor");
        cursor.setMinWidth(Region.USE_PREF_SIZE);
        selection.setId("status-selection");
        selection.setMinWidth(Region.USE_PREF_SIZE);
        more.setId("status-inspector");
        more.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.BUTTON_ICON);
        more.setTooltip(new Tooltip("Data inspector: the value under the cursor read every way"));
        more.setMinWidth(Region.USE_PREF_SIZE);
        more.selectedProperty().addListener((o, a, on) -> {
            if (on) openInspector();
            else popup.hide();
        });
        grid.setId("inspector-grid");
        grid.getStyleClass().add("inspector-grid");
        grid.setHgap(14);
        grid.setVgap(2);
        grid.setPadding(new Insets(8, 12, 8, 12));
        grid.setStyle(
                "-fx-background-color: -color-bg-overlay; -fx-border-color: -color-border-default;"
                        + " -fx-border-radius: 4; -fx-background-radius: 4; -fx-effect: dropshadow(gaussian, rgba(0,0,0,0.25), 8, 0, 0, 2);");
        popup.getContent().add(grid);
        popup.setAutoHide(true);
        popup.setOnHidden(e -> more.setSelected(false));
        getChildren().addAll(path, cursor, selection, more);
        follow(null, null);
    }

    /** Follows the hex cursor and tree selection of the archive in front (nulls: none is). */
    public void follow(HexView hexView, TreeView<TreeEntry> treeView) {
        if (hex != null) hex.selectionProperty().removeListener(onCursor);
        if (tree != null) tree.getSelectionModel().selectedItemProperty().removeListener(onNode);
        hex = hexView;
        tree = treeView;
        if (hex != null) hex.selectionProperty().addListener(onCursor);
        if (tree != null) tree.getSelectionModel().selectedItemProperty().addListener(onNode);
        showCursor();
        showPath(tree == null ? null : tree.getSelectionModel().getSelectedItem());
        more.setDisable(hex == null);
    }

    private void showPath(TreeItem<TreeEntry> item) {
        List<String> names = new ArrayList<>();
        for (TreeItem<TreeEntry> i = item; i != null; i = i.getParent()) {
            if (i instanceof NodeTreeItem n) names.addFirst(n.entry().name());
        }
        path.setText(String.join(" › ", names));
        path.setTooltip(names.isEmpty() ? null : new Tooltip(path.getText()));
    }

    private void showCursor() {
        HexCursor.Selection s =
                hex == null ? HexCursor.Selection.NONE : hex.selectionProperty().get();
        if (s.cursor() < 0) {
            cursor.setText("");
            selection.setText("");
        } else {
            int[] b = hex.loadedBytes(s.cursor(), 1);
            String value = b.length == 1 && b[0] >= 0 ? " = 0x%02x".formatted(b[0]) + " (" + b[0] + ")" : "";
            cursor.setText("offset " + Human.count(s.cursor()) + " (0x" + Long.toHexString(s.cursor()) + ")" + value);
            selection.setText(
                    s.length() > 1
                            ? "selection " + Human.count(s.start()) + " + " + Human.count(s.length()) + " bytes"
                            : "");
        }
        if (popup.isShowing()) fillGrid();
    }

    private void openInspector() {
        if (hex == null) return;
        fillGrid();
        Bounds b = more.localToScreen(more.getBoundsInLocal());
        if (b == null) return;
        // Above the button, its right edge on the button's (it is at the window's bottom right).
        popup.setAnchorLocation(javafx.stage.PopupWindow.AnchorLocation.CONTENT_BOTTOM_RIGHT);
        popup.show(more, b.getMaxX(), b.getMinY() - 4);
    }

    private void fillGrid() {
        grid.getChildren().clear();
        HexCursor.Selection s =
                hex == null ? HexCursor.Selection.NONE : hex.selectionProperty().get();
        if (s.cursor() < 0) {
            grid.add(new Label("Click a byte, or move the cursor with the arrow keys."), 0, 0);
            return;
        }
        Label head = new Label("at offset " + Human.count(s.cursor()));
        head.getStyleClass().add(Styles.TEXT_BOLD);
        grid.add(head, 0, 0, 2, 1);
        int row = 1;
        for (ByteInspector.Reading r : ByteInspector.read(hex.loadedBytes(s.cursor(), 8))) {
            Label name = new Label(r.name());
            name.getStyleClass().add(Styles.TEXT_MUTED);
            Label value = new Label(r.value());
            value.getStyleClass().add("inspector-value");
            value.setStyle("-fx-font-family: 'DejaVu Sans Mono', monospace;");
            grid.add(name, 0, row);
            grid.add(value, 1, row++);
        }
    }

    /** The readings shown now, "name: value" a line (tests). */
    public List<String> readings() {
        List<String> out = new ArrayList<>();
        if (hex == null || hex.selectionProperty().get().cursor() < 0) return out;
        for (ByteInspector.Reading r :
                ByteInspector.read(hex.loadedBytes(hex.selectionProperty().get().cursor(), 8)))
            out.add(r.name() + ": " + r.value());
        return out;
    }

    public String pathText() {
        return path.getText();
    }

    public String cursorText() {
        return cursor.getText();
    }

    public String selectionText() {
        return selection.getText();
    }

    public ToggleButton inspectorButton() {
        return more;
    }

    public boolean inspectorShowing() {
        return popup.isShowing();
    }
}
