package dev.vitrine.app.ui.verify;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/** The problems list: severity, file, offset, message; selecting a row reports the problem. */
public final class ProblemsView extends BorderPane {
    static final double ROW_HEIGHT = dev.vitrine.app.ui.table.RecordsView.ROW_HEIGHT;
    private final TableView<Problem> table = new TableView<>();
    private final Label title = new Label("Problems");
    private final Label state = new Label("not verified yet");
    private Consumer<Problem> onSelected = p -> {};
    private final javafx.beans.property.BooleanProperty collapsed = new javafx.beans.property.SimpleBooleanProperty();

    public ProblemsView(ObservableList<Problem> problems) {
        getStyleClass().add("problems-view");
        table.setItems(problems);
        table.getStyleClass().addAll(Styles.DENSE, "problems-table");
        table.setFixedCellSize(ROW_HEIGHT);
        Label empty = new Label("No problems found so far.\nRun Verify (F5) for a full check.");
        empty.getStyleClass().add("problems-empty");
        empty.setWrapText(true);
        table.setPlaceholder(empty);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_LAST_COLUMN);
        TableColumn<Problem, Severity> sev = new TableColumn<>("");
        sev.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().severity()));
        sev.setCellFactory(c -> new SeverityCell());
        sev.setPrefWidth(30);
        sev.setMaxWidth(30);
        sev.setMinWidth(30);
        sev.setSortable(false);
        TableColumn<Problem, String> file = text("file", 110, p -> p.ref().path());
        fileColumn = file;
        file.setVisible(false);
        TableColumn<Problem, String> off =
                text("offset", 90, p -> p.offset() < 0 ? "whole file" : Human.count(p.offset()));
        off.getStyleClass().add("numeric-column");
        TableColumn<Problem, String> msg = text("message", 400, Problem::message);
        msg.setCellFactory(c -> new MessageCell());
        table.getColumns().setAll(List.of(sev, file, off, msg));
        // several at once: a verified part selects all of its problems, Ctrl+C copies them
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, p) -> {
            if (p != null) onSelected.accept(p);
        });
        title.getStyleClass().add(Styles.TEXT_BOLD);
        title.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        state.getStyleClass().add("problems-state");
        state.setMinWidth(0);
        state.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        HBox head = new HBox(8, new FontIcon(MaterialDesignS.SHIELD_CHECK_OUTLINE), title, state);
        head.setAlignment(Pos.CENTER_LEFT);
        head.setPadding(new Insets(4, 8, 4, 8));
        head.getStyleClass().add("pane-header");
        setTop(head);
        setCenter(table);
        // An empty list is only its header (a placeholder kept a third of the window for nothing).
        collapsed.bind(javafx.beans.binding.Bindings.isEmpty(problems));
        collapsed.addListener((o, was, is) -> setCenter(is ? null : table));
        if (problems.isEmpty()) setCenter(null);
        problems.addListener((javafx.collections.ListChangeListener<Problem>) c -> updateTitle());
        updateTitle();
    }

    private static TableColumn<Problem, String> text(
            String name, double w, java.util.function.Function<Problem, String> f) {
        TableColumn<Problem, String> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        c.setPrefWidth(w);
        c.setSortable(false);
        return c;
    }

    private TableColumn<Problem, String> fileColumn;

    private void updateTitle() {
        int n = table.getItems().size();
        if (fileColumn != null) {
            fileColumn.setVisible(
                    table.getItems().stream().anyMatch(p -> !p.ref().isMain()));
        }
        title.setText(n == 0 ? "Problems" : "Problems (" + Human.count(n) + ")");
    }

    /** The verify state line: "not verified yet", "verifying… 40%", "no problems (0.3 s)". */
    public void setState(String text, boolean bad) {
        state.setText(text);
        state.pseudoClassStateChanged(Styles.STATE_DANGER, bad);
    }

    /** After a verify without findings the empty list says so. */
    public void setVerified(boolean clean) {
        if (clean && table.getPlaceholder() instanceof Label l) l.setText("Verified: no problems.");
    }

    public String state() {
        return state.getText();
    }

    public void setOnProblemSelected(Consumer<Problem> handler) {
        onSelected = handler == null ? p -> {} : handler;
    }

    /**
     * Selects the listed problems that are {@code found} (what a part verify reported: some may
     * have been listed already, by opening, the tree or an earlier verify, so they are matched as
     * the session tells them apart) and shows the first; returns how many are selected.
     */
    public int select(List<Problem> found) {
        var sm = table.getSelectionModel();
        sm.clearSelection();
        java.util.Set<List<Object>> wanted = new java.util.HashSet<>();
        for (Problem p : found) wanted.add(dev.vitrine.app.ui.ArchiveSession.identity(p));
        List<Integer> inside = new java.util.ArrayList<>();
        for (int i = 0; i < table.getItems().size(); i++)
            if (wanted.contains(
                    dev.vitrine.app.ui.ArchiveSession.identity(table.getItems().get(i)))) inside.add(i);
        if (inside.isEmpty()) return 0;
        for (int i : inside.subList(1, inside.size())) sm.select(i);
        sm.select((int) inside.getFirst());
        table.scrollTo((int) inside.getFirst());
        return inside.size();
    }

    /** True while there is nothing to list: only the header shows. */
    public javafx.beans.value.ObservableBooleanValue collapsedProperty() {
        return collapsed;
    }

    public TableView<Problem> table() {
        return table;
    }

    /** A message cell whose tooltip is the whole line when the column cuts it off (it often does). */
    private static final class MessageCell extends TableCell<Problem, String> {
        MessageCell() {
            dev.vitrine.app.ui.HoverTip.install(this, () -> {
                if (isEmpty()
                        || getItem() == null
                        || getTableRow() == null
                        || getTableRow().getItem() == null) return null;
                javafx.scene.text.Text t = new javafx.scene.text.Text(getItem());
                t.setFont(getFont());
                boolean cut = t.getLayoutBounds().getWidth() > getWidth() - snappedLeftInset() - snappedRightInset();
                return cut ? getTableRow().getItem().toString() : null;
            });
        }

        @Override
        protected void updateItem(String s, boolean empty) {
            super.updateItem(s, empty);
            setText(empty ? null : s);
        }
    }

    private static final class SeverityCell extends TableCell<Problem, Severity> {
        @Override
        protected void updateItem(Severity s, boolean empty) {
            super.updateItem(s, empty);
            if (empty || s == null) {
                setGraphic(null);
                return;
            }
            FontIcon i = switch (s) {
                case ERROR -> new FontIcon(MaterialDesignC.CLOSE_CIRCLE);
                case WARNING -> new FontIcon(MaterialDesignA.ALERT);
                case INFO -> new FontIcon(MaterialDesignI.INFORMATION_OUTLINE);
            };
            i.getStyleClass().add("severity-" + s.name().toLowerCase(java.util.Locale.ROOT));
            setGraphic(i);
        }
    }
}
