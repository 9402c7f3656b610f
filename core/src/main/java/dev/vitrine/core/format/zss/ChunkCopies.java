package dev.vitrine.core.format.zss;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The buffers verify reuses, one per chunk in flight: a codec-none chunk's copy, or a compressed
 * chunk's decompressed data blocks. A gigabyte verified is a few buffers, not a gigabyte of
 * garbage. Their number is bounded by the chunks in flight.
 */
final class ChunkCopies {
    private final int size;
    private final ConcurrentLinkedQueue<byte[]> free = new ConcurrentLinkedQueue<>();

    /** @param chunkBytes the usual chunk size; a chunk may end one block past it */
    ChunkCopies(long chunkBytes) {
        this.size = (int) (chunkBytes + (256 << 10));
    }

    /** A buffer of at least {@code bytes}; one that an outsized block needs is not kept afterwards. */
    byte[] take(long bytes) {
        if (bytes > size) return new byte[Math.toIntExact(bytes)];
        byte[] b = free.poll();
        return b != null ? b : new byte[size];
    }

    void give(byte[] b) {
        if (b.length == size) free.add(b);
    }
}
