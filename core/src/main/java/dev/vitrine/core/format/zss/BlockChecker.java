package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The parallel stage of verify ({@link ZssVerifier}): what can be checked of a block on its
 * own, in any order, on any thread. CRC, decompression, record framing and order within the
 * block, index entries and their order. Needs nothing from other blocks.
 */
final class BlockChecker {
    private final ZssArchive archive;
    private final VerifyContext ctx;
    private final BlockReader reader;
    private final String file;
    private final boolean identity;

    BlockChecker(ZssArchive archive, VerifyContext ctx, boolean identity) {
        this.archive = archive;
        this.ctx = ctx;
        this.reader = archive.reader();
        this.file = reader.file();
        this.identity = identity;
    }

    /** Checks one chunk of frames; a shorter array when cancelled. */
    BlockCheck[] check(List<BlockFrame> frames) {
        BlockCheck[] out = new BlockCheck[frames.size()];
        for (int i = 0; i < out.length; i++) {
            if (ctx.isCancelled()) return Arrays.copyOf(out, i);
            out[i] = check(frames.get(i));
        }
        return out;
    }

    private BlockCheck check(BlockFrame f) {
        BlockCheck bc = new BlockCheck(f);
        long off = f.offset();
        try {
            bc.crcOk = reader.crcOk(f);
        } catch (FormatException e) {
            bc.problem(Problem.of(e)); // the frame was checked to fit: only a source that shrank gets here
            bc.contentLost = true;
            return bc;
        }
        bc.contentLost = !bc.crcOk;
        if (!bc.crcOk) bc.problem(Problem.error(file, off, "checksum mismatch at " + off));
        if (f.level() < 0) {
            if (bc.crcOk) bc.problem(Problem.error(file, off, "block at " + off + " has length 0: no level byte"));
            return bc;
        }
        if (f.isExtension()) return bc; // CRC-checked, otherwise ignored
        // Damaged bytes are not fed to a decompressor: nothing in them can be trusted, and a
        // mangled bz2 stream costs megabytes to discover. (The data hash then fails too.)
        if (!bc.crcOk) return bc;
        MemorySegment payload;
        try {
            payload = reader.payload(f);
        } catch (FormatException e) {
            bc.problem(Problem.of(e));
            bc.contentLost = true;
            return bc;
        }
        if (f.isData()) {
            if (!identity) bc.payloadToHash = payload;
            checkRecords(bc, payload);
        } else {
            checkIndex(bc, payload);
        }
        return bc;
    }

    private void checkRecords(BlockCheck bc, MemorySegment p) {
        long off = bc.frame.offset();
        RecordCursor c = new RecordCursor(p);
        long prevStart = -1, prevLen = 0, firstPrefix = -1, firstStart = 0, firstLen = 0, lastPrefix = -1;
        boolean unsorted = false;
        try {
            while (c.next()) {
                long s = c.start(), l = c.length();
                if (prevStart < 0) {
                    firstPrefix = c.prefixStart();
                    firstStart = s;
                    firstLen = l;
                } else if (!unsorted && Keys.compare(p, prevStart, prevLen, p, s, l) > 0) {
                    unsorted = true;
                    bc.problem(Problem.error(file, off, "unsorted records within block"));
                }
                prevStart = s;
                prevLen = l;
                lastPrefix = c.prefixStart();
            }
        } catch (PayloadException e) {
            bc.problem(Problem.of(e.at(file, off)));
            bc.contentLost = true;
            return;
        }
        if (prevStart < 0) {
            bc.problem(Problem.error(file, off, "empty block"));
            bc.contentLost = true;
            return;
        }
        if (identity) {
            bc.firstPos = bc.frame.payloadOffset() + firstPrefix;
            bc.lastPos = bc.frame.payloadOffset() + lastPrefix;
            bc.first = p.asSlice(firstStart, firstLen);
            bc.last = p.asSlice(prevStart, prevLen);
        } else {
            // Copies, so the ledger does not pin whole decompressed payloads.
            bc.first = MemorySegment.ofArray(p.asSlice(firstStart, firstLen).toArray(ValueLayout.JAVA_BYTE));
            bc.last = MemorySegment.ofArray(p.asSlice(prevStart, prevLen).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    private void checkIndex(BlockCheck bc, MemorySegment p) {
        long off = bc.frame.offset();
        List<IndexEntry> entries = new ArrayList<>();
        try {
            IndexPayload.parse(p, archive.limits().maxEntries(), entries);
        } catch (PayloadException e) {
            bc.problem(Problem.of(e.at(file, off)));
            bc.contentLost = true;
        }
        for (int i = 1; i < entries.size(); i++) {
            if (Keys.compare(entries.get(i - 1).key(), entries.get(i).key()) > 0) {
                bc.problem(Problem.error(file, off, "unsorted records within block"));
                break;
            }
        }
        for (int i = 1; i < entries.size(); i++) {
            if (Long.compareUnsigned(
                            entries.get(i - 1).childOffset(), entries.get(i).childOffset())
                    > 0) {
                bc.problem(Problem.error(file, off, "unsorted offsets in index block"));
                break;
            }
        }
        bc.entries = entries;
    }
}
