package dev.vitrine.core.model;

import dev.vitrine.core.io.ByteSource;
import java.io.IOException;
import java.util.List;

/**
 * The decoded bytes a node lives in, for a node inside a compressed block or frame (a ZSS
 * record in a deflate block, a clp-s packet in the metadata frame, an Ark message). The
 * window shows the raw {@link #container()} bytes and beside them the decoded bytes with
 * the node's own {@link #offset()}/{@link #length()} framed.
 */
public interface Decoded {

    /** The raw (compressed) bytes in the archive's file that decode to {@link #open()}. */
    ByteRange container();

    /** What the decoded bytes are, e.g. "deflate block @ 106, inflated". */
    String label();

    /** Where the node's own bytes start within the decoded bytes. */
    long offset();

    /** How many decoded bytes belong to the node. */
    long length();

    /** Fields with ranges inside the decoded bytes (their {@link ByteRange#file()} is ignored). */
    default List<Field> fields() {
        return List.of();
    }

    /** Decodes the container; the caller closes the result. May read and inflate: not on a UI thread. */
    ByteSource open() throws IOException;
}
