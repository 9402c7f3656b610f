package dev.vitrine.app.ui.table;

import dev.vitrine.core.model.RowTable;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** A row of a virtualized table: its index now, its cells once its page has been read. */
public final class LazyRow {
    private final long index;
    private final ReadOnlyObjectWrapper<RowTable.Row> row = new ReadOnlyObjectWrapper<>(this, "row");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");

    public LazyRow(long index) {
        this.index = index;
    }

    public long index() {
        return index;
    }

    public RowTable.Row row() {
        return row.get();
    }

    public ReadOnlyObjectProperty<RowTable.Row> rowProperty() {
        return row.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public boolean isLoaded() {
        return row.get() != null || error.get() != null;
    }

    /** Text of column {@code c}: the cell, "…" while loading, or the read error. */
    public String cell(int c) {
        RowTable.Row r = row.get();
        if (r != null) return c < r.cells().size() ? r.cells().get(c) : "";
        if (error.get() != null) return c == 0 ? "⚠ " + error.get() : "";
        return c == 0 ? "…" : "";
    }

    void set(RowTable.Row r) {
        row.set(r);
    }

    void fail(String why) {
        error.set(why);
    }
}
