package dev.vitrine.core.format.zss;

/**
 * How many bytes of block frames make one chunk of verify's pipeline, by how the chunk is
 * checked: copied (codec none), read in place, or decompressed into one reused buffer
 * of {@link #DECODED_BYTES}, where the chunk is cut to fill it at the growth seen so far.
 */
final class ChunkSizing {
    static final long COMPRESSED = 1L << 20;
    static final long COMPRESSED_MIN = 64 << 10;
    /** Codec none: chunks are copied, and the copies held until hashed; small keeps them few MB. */
    static final long COPIED = 2L << 20;
    /** Room for one chunk's decompressed data blocks, reused. */
    static final int DECODED_BYTES = 4 << 20;

    /** Compressed bytes read and the data payload bytes they decompressed to, so far. */
    private volatile long rawSeen, decodedSeen;

    /** Bytes of frames for the next chunk. */
    long target(boolean identity, boolean decodesInto) {
        if (identity) return COPIED;
        if (!decodesInto) return COMPRESSED;
        long raw = rawSeen, decoded = decodedSeen;
        if (raw == 0 || decoded == 0) return COMPRESSED_MIN * 4;
        long t = (long) (DECODED_BYTES * 0.9 * raw / decoded);
        return Math.clamp(t, COMPRESSED_MIN, COMPRESSED);
    }

    /** Called by the hash, one chunk at a time (so never concurrently). */
    void noteGrowth(long raw, long decoded) {
        rawSeen += raw;
        decodedSeen += decoded;
    }
}
