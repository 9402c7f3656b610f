package dev.vitrine.core.model;

import java.io.IOException;

/**
 * Capability of archives that hold sorted binary records (ZSS, ZS): range scans by key.
 * A record r matches when start <= r < stop and r starts with prefix (byte-wise unsigned
 * order); null means unbounded.
 */
public interface SortedRecords {

    /** Receives records in order; return false to stop early. */
    @FunctionalInterface
    interface RecordSink {
        boolean accept(byte[] record, int offset, int length) throws IOException;
    }

    void scan(byte[] start, byte[] stop, byte[] prefix, RecordSink sink) throws IOException;
}
