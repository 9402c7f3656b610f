package dev.vitrine.core.io;

import java.lang.foreign.MemorySegment;

/**
 * Read-only random access to the bytes of one file (or a slice of one), with long offsets.
 * Every read is bounds-checked and fails with a {@link TruncatedException} that names the
 * file and the offset, whichever implementation is underneath.
 */
public interface ByteSource extends AutoCloseable {

    /** The file name used in messages (not a full path). */
    String name();

    /** Size in bytes. */
    long size();

    /** Reads exactly {@code len} bytes at {@code offset} into {@code dst}. */
    void read(long offset, byte[] dst, int dstOffset, int len) throws TruncatedException;

    /**
     * A zero-copy view of {@code length} bytes at {@code offset}; valid until this source is
     * closed. Offsets inside the returned segment start at 0.
     */
    MemorySegment segment(long offset, long length) throws TruncatedException;

    /**
     * Copies {@code dst.remaining()} bytes at {@code offset} into {@code dst} (a buffer native code
     * reads, such as zstd's input), advancing its position. A local file reads them from the
     * system's page cache without mapping them: a stream read once costs no fault per page.
     */
    default void read(long offset, java.nio.ByteBuffer dst) throws java.io.IOException {
        int n = dst.remaining();
        MemorySegment.copy(segment(offset, n), 0, MemorySegment.ofBuffer(dst), 0, n);
        dst.position(dst.position() + n);
    }

    /**
     * The whole source as one segment when it is already in memory or mapped (local files), so
     * hot loops can read it without a call per range; empty for sources read by ranges (remote
     * objects), whose readers ask {@link #segment} for each span they need.
     */
    default java.util.Optional<MemorySegment> whole() {
        return java.util.Optional.empty();
    }

    /**
     * Lets go of what this source keeps only to make later reads faster (a remote object's
     * recent spans); see {@link dev.vitrine.core.format.Archive#releaseCaches}. Reads after it
     * return the same bytes; what a reader already holds stays valid.
     */
    default void releaseCaches() {}

    /**
     * A front-to-back reader (a verify) will not come back before {@code offset}: a source read
     * by ranges reuses the memory of what lies before it first. A hint; reads before it still work.
     */
    default void passed(long offset) {}

    /**
     * A reader is about to read {@code length} bytes at {@code offset} front to back (a compressed
     * stream it decodes as it reads): a source read by ranges asks for their first part now, in
     * requests side by side, instead of learning the reader is sequential one read at a time (a
     * round trip each over a slow link). A hint; it changes no read's result.
     */
    default void willRead(long offset, long length) {}

    /** Bytes {@link #releaseCaches} would let go (0 when nothing is kept). */
    default long cachedBytes() {
        return 0;
    }

    default byte[] read(long offset, int len) throws TruncatedException {
        byte[] out = new byte[len];
        read(offset, out, 0, len);
        return out;
    }

    default int readU8(long offset) throws TruncatedException {
        return segment(offset, 1).get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0) & 0xff;
    }

    default long readU64LE(long offset) throws TruncatedException {
        return segment(offset, 8).get(LittleEndian.U64, 0);
    }

    default long readU32LE(long offset) throws TruncatedException {
        return segment(offset, 4).get(LittleEndian.U32, 0) & 0xffffffffL;
    }

    /** Throws unless {@code [offset, offset+length)} lies inside this source. */
    default void checkRange(long offset, long length, String what) throws TruncatedException {
        if (offset < 0 || length < 0 || offset > size() || length > size() - offset) {
            throw new TruncatedException(name(), offset, length, size(), what);
        }
    }

    @Override
    void close();
}
