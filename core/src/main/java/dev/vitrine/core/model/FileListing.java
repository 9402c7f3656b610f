package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;

/**
 * Capability of archives that hold files (CAF, DataBundle): a listing in data order and each
 * file's content. Names come from the archive and may be unsafe; export sanitises them.
 */
public interface FileListing {

    /** One stored file. {@code range} is where its bytes are (for the hex view). */
    record Entry(String name, long size, ByteRange range) {}

    List<Entry> entries() throws IOException;

    Content content(Entry entry) throws IOException;
}
