package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * One block compression method. Decompression is bounded by the size actually produced, so a
 * compression bomb is a problem report, never an OutOfMemoryError.
 */
interface Codec {

    /** The name stored in the header, e.g. "deflate". */
    String name();

    /**
     * The whole payload of {@code input}. Fails when the stream is corrupt, ends early, is
     * followed by trailing bytes, or would produce more than {@code maxOutput} bytes.
     *
     * @param file   file name for messages
     * @param offset offset of the block, for messages
     */
    MemorySegment decompress(MemorySegment input, long maxOutput, String file, long offset) throws FormatException;

    /**
     * A fast path for a scan that reuses its buffers (verify): the whole payload of {@code input}
     * written to {@code out[off, off+room)}, returning its length, or -1 when it is not done
     * here (no fast path, not enough room, or bad data). The caller then calls {@link
     * #decompress}, which names the problem in its usual words.
     */
    default int decompressInto(MemorySegment input, byte[] out, int off, int room) {
        return -1;
    }

    /** Whether {@link #decompressInto} has a fast path (else a reused buffer would go unused). */
    default boolean decompressesInto() {
        return false;
    }

    /** A complete compressed stream of {@code data[off, off+len)}. */
    byte[] compress(byte[] data, int off, int len) throws IOException;

    /** Whether decompress returns its input unchanged (payload bytes are file bytes). */
    default boolean isIdentity() {
        return false;
    }
}
