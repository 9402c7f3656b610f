package dev.vitrine.app.ui.jsonrecords;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.model.RowTable;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the JSON records table shows first: the record count, the key paths as columns and the
 * first page of rows, read in the background as soon as the archive opens. Made when the view
 * is, it waited for the tree, details and bytes to be attached and read first (a pulse each),
 * and a one-stream clp-s archive's decode started only then.
 *
 * @param rows the first page, read once the columns are known (while the table is put on screen);
 *     when it fails, the table reads it again and its rows say why
 */
public record FirstRecords(
        long count, List<FilterableRecords.KeyPath> columns, CompletableFuture<List<RowTable.Row>> rows) {

    /** The first records of {@code session}'s archive, started once (empty when it has no JSON records). */
    public static java.util.Optional<CompletableFuture<FirstRecords>> ahead(
            ArchiveSession session, Background background) {
        return session.archive()
                .capability(FilterableRecords.class)
                .map(r -> session.ahead(Ahead.class, () -> new Ahead(read(background, r))).first);
    }

    /** The session's slot for the read started ahead. */
    private record Ahead(CompletableFuture<FirstRecords> first) {}

    /** Reads them in the background (the short lane: the window waits for them). */
    static CompletableFuture<FirstRecords> read(Background background, FilterableRecords records) {
        // The JSON tree parser's first use loads and links its classes: done beside the archive's decode, it no
        // longer adds 70-300 ms to the first page once the records are there.
        background.run(() -> RecordRows.rows(List.of(), 0, List.of(WARM_UP)), null, null);
        return background.run(
                () -> {
                    long count = records.recordCount();
                    List<FilterableRecords.KeyPath> columns = records.keyPaths(JsonRecordsView.MAX_COLUMNS);
                    int n = (int) Math.min(JsonRecordsView.PAGE, count);
                    return new FirstRecords(
                            count,
                            columns,
                            background.run(
                                    () -> JsonRecordsView.page(records, columns, 0, n),
                                    r -> Trace.log("records prepared"),
                                    null));
                },
                null,
                null);
    }

    /** A record with a value of each JSON kind (see the first page's warm-up). */
    private static final String WARM_UP =
            "{\"s\":\"x\",\"i\":1,\"f\":1.5,\"b\":true,\"n\":null,\"a\":[1,\"y\"],\"o\":{\"k\":-2e3}}";
}
