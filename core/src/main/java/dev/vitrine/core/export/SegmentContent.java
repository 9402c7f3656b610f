package dev.vitrine.core.export;

import dev.vitrine.core.model.Content;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * Content whose bytes already lie in memory or in a mapped file (a stored CAF entry, an
 * uncompressed DataBundle member). The exporter writes such content straight from the segment
 * to the file channel, so a 10 GB entry is never copied through a Java heap buffer.
 */
public interface SegmentContent extends Content {

    /** The bytes; valid while the archive is open. */
    MemorySegment segment() throws IOException;

    /**
     * Whether {@link #segment} is a view of bytes already in memory or mapped (false: a copy,
     * as from a remote object, which the exporter reads through {@link #open} instead, a piece at
     * a time, so an entry larger than what is held in memory is still copied out).
     */
    default boolean isView() {
        return true;
    }
}
