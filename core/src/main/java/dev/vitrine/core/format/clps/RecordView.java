package dev.vitrine.core.format.clps;

import java.nio.charset.StandardCharsets;

/**
 * One record offered to a filter as its JSON text: bytes [offset, offset+length) of
 * {@link #buffer()}, without the trailing newline. Valid only during the call; filters run on
 * several decoding threads at once and must be thread-safe (a parsed KQL query is).
 */
public interface RecordView {
    /** The record's position in the archive's original order (log_event_idx), or in table order without it. */
    long index();

    byte[] buffer();

    int offset();

    int length();

    /** The record's JSON text (a copy). */
    default String text() {
        return new String(buffer(), offset(), length(), StandardCharsets.UTF_8);
    }
}
