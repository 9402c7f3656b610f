package dev.vitrine.app.ui.details;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.NodeIcons;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Health;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;

/** The line above the details: icon, name, kind, where its bytes are, and its health. */
public final class NodeSummary extends HBox {
    private final FontIcon icon = new FontIcon();
    private final Label name = new Label();
    private final Label kind = new Label();
    private final Label where = new Label();
    private final FontIcon healthIcon = new FontIcon();
    private final Label health = new Label();

    public NodeSummary() {
        super(8);
        getStyleClass().add("node-summary");
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(8, 10, 8, 10));
        icon.getStyleClass().add("summary-icon");
        name.getStyleClass().addAll(Styles.TITLE_4, "summary-name");
        name.setMinWidth(0);
        kind.getStyleClass().add("kind-chip");
        where.getStyleClass().add("summary-where");
        health.getStyleClass().add("summary-health");
        healthIcon.getStyleClass().add("health-badge");
        // When space is short the name gives way (ellipsis); kind, place and health stay whole.
        for (Label l : new Label[] {kind, where, health}) l.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        getChildren().addAll(icon, name, kind, where, spacer, healthIcon, health);
    }

    public void show(dev.vitrine.core.model.Node n, dev.vitrine.app.ui.tree.NodeKey node, Health h) {
        icon.setIconCode(NodeIcons.forNode(n));
        name.setText(node.name());
        kind.setText(node.kind());
        ByteRange r = node.range();
        where.setText(
                r.isNone()
                        ? "no bytes of its own"
                        : (!r.file().isMain() ? r.file() + " · " : "") + "@" + Human.offset(r.offset()) + " · "
                                + Human.count(r.length()) + (r.length() == 1 ? " byte" : " bytes"));
        setHealth(h);
    }

    public void setHealth(Health h) {
        healthIcon.setIconCode(NodeIcons.forHealth(h));
        healthIcon.getStyleClass().removeIf(c -> c.startsWith("health-") && !c.equals("health-badge"));
        healthIcon.getStyleClass().add(NodeIcons.healthClass(h));
        health.setText(NodeIcons.healthText(h));
    }

    public String nameText() {
        return name.getText();
    }
}
