package dev.vitrine.app.ui.details;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.core.model.Field;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.shape.Rectangle;

/**
 * The fields of the selected node: name, value, offset, length. Fields with bytes carry the
 * same colour swatch as their span in the hex view; selecting one reports it.
 */
public final class FieldsView extends TableView<FieldsView.Item> {

    /** A field and the hex colour it was given ({@code tint} -1 when it has no bytes). */
    public record Item(Field field, int tint) {}

    private Consumer<Field> onFieldSelected = f -> {};

    public FieldsView() {
        getStyleClass().addAll(Styles.DENSE, Styles.STRIPED, "fields-table");
        setFixedCellSize(26);
        setPlaceholder(new Label("this node has no fields"));
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        TableColumn<Item, Item> swatch = new TableColumn<>("");
        swatch.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        swatch.setCellFactory(c -> new SwatchCell());
        swatch.setPrefWidth(26);
        swatch.setMinWidth(26);
        swatch.setMaxWidth(26);
        swatch.setSortable(false);
        TableColumn<Item, String> name = column("field", 170, i -> i.field().name());
        // a placeholder (no bound: ±2⁶³) reads as "—"
        TableColumn<Item, String> value = column(
                "value",
                360,
                i -> dev.vitrine.core.text.Placeholders.shown(i.field().value()));
        TableColumn<Item, String> offset = column(
                "offset",
                130,
                i -> i.field().range().isNone()
                        ? ""
                        : Human.offset(i.field().range().offset()));
        // Not JavaFX's default 80: a column left at 80 is auto-sized on first show, which builds
        // and styles a throwaway cell per row (a visible part of the first frame).
        TableColumn<Item, String> length = column(
                "length",
                84,
                i -> i.field().range().isNone()
                        ? ""
                        : Human.count(i.field().range().length()));
        offset.getStyleClass().add("numeric-column");
        length.getStyleClass().add("numeric-column");
        getColumns().setAll(List.of(swatch, name, value, offset, length));
        // The value takes whatever width the others leave.
        value.prefWidthProperty()
                .bind(widthProperty()
                        .subtract(swatch.widthProperty())
                        .subtract(name.widthProperty())
                        .subtract(offset.widthProperty())
                        .subtract(length.widthProperty())
                        .subtract(18));
        value.setMinWidth(160);
        getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item != null) onFieldSelected.accept(item.field());
        });
    }

    private static TableColumn<Item, String> column(
            String title, double width, java.util.function.Function<Item, String> text) {
        TableColumn<Item, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(text.apply(cd.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }

    /** Shows {@code fields}; fields with a byte range get tints 0, 1, 2, … in order (as the hex view colours them). */
    public void show(List<Field> fields) {
        int tint = 0;
        List<Item> items = new java.util.ArrayList<>(fields.size());
        for (Field f : fields) items.add(new Item(f, f.range().isNone() ? -1 : tint++ % HexMark.FIELD_TINTS));
        setItems(FXCollections.observableArrayList(items));
    }

    public void setOnFieldSelected(Consumer<Field> handler) {
        onFieldSelected = handler == null ? f -> {} : handler;
    }

    private static final class SwatchCell extends TableCell<Item, Item> {
        private final Rectangle r = new Rectangle(10, 10);

        SwatchCell() {
            r.setArcWidth(4);
            r.setArcHeight(4);
        }

        @Override
        protected void updateItem(Item item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null || item.tint() < 0) {
                setGraphic(null);
                return;
            }
            r.getStyleClass().setAll("field-swatch", "tint-" + item.tint());
            setGraphic(r);
        }
    }
}
