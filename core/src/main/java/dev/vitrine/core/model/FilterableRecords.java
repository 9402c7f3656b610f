package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;

/**
 * Capability of archives whose records are JSON (clp-s, Ark) for a window's records table: any
 * record by its position in original order, the key paths most records have (the table's
 * columns), and a scan for the records a query matches that can be cancelled and reports
 * matches as it finds them. Calls may read and decode the archive: never on a UI thread.
 */
public interface FilterableRecords {

    long recordCount() throws IOException;

    /** Records {@code [from, from+count)} in original order, each as one line of JSON without its newline. */
    List<String> lines(long from, int count) throws IOException;

    /**
     * Where record {@code index}'s values lie: the decoded bytes holding them, with a field
     * framing each value, for a window to show beside the raw bytes; empty when the format
     * cannot say.
     */
    default java.util.Optional<Decoded> recordBytes(long index) throws IOException {
        return java.util.Optional.empty();
    }

    /** Key paths of the records, most frequent first (at most {@code max}). */
    List<KeyPath> keyPaths(int max) throws IOException;

    /**
     * A query in the format's language, ready to scan with.
     *
     * @throws JsonRecords.QuerySyntaxException when it cannot be parsed, with the position of the mistake
     */
    Query compile(String query);

    /**
     * Tests the records {@code [from, to)} in order and gives each match's index to {@code sink}
     * (from the calling thread), stopping early when the sink returns false or {@code cancelled}
     * says so. Returns the index the scan got to (to, or where it stopped).
     */
    long scan(Query query, long from, long to, LongPredicate sink, BooleanSupplier cancelled) throws IOException;

    /** A compiled query (opaque). */
    interface Query {
        String text();
    }

    /** A key path (keys from the record's top) and how many records have it. */
    record KeyPath(List<String> keys, long records) {
        public String dotted() {
            return String.join(".", keys);
        }
    }
}
