package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import java.io.IOException;

/** Where a node lies inside a zstd frame's decoded bytes (a packet, a dictionary entry, a table). */
record ClpsDecoded(ByteRange container, String label, long offset, long length, Opener opener) implements Decoded {
    /** Decodes the frame again when the window asks (never kept by the node). */
    interface Opener {
        byte[] open() throws IOException;
    }

    @Override
    public ByteSource open() throws IOException {
        return MappedFileSource.ofBytes(label, opener.open());
    }
}
