package dev.vitrine.app.ui.details;

import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import java.util.List;
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
    private final Tab fieldsTab = new Tab("Fields", fields);
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
        tabs.getTabs().add(fieldsTab);
        tabs.getStyleClass().add("details-tabs");
        setTop(summary);
        setCenter(tabs);
    }

    public NodeSummary summary() {
        return summary;
    }

    public FieldsView fields() {
        return fields;
    }

    public void showNode(Node node, Health health) {
        summary.show(node, health);
    }

    public void showFields(List<Field> list) {
        fields.show(list);
    }

    /** Shows (or, with null, removes) the records tab. Keeps the user's tab choice where it can. */
    public void setRecords(javafx.scene.Node view) {
        if (view == null) {
            tabs.getTabs().remove(recordsTab);
            recordsTab.setContent(null);
            return;
        }
        recordsTab.setContent(view);
        if (!tabs.getTabs().contains(recordsTab)) tabs.getTabs().add(1, recordsTab);
    }

    public void setIndex(javafx.scene.Node view) {
        indexTab.setContent(view);
        if (view != null && !tabs.getTabs().contains(indexTab)) tabs.getTabs().add(indexTab);
        if (view == null) tabs.getTabs().remove(indexTab);
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
