package dev.vitrine.app.ui.details;

import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Health;
import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/**
 * The centre of an archive tab: the selected node's summary line over tabs for its fields and
 * for each view that applies to the archive ({@link dev.vitrine.app.ui.views.DetailViews}),
 * each made the first time it is shown.
 */
public final class DetailsPane extends BorderPane {
    private final NodeSummary summary = new NodeSummary();
    private final FieldsView fields = new FieldsView();
    private final TabPane tabs = new TabPane();
    /** Empty until {@link #attachFields()}: the table's cells get a frame of their own. */
    private final Tab fieldsTab = new Tab("Fields");

    private final java.util.Map<Tab, Integer> order = new java.util.HashMap<>();

    public DetailsPane() {
        getStyleClass().add("details-pane");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        fieldsTab.setGraphic(new FontIcon(MaterialDesignF.FORMAT_LIST_BULLETED));
        fieldsTab.setId("tab-fields");
        tabs.getTabs().add(fieldsTab);
        order.put(fieldsTab, 0);
        tabs.getStyleClass().add("details-tabs");
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> fill(t));
        sceneProperty()
                .addListener((o, was, now) -> fill(tabs.getSelectionModel().getSelectedItem()));
        setTop(summary);
        setCenter(tabs);
    }

    /** Puts the fields table into its tab (the archive view does this a pulse after showing the pane). */
    public void attachFields() {
        fieldsTab.setContent(fields);
    }

    public NodeSummary summary() {
        return summary;
    }

    public FieldsView fields() {
        return fields;
    }

    public void showNode(dev.vitrine.core.model.Node n, dev.vitrine.app.ui.tree.NodeKey node, Health health) {
        summary.show(n, node, health);
    }

    public void showFields(List<Field> list) {
        fields.show(list);
    }

    /** Adds a view's tab at its place by {@code rank}; its content is made by {@code factory} when first shown. */
    public void addViewTab(Tab tab, int rank, Supplier<javafx.scene.Node> factory) {
        tab.setUserData(factory);
        order.put(tab, rank);
        int at = 0;
        while (at < tabs.getTabs().size() && order.getOrDefault(tabs.getTabs().get(at), 0) <= rank) at++;
        tabs.getTabs().add(at, tab);
        fill(tabs.getSelectionModel().getSelectedItem());
    }

    /** Hides a view's tab while it has nothing to show, or puts it back at its place. */
    public void setViewShown(Tab tab, boolean shown) {
        boolean in = tabs.getTabs().contains(tab);
        if (shown == in) return;
        if (!shown) {
            if (tabs.getSelectionModel().getSelectedItem() == tab)
                tabs.getSelectionModel().select(fieldsTab);
            tabs.getTabs().remove(tab);
            return;
        }
        int rank = order.getOrDefault(tab, 0);
        int at = 0;
        while (at < tabs.getTabs().size() && order.getOrDefault(tabs.getTabs().get(at), 0) <= rank) at++;
        tabs.getTabs().add(at, tab);
    }

    /**
     * Makes a lazy tab's view: a light placeholder now, the view on the next turn of the FX
     * thread, so building it and its first CSS pass fall in different pulses.
     */
    @SuppressWarnings("unchecked")
    private void fill(Tab t) {
        // Not before the pane is on screen: an archive tab opened behind another makes no views.
        if (getScene() == null) return;
        if (t != null && t.getContent() == null && t.getUserData() instanceof Supplier<?> f) {
            javafx.scene.control.Label wait = new javafx.scene.control.Label("…");
            wait.getStyleClass().add("tab-wait");
            t.setContent(wait);
            javafx.application.Platform.runLater(() -> {
                if (t.getContent() == wait && t.getUserData() == f)
                    t.setContent(((Supplier<javafx.scene.Node>) f).get());
            });
        }
    }

    /** Brings the tab with node id {@code id} to front (e.g. "tab-records"); false if absent or disabled. */
    public boolean select(String id) {
        for (Tab t : tabs.getTabs()) {
            if (id.equals(t.getId()) && !t.isDisable()) {
                tabs.getSelectionModel().select(t);
                return true;
            }
        }
        return false;
    }

    public void selectFields() {
        tabs.getSelectionModel().select(fieldsTab);
    }

    public TabPane tabs() {
        return tabs;
    }
}
