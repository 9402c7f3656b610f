package dev.vitrine.app.ui.table;

import javafx.collections.ObservableListBase;

/**
 * An observable list of {@code size} rows that exist only when looked at: what a TableView
 * needs to virtualize over millions of rows. A TableView indexes rows by int, so a table is
 * shown up to {@link Integer#MAX_VALUE} rows (the caller says so when it clips).
 */
public final class LazyRowList extends ObservableListBase<LazyRow> {
    private final RowWindow window;
    private final int size;

    public LazyRowList(RowWindow window) {
        this.window = window;
        this.size = (int) Math.min(Integer.MAX_VALUE - 8, window.size());
    }

    public boolean clipped() {
        return window.size() > size;
    }

    @Override
    public LazyRow get(int index) {
        return window.row(index);
    }

    @Override
    public int size() {
        return size;
    }

    public RowWindow window() {
        return window;
    }
}
