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
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The centre of an archive tab: the selected node's summary line over tabs for its fields, its
 * records (when it has a table) and the archive's index picture (when it has an index).
 */
public final class DetailsPane extends BorderPane {
    private final NodeSummary summary = new NodeSummary();
    private final FieldsView fields = new FieldsView();
    private final TabPane tabs = new TabPane();
    /** Empty until {@link #attachFields()}: the table's cells get a frame of their own. */
    private final Tab fieldsTab = new Tab("Fields");
    private final Tab recordsTab = new Tab("Records");
    private final Tab indexTab = new Tab("Index");

    public DetailsPane() {
        getStyleClass().add("details-pane");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        fieldsTab.setGraphic(new FontIcon(MaterialDesignF.FORMAT_LIST_BULLETED));
        recordsTab.setGraphic(new FontIcon(MaterialDesignT.TABLE));
        indexTab.setGraphic(new FontIcon(MaterialDesignS.SITEMAP));
        fieldsTab.setId("tab-fields");
        recordsTab.setId("tab-records");
        indexTab.setId("tab-index");
        tabs.getTabs().addAll(fieldsTab, recordsTab);
        recordsTab.setDisable(true);
        tabs.getStyleClass().add("details-tabs");
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> fill(t));
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

    /**
     * Enables the records tab for a node with a table (or, with null, disables it: the tabs stay
     * put while the selection moves). Its view is made by {@code factory} only when the tab is
     * shown: counting a billion records is not worth doing for a glance at the fields.
     */
    public void setRecords(Supplier<javafx.scene.Node> factory) {
        recordsTab.setDisable(factory == null);
        if (factory == null) {
            recordsTab.setContent(null);
            recordsTab.setUserData(null);
            if (tabs.getSelectionModel().getSelectedItem() == recordsTab) tabs.getSelectionModel().select(fieldsTab);
            return;
        }
        setLazy(recordsTab, factory, 1);
    }

    /** The index tab, its picture made when the tab is first shown. */
    public void setIndex(Supplier<javafx.scene.Node> factory) {
        setLazy(indexTab, factory, -1);
    }

    private void setLazy(Tab tab, Supplier<javafx.scene.Node> factory, int at) {
        tab.setContent(null);
        tab.setUserData(factory);
        if (factory == null) {
            tabs.getTabs().remove(tab);
            return;
        }
        if (!tabs.getTabs().contains(tab)) {
            if (at >= 0 && at <= tabs.getTabs().size()) tabs.getTabs().add(at, tab);
            else tabs.getTabs().add(tab);
        }
        fill(tabs.getSelectionModel().getSelectedItem());
    }

    /**
     * Makes a lazy tab's view: a light placeholder now, the view on the next turn of the FX
     * thread, so building it and its first CSS pass fall in different pulses.
     */
    @SuppressWarnings("unchecked")
    private void fill(Tab t) {
        if (t != null && t.getContent() == null && t.getUserData() instanceof Supplier<?> f) {
            javafx.scene.control.Label wait = new javafx.scene.control.Label("…");
            wait.getStyleClass().add("tab-wait");
            t.setContent(wait);
            javafx.application.Platform.runLater(() -> {
                if (t.getContent() == wait && t.getUserData() == f) t.setContent(((Supplier<javafx.scene.Node>) f).get());
            });
        }
    }

    public void selectRecords() {
        if (tabs.getTabs().contains(recordsTab)) tabs.getSelectionModel().select(recordsTab);
    }

    public void selectIndex() {
        if (tabs.getTabs().contains(indexTab)) tabs.getSelectionModel().select(indexTab);
    }

    public void selectFields() {
        tabs.getSelectionModel().select(fieldsTab);
    }

    public TabPane tabs() {
        return tabs;
    }

    public boolean showsRecords() {
        return tabs.getSelectionModel().getSelectedItem() == recordsTab;
    }
}
