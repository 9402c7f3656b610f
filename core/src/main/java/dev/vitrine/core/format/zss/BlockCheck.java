package dev.vitrine.core.format.zss;

import dev.vitrine.core.model.Problem;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * What the parallel stage of verify found in one block, for the in-order stage: its own
 * problems, its first and last record (data) or its entries (index), and the payload to hash
 * (compressed data blocks only; dropped once hashed).
 */
final class BlockCheck {
    final BlockFrame frame;
    boolean crcOk;
    /**
     * What the block says could not be read: a checksum failure, a payload that would not
     * decompress, malformed records or entries. Its problems are the damage; what follows from
     * it elsewhere (blocks its lost entries referred to, the data hash) is reported as such.
     */
    boolean contentLost;

    List<Problem> problems;
    /** Data blocks: copies of the first and last record; null when unknown (damage). */
    MemorySegment first;

    MemorySegment last;
    /** Index blocks: the entries that could be parsed. */
    List<IndexEntry> entries;
    /** Decompressed data payload, kept until hashed (compressed codecs). */
    volatile MemorySegment payloadToHash;

    BlockCheck(BlockFrame frame) {
        this.frame = frame;
    }

    void problem(Problem p) {
        if (problems == null) problems = new ArrayList<>(2);
        problems.add(p);
    }
}
