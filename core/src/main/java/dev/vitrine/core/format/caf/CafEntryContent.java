package dev.vitrine.core.format.caf;

import dev.vitrine.core.export.SegmentContent;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.SegmentInputStream;
import dev.vitrine.core.io.SourceRangeInputStream;
import dev.vitrine.core.model.ByteRange;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;

/**
 * The stored bytes of one entry: a zero-copy slice of the mapped chunk (a copy of a remote
 * one's). When the entry's range is unusable, {@code problem} says why and every read fails
 * with it (at the entry's key offset), so export reports the entry as failed instead of
 * writing garbage.
 */
final class CafEntryContent implements SegmentContent {
    private final String name;
    private final ByteSource src;
    private final long start;
    private final long length;
    private final FormatException problem;

    private CafEntryContent(String name, ByteSource src, long start, long length, FormatException problem) {
        this.name = name;
        this.src = src;
        this.start = start;
        this.length = length;
        this.problem = problem;
    }

    static CafEntryContent of(String name, ByteSource src, long start, long length) {
        return new CafEntryContent(name, src, start, length, null);
    }

    static CafEntryContent unreadable(String name, ByteSource src, long offset, String why) {
        return new CafEntryContent(name, src, 0, 0, new FormatException(src.name(), offset, why));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return length;
    }

    /** The entry's range in the data section; NONE for an unreadable entry. */
    @Override
    public ByteRange stored() {
        return problem != null ? ByteRange.NONE : ByteRange.of(start, length);
    }

    /**
     * The entry's bytes. A source read by ranges is told the reader is past them: export reads
     * the entries in data order, front to back, so the cache reuses the blocks of entries already
     * written before it grows (a mapped chunk's pages are released the same way, by the export).
     * For a reader out of order (the window) it is only a hint: those blocks stay readable, they
     * are merely the first reused, and a read further back starts the source's count again.
     */
    @Override
    public MemorySegment segment() throws IOException {
        if (problem != null) throw problem;
        MemorySegment bytes = src.segment(start, length);
        src.passed(start + length);
        return bytes;
    }

    @Override
    public boolean isView() {
        return src.whole().isPresent();
    }

    /** A mapped chunk's slice, or a remote one's bytes read a piece at a time (an entry may be larger than memory holds). */
    @Override
    public InputStream open() throws IOException {
        if (problem != null) throw problem;
        return isView() ? new SegmentInputStream(segment()) : new SourceRangeInputStream(src, start, length);
    }
}
