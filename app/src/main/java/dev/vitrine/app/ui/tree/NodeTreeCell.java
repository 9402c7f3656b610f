package dev.vitrine.app.ui.tree;

import dev.vitrine.app.ui.HoverTip;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.NodeIcons;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Health;
import java.util.function.Function;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignD;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

/** One row of the structure tree: health badge, kind icon, name and where its bytes are. */
final class NodeTreeCell extends TreeCell<TreeEntry> {
    private final Function<TreeItem<TreeEntry>, Health> healthOf;
    private final FontIcon kindIcon = new FontIcon();
    private final Label name = new Label();
    private final Label where = new Label();
    private final FontIcon badge = new FontIcon();
    private final HBox box;
    /** What the tooltip says for the current entry (made on first hover, see HoverTip). */
    private String tipText;

    NodeTreeCell(Function<TreeItem<TreeEntry>, Health> healthOf) {
        this.healthOf = healthOf;
        kindIcon.getStyleClass().add("kind-icon");
        where.getStyleClass().add("tree-where");
        badge.getStyleClass().add("health-badge");
        name.setMinWidth(Region.USE_PREF_SIZE);
        // The badge leads: a long name or a deep level pushes the row's end out of view.
        box = new HBox(6, badge, kindIcon, name, where);
        box.setAlignment(Pos.CENTER_LEFT);
        getStyleClass().add("node-tree-cell");
        HoverTip.install(this, () -> tipText);
    }

    @Override
    protected void updateItem(TreeEntry entry, boolean empty) {
        super.updateItem(entry, empty);
        getStyleClass().removeAll("tree-message", "tree-error", "tree-more");
        setText(null);
        tipText = null;
        if (empty || entry == null) {
            setGraphic(null);
            return;
        }
        switch (entry) {
            case TreeEntry.NodeEntry n -> {
                kindIcon.setIconCode(NodeIcons.forNode(n.node()));
                name.setText(n.name());
                ByteRange r = n.range();
                where.setText(
                        r.isNone()
                                ? ""
                                : (!r.file().isMain() ? r.file() + " " : "") + "@" + Human.count(r.offset()) + " · "
                                        + Human.size(r.length()));
                Health h = healthOf.apply(getTreeItem());
                badge.setIconCode(NodeIcons.forHealth(h));
                badge.getStyleClass().removeIf(c -> c.startsWith("health-") && !c.equals("health-badge"));
                badge.getStyleClass().add(NodeIcons.healthClass(h));
                badge.setVisible(true);
                // The full label first: a long one is cut at the pane's edge.
                String note = n.node().note();
                tipText = n.name() + (where.getText().isEmpty() ? "" : "  " + where.getText())
                        + (note == null ? "" : "\n" + note) + "\n" + n.kind() + " · "
                        + NodeIcons.healthText(h)
                        + (n.problems().isEmpty()
                                ? ""
                                : "\n" + n.problems().getFirst().message());
                setGraphic(box);
            }
            case TreeEntry.MoreEntry m -> {
                getStyleClass().add("tree-more");
                kindIcon.setIconCode(MaterialDesignD.DOTS_HORIZONTAL);
                name.setText(ChildPage.moreLabel(m.remaining()));
                where.setText("expand to load");
                badge.setVisible(false);
                setGraphic(box);
            }
            case TreeEntry.MessageEntry msg -> {
                getStyleClass().add(msg.error() ? "tree-error" : "tree-message");
                kindIcon.setIconCode(
                        msg.error() ? MaterialDesignA.ALERT_CIRCLE_OUTLINE : MaterialDesignP.PROGRESS_CLOCK);
                name.setText(msg.text());
                where.setText("");
                badge.setVisible(false);
                setGraphic(box);
            }
        }
    }
}
