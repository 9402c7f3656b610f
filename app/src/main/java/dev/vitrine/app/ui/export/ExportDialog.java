package dev.vitrine.app.ui.export;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.table.KeyQuery;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Asks which records to export (selected rows, selected matches, a key range, all) and how to
 * frame them (the `cat` formats). The target file is chosen afterwards.
 */
public final class ExportDialog extends Dialog<ExportChoice> {
    private final ToggleGroup source = new ToggleGroup();
    private final ToggleGroup framing = new ToggleGroup();
    private final TextField start = new TextField();
    private final TextField stop = new TextField();
    private final TextField prefix = new TextField();
    private final TextField terminator = new TextField("\\n");
    private final Label error = new Label();

    /**
     * @param selectedRows    rows selected in the records table
     * @param selectedMatches search matches selected
     * @param sorted          whether key ranges are possible
     * @param typedRange      start, stop, prefix as typed in the search bar
     */
    public ExportDialog(
            Window owner, long selectedRows, int selectedMatches, boolean sorted, String[] typedRange, long total) {
        initOwner(owner);
        setTitle("Export records");
        setHeaderText("Export records to a file");
        VBox box = new VBox(10);
        box.setPadding(new Insets(4, 4, 4, 4));
        box.getChildren().add(bold("Records"));
        RadioButton rows = radio(
                source,
                "The " + Human.count(selectedRows) + " selected records",
                ExportChoice.Source.SELECTED_ROWS,
                selectedRows > 0);
        RadioButton matches = radio(
                source,
                "The " + Human.count(selectedMatches) + " selected search matches",
                ExportChoice.Source.SELECTED_MATCHES,
                selectedMatches > 0);
        RadioButton range =
                radio(source, "Key range (escapes such as \\x00 allowed)", ExportChoice.Source.KEY_RANGE, sorted);
        RadioButton all = radio(
                source,
                "All records" + (total >= 0 ? " (" + Human.count(total) + ")" : ""),
                ExportChoice.Source.ALL,
                true);
        rows.setId("export-rows");
        matches.setId("export-matches");
        range.setId("export-range");
        all.setId("export-all");
        start.setId("export-start");
        stop.setId("export-stop");
        prefix.setId("export-prefix");
        start.setPromptText("start");
        stop.setPromptText("stop");
        prefix.setPromptText("prefix");
        if (typedRange != null) {
            start.setText(typedRange[0]);
            stop.setText(typedRange[1]);
            prefix.setText(typedRange[2]);
        }
        HBox keys = new HBox(6, start, stop, prefix);
        keys.setPadding(new Insets(0, 0, 0, 24));
        keys.disableProperty().bind(range.selectedProperty().not());
        box.getChildren().addAll(rows, matches, range, keys, all);
        RadioButton first = selectedRows > 0
                ? rows
                : selectedMatches > 0
                        ? matches
                        : sorted
                                        && typedRange != null
                                        && List.of(typedRange).stream().anyMatch(s -> s != null && !s.isEmpty())
                                ? range
                                : all;
        first.setSelected(true);

        box.getChildren().add(bold("Format (as vitrine cat writes it)"));
        RadioButton term = radio(framing, "Terminator after each record", RecordFraming.Kind.TERMINATOR, true);
        terminator.setPrefColumnCount(6);
        terminator.disableProperty().bind(term.selectedProperty().not());
        HBox termRow = new HBox(8, term, terminator);
        RadioButton uleb = radio(framing, "uleb128 length before each record", RecordFraming.Kind.ULEB128, true);
        RadioButton u64 = radio(framing, "u64le length before each record", RecordFraming.Kind.U64LE, true);
        term.setId("export-terminated");
        terminator.setId("export-terminator");
        uleb.setId("export-uleb128");
        u64.setId("export-u64le");
        term.setSelected(true);
        box.getChildren().addAll(termRow, uleb, u64);
        error.getStyleClass().add(Styles.DANGER);
        error.setId("export-error");
        box.getChildren().add(error);

        GridPane.setFillWidth(box, true);
        getDialogPane().setContent(box);
        getDialogPane()
                .getButtonTypes()
                .setAll(new ButtonType("Choose file…", ButtonType.OK.getButtonData()), ButtonType.CANCEL);
        getDialogPane()
                .lookupButton(getDialogPane().getButtonTypes().getFirst())
                .setId("export-choose");
        getDialogPane()
                .lookupButton(getDialogPane().getButtonTypes().getFirst())
                .addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
                    try {
                        choice();
                        error.setText("");
                    } catch (IllegalArgumentException ex) {
                        error.setText(ex.getMessage());
                        e.consume();
                    }
                });
        setResultConverter(bt -> bt != null && bt.getButtonData() == ButtonType.OK.getButtonData() ? choice() : null);
    }

    private ExportChoice choice() {
        ExportChoice.Source s = (ExportChoice.Source) source.getSelectedToggle().getUserData();
        RecordFraming.Kind k = (RecordFraming.Kind) framing.getSelectedToggle().getUserData();
        RecordFraming f = switch (k) {
            case TERMINATOR -> RecordFraming.terminator(terminator.getText());
            case ULEB128 -> RecordFraming.uleb128();
            case U64LE -> RecordFraming.u64le();
        };
        KeyQuery q = s == ExportChoice.Source.KEY_RANGE
                ? KeyQuery.parse(start.getText(), stop.getText(), prefix.getText())
                : null;
        return new ExportChoice(s, q, f);
    }

    private static Label bold(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.TEXT_BOLD);
        return l;
    }

    private static RadioButton radio(ToggleGroup g, String text, Object data, boolean enabled) {
        RadioButton r = new RadioButton(text);
        r.setToggleGroup(g);
        r.setUserData(data);
        r.setDisable(!enabled);
        return r;
    }
}
