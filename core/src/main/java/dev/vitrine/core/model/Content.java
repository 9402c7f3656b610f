package dev.vitrine.core.model;

import java.io.IOException;
import java.io.InputStream;

/** Bytes a user can export or preview: a file inside an archive, a record, a message. */
public interface Content {

    /** Suggested relative name when exported (may be unsafe: export sanitises it). */
    String name();

    /** {@link #size()} of content made as it is read (JSON lines of messages): the exporter then counts what it writes. */
    long UNKNOWN_SIZE = -1;

    /** Size in bytes once decoded, or {@link #UNKNOWN_SIZE}. */
    long size();

    /** A fresh stream over the decoded bytes; the caller closes it. */
    InputStream open() throws IOException;

    /**
     * The archive bytes this content alone is read or decoded from (a CAF entry's range, a
     * DataBundle record's compressed bytes, an Ark payload), or {@link ByteRange#NONE} when
     * unknown or legitimately shared with other contents. Export refuses contents whose stored
     * bytes overlap an earlier one's unless asked: reused bytes are how a small archive
     * pretends to hold far more than it does. Must not read the archive.
     */
    default ByteRange stored() {
        return ByteRange.NONE;
    }
}
