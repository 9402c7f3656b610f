package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.HoverTip;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.NodeIcons;
import dev.vitrine.core.model.Health;
import java.util.List;
import java.util.function.LongFunction;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The file table's columns and cells: the name (escaped when it displays as something else),
 * size and offset right-aligned with their exact values in the tip, the health with its badge and
 * first reason, and rows tinted by health.
 */
final class FileCells {
    private static final PseudoClass DAMAGED = PseudoClass.getPseudoClass("damaged");
    private static final PseudoClass WARNING = PseudoClass.getPseudoClass("warning");

    private FileCells() {}

    /** The columns, in order: name, size, offset, shard, record at (those two shown by {@link #showOwnOffsets}), health. */
    static List<TableColumn<FileRow, ?>> columns() {
        TableColumn<FileRow, String> name = new TableColumn<>("name");
        name.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        name.setCellFactory(c -> new NameCell());
        name.setPrefWidth(300);
        TableColumn<FileRow, Long> size = new TableColumn<>("size");
        size.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().size()));
        size.setCellFactory(c -> new NumberCell(
                v -> v < 0 ? "?" : Human.size(v), v -> v < 0 ? "size known once decoded" : Human.count(v, "byte")));
        size.setPrefWidth(90);
        // Named as `ls --json` names them: "offset" is what ls prints (a bundle file's place in its
        // uncompressed shard); "record at" is where its record starts in the shard file.
        TableColumn<FileRow, Long> offset = new TableColumn<>("offset");
        offset.setId("files-offset");
        offset.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().listedOffset()));
        offset.setCellFactory(c ->
                new NumberCell(v -> v < 0 ? "—" : Human.count(v), v -> v < 0 ? "bytes not located" : Human.offset(v)));
        offset.setPrefWidth(100);
        TableColumn<FileRow, Long> shard = new TableColumn<>("shard");
        shard.setId("files-shard");
        shard.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().shard()));
        shard.setCellFactory(c -> new NumberCell(v -> v < 0 ? "—" : Human.count(v), v -> "shard " + v));
        shard.setPrefWidth(60);
        shard.setVisible(false);
        TableColumn<FileRow, Long> record = new TableColumn<>("record at");
        record.setId("files-record-at");
        record.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().offset()));
        record.setCellFactory(c -> new NumberCell(
                v -> v < 0 ? "—" : Human.count(v),
                v -> v < 0 ? "bytes not located" : "its record starts at " + Human.offset(v) + " in the shard file"));
        record.setPrefWidth(90);
        record.setVisible(false);
        TableColumn<FileRow, Health> health = new TableColumn<>("health");
        health.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().health()));
        health.setCellFactory(c -> new HealthCell());
        health.setPrefWidth(110);
        for (TableColumn<FileRow, ?> col : List.of(size, offset, shard, record))
            col.getStyleClass().add("numeric-column");
        // Each column keeps its heading and a number whole ("off…", "hea…" at 1024x700); a narrow
        // table scrolls sideways instead. Names come first and keep the most.
        name.setMinWidth(150);
        size.setMinWidth(70);
        offset.setMinWidth(70);
        shard.setMinWidth(62);
        record.setMinWidth(92);
        health.setMinWidth(95);
        return List.of(name, size, offset, shard, record, health);
    }

    /** Shows the shard and record columns when the listing has offsets of its own (a bundle). */
    static void showOwnOffsets(List<TableColumn<FileRow, ?>> columns, List<FileRow> rows) {
        boolean own = rows.stream().anyMatch(FileRow::ownOffset);
        for (TableColumn<FileRow, ?> c : columns) {
            if ("files-record-at".equals(c.getId())) c.setVisible(own);
            if ("files-shard".equals(c.getId()))
                c.setVisible(own && rows.stream().anyMatch(r -> r.shard() >= 0));
        }
    }

    /** A row, marked {@code :damaged} or {@code :warning} by its file's health (the stylesheet tints it). */
    static TableRow<FileRow> row() {
        return new FileTableRow();
    }

    private static final class NameCell extends TableCell<FileRow, String> {
        private String tip;

        NameCell() {
            HoverTip.install(this, () -> tip);
        }

        @Override
        protected void updateItem(String name, boolean empty) {
            super.updateItem(name, empty);
            FileRow row =
                    empty ? null : getTableRow() == null ? null : getTableRow().getItem();
            if (empty || name == null || row == null) {
                setText(null);
                tip = null;
                return;
            }
            setText(FilesModel.shown(name));
            tip = FilesModel.shown(name) + (row.note().isEmpty() ? "" : "\n" + row.note());
        }
    }

    private static final class NumberCell extends TableCell<FileRow, Long> {
        private final LongFunction<String> text;
        private final LongFunction<String> tipText;
        private String tip;

        NumberCell(LongFunction<String> text, LongFunction<String> tipText) {
            this.text = text;
            this.tipText = tipText;
            setAlignment(Pos.CENTER_RIGHT);
            HoverTip.install(this, () -> tip);
        }

        @Override
        protected void updateItem(Long v, boolean empty) {
            super.updateItem(v, empty);
            if (empty || v == null) {
                setText(null);
                tip = null;
                return;
            }
            setText(text.apply(v));
            tip = tipText.apply(v);
        }
    }

    private static final class HealthCell extends TableCell<FileRow, Health> {
        private final FontIcon badge = new FontIcon();
        private String tip;

        HealthCell() {
            badge.getStyleClass().add("health-badge");
            HoverTip.install(this, () -> tip);
        }

        @Override
        protected void updateItem(Health h, boolean empty) {
            super.updateItem(h, empty);
            FileRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
            if (empty || h == null || row == null) {
                setText(null);
                setGraphic(null);
                tip = null;
                return;
            }
            badge.setIconCode(NodeIcons.forHealth(h));
            badge.getStyleClass().removeIf(c -> c.startsWith("health-") && !c.equals("health-badge"));
            badge.getStyleClass().add(NodeIcons.healthClass(h));
            setGraphic(badge);
            setText(FilesModel.healthWord(h));
            tip = row.note().isEmpty() ? NodeIcons.healthText(h) : row.note();
        }
    }

    private static final class FileTableRow extends TableRow<FileRow> {
        @Override
        protected void updateItem(FileRow row, boolean empty) {
            super.updateItem(row, empty);
            Health h = empty || row == null ? null : row.health();
            pseudoClassStateChanged(DAMAGED, h == Health.DAMAGED);
            pseudoClassStateChanged(WARNING, h == Health.WARNING);
        }
    }
}
