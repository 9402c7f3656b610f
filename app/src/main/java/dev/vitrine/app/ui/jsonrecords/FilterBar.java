package dev.vitrine.app.ui.jsonrecords;

import atlantafx.base.theme.Styles;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/** The records' tool bar: query, filter, cancel, clear, go to record, export; below it the query's error and the status. */
final class FilterBar extends VBox {
    final TextField filter = new TextField();
    final TextField goTo = new TextField();
    final Button run = new Button("Filter", new FontIcon(MaterialDesignF.FILTER_OUTLINE));
    final Button cancel = new Button("Cancel", new FontIcon(MaterialDesignC.CLOSE_CIRCLE_OUTLINE));
    final Button clear = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
    final Button export = new Button("Export…", new FontIcon(MaterialDesignE.EXPORT));
    final Label status = new Label("counting records…");
    final Label error = new Label();

    FilterBar() {
        super(4);
        filter.setPromptText("query, e.g. level: ERROR AND http.status >= 500");
        filter.setId("records-filter");
        filter.getStyleClass().add(Styles.SMALL);
        HBox.setHgrow(filter, Priority.ALWAYS);
        run.setId("records-filter-run");
        run.getStyleClass().addAll(Styles.SMALL, Styles.ACCENT);
        run.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setId("records-filter-cancel");
        cancel.getStyleClass().add(Styles.SMALL);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setDisable(true);
        clear.setId("records-filter-clear");
        clear.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        clear.setTooltip(new Tooltip("Back to all records"));
        export.setId("json-records-export");
        export.getStyleClass().add(Styles.SMALL);
        export.setMinWidth(Region.USE_PREF_SIZE);
        export.setTooltip(new Tooltip("Export the selected records, or all shown, as JSON lines"));
        goTo.setPromptText("record #");
        goTo.setId("json-records-goto");
        goTo.setPrefColumnCount(7);
        goTo.getStyleClass().add(Styles.SMALL);
        goTo.setTooltip(new Tooltip("Jump to a record by its number (among the matches when filtered)"));
        HBox line = new HBox(6, filter, run, cancel, clear, goTo, export);
        line.setAlignment(Pos.CENTER_LEFT);
        status.getStyleClass().add("records-status");
        status.setId("json-records-status");
        error.getStyleClass().addAll("filter-error", "json-pane");
        error.setId("records-filter-error");
        error.setManaged(false);
        error.setVisible(false);
        getChildren().addAll(line, error, status);
        setPadding(new Insets(6, 8, 4, 8));
    }

    /** Shows the query's error under the field (null: none). */
    void setError(String text) {
        error.setText(text == null ? "" : text);
        error.setVisible(text != null);
        error.setManaged(text != null);
        filter.pseudoClassStateChanged(Styles.STATE_DANGER, text != null);
    }
}
