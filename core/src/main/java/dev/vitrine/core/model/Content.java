package dev.vitrine.core.model;

import java.io.IOException;
import java.io.InputStream;

/** Bytes a user can export or preview: a file inside an archive, a record, a message. */
public interface Content {

    /** Suggested relative name when exported (may be unsafe: export sanitises it). */
    String name();

    /** Size in bytes once decoded. */
    long size();

    /** A fresh stream over the decoded bytes; the caller closes it. */
    InputStream open() throws IOException;
}
