package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.SegmentInputStream;
import dev.vitrine.core.model.Content;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;

/** One record's bytes, streamed from the (mapped or decompressed) payload without a copy. */
record RecordContent(String name, MemorySegment bytes) implements Content {
    @Override
    public long size() {
        return bytes.byteSize();
    }

    @Override
    public InputStream open() {
        return new SegmentInputStream(bytes);
    }
}
