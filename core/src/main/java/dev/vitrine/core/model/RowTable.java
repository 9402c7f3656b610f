package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;

/**
 * Rows (records, files, messages) of a node, fetched by index range so a view can be
 * virtualized over millions of rows. Calls may read the file: never on a UI thread.
 */
public interface RowTable {

    List<String> columns();

    /** Number of rows. May need a scan of the archive (the caller runs it in the background). */
    long rowCount() throws IOException;

    /** Rows {@code [from, from+count)}. */
    List<Row> rows(long from, int count) throws IOException;

    /**
     * Damage met while counting or reading rows (a block that cannot be decoded counts as no
     * rows): a view shows these rather than a table that looks merely empty.
     */
    default List<dev.vitrine.core.model.Problem> problems() {
        return List.of();
    }

    /** One row: cell texts in column order, the bytes it came from, and its content if exportable. */
    record Row(long index, List<String> cells, ByteRange range, Content content) {}
}
