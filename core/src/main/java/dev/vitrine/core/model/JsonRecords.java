package dev.vitrine.core.model;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Capability of archives whose records are JSON-like and not key-sorted (clp-s records, Ark
 * messages): every record as one line of JSON, in the archive's original order, optionally
 * filtered by the format's query language. ZSS-style key ranges are {@link SortedRecords}.
 */
public interface JsonRecords {

    /** Number of records (cheap: from metadata where the format has it). */
    long recordCount() throws IOException;

    /**
     * Writes every record matching {@code query} (null or blank: all) as one line of JSON
     * ending in a newline. Returns how many were written.
     *
     * @throws QuerySyntaxException when the query cannot be parsed (a usage error, not damage)
     */
    long writeJsonLines(String query, OutputStream out) throws IOException;

    /** A query the format cannot parse; {@link #position()} is the 0-based character of the mistake. */
    class QuerySyntaxException extends IllegalArgumentException {
        private final int position;

        public QuerySyntaxException(String message, int position) {
            super(message);
            this.position = position;
        }

        public int position() {
            return position;
        }
    }
}
