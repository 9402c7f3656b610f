package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.Uleb128;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

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

    /**
     * Checks one chunk of frames; a shorter array when cancelled. {@code buffer} is reused
     * memory of the caller's, or null:
     *
     * <ul>
     *   <li>codec none: the chunk's bytes {@code [frames' first offset, last end)}
     *       are first copied there in one go, then {@code copied} completes, true when the copy
     *       was made (the data hash reads that copy and need not wait for the checks). The CRC and the record walk read it
     *       too, so the file is read once, by one thread, and native code never reads the mapping;
     *   <li>compressed codecs: data blocks are decompressed into it one after the other while
     *       it has room (a block that does not fit gets an array of its own), so a scan makes
     *       no garbage per block; their payloads stay there until hashed.
     * </ul>
     */
    BlockCheck[] check(List<BlockFrame> frames, byte[] buffer, CompletableFuture<Boolean> copied) {
        MemorySegment chunk = null;
        long base = frames.getFirst().offset();
        if (identity && buffer != null) {
            try {
                long n = frames.getLast().end() - base;
                reader.copy(base, buffer, (int) n);
                chunk = MemorySegment.ofArray(buffer).asSlice(0, n);
                copied.complete(true);
            } catch (dev.vitrine.core.io.TruncatedException e) {
                // the source ends inside the chunk: each frame's own read below reports where
            } finally {
                copied.complete(false); // the copy failed: the check fails with it, and nothing is hashed
            }
        }
        return checkAll(frames, chunk, base, identity ? null : buffer);
    }

    /** Codec none: checks one chunk of frames whose bytes {@code buffer} already holds, from its start. */
    BlockCheck[] checkRead(List<BlockFrame> frames, byte[] buffer) {
        long base = frames.getFirst().offset();
        MemorySegment chunk =
                MemorySegment.ofArray(buffer).asSlice(0, frames.getLast().end() - base);
        return checkAll(frames, chunk, base, null);
    }

    private BlockCheck[] checkAll(List<BlockFrame> frames, MemorySegment chunk, long base, byte[] arena) {
        int[] used = {0};
        BlockCheck[] out = new BlockCheck[frames.size()];
        for (int i = 0; i < out.length; i++) {
            if (ctx.isCancelled()) return Arrays.copyOf(out, i);
            out[i] = check(frames.get(i), chunk, base, arena, used);
        }
        return out;
    }

    private boolean crcOk(BlockFrame f, MemorySegment chunk, long base) throws FormatException {
        if (chunk == null) return reader.crcOk(f);
        long stored = chunk.get(dev.vitrine.core.io.LittleEndian.U64, f.crcOffset() - base);
        return stored == dev.vitrine.core.io.Crc64Xz.of(chunk, f.levelOffset() - base, f.bodyLength());
    }

    private BlockCheck check(BlockFrame f, MemorySegment chunk, long base, byte[] arena, int[] used) {
        BlockCheck bc = new BlockCheck(f);
        long off = f.offset();
        try {
            bc.crcOk = crcOk(f, chunk, base);
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
            int n = arena != null && f.isData() ? reader.payloadInto(f, arena, used[0], arena.length - used[0]) : -1;
            // A data block in the chunk's copy needs no span of its own: its records are walked, and
            // its first and last copied, from the copy (read by ranges, a span was a copy of every
            // block, half a remote verify's garbage; mapped, reading the mapping again on the
            // in-order thread faulted its pages in a second time).
            boolean inChunk = chunk != null && f.isData();
            payload =
                    n >= 0 ? MemorySegment.ofArray(arena).asSlice(used[0], n) : inChunk ? null : reader.payloadOnce(f);
            used[0] += Math.max(n, 0);
        } catch (FormatException e) {
            bc.problem(Problem.of(e));
            bc.contentLost = true;
            return bc;
        }
        // The copy is walked; the records kept are copied out of it.
        MemorySegment read = chunk != null ? chunk.asSlice(f.payloadOffset() - base, f.payloadLength()) : payload;
        if (f.isData()) {
            if (!identity) bc.payloadToHash = payload;
            checkRecords(bc, read);
        } else {
            checkIndex(bc, payload); // its entries are views: of the file, not the copy
        }
        return bc;
    }

    /** Walks the records of {@code p}, keeping copies of the first and last. */
    private void checkRecords(BlockCheck bc, MemorySegment p) {
        if (walkSorted(bc, p)) return;
        long off = bc.frame.offset();
        RecordCursor c = new RecordCursor(p);
        long prevStart = -1, prevLen = 0, firstStart = 0, firstLen = 0;
        boolean unsorted = false;
        try {
            while (c.next()) {
                long s = c.start(), l = c.length();
                if (prevStart < 0) {
                    firstStart = s;
                    firstLen = l;
                } else if (!unsorted && Keys.compare(p, prevStart, prevLen, p, s, l) > 0) {
                    unsorted = true;
                    bc.problem(Problem.error(file, off, "unsorted records within block"));
                }
                prevStart = s;
                prevLen = l;
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
        keepEnds(bc, p, firstStart, firstLen, prevStart, prevLen);
    }

    /**
     * The common case, on a payload in a heap array (a chunk's copy, an inflated block): every
     * record well-formed and in order, walked with plain array reads and an inline compare. False, having set nothing, at anything else: the general walk then redoes the
     * block and reports what it finds in its own words.
     */
    private boolean walkSorted(BlockCheck bc, MemorySegment p) {
        if (!(p.heapBase().orElse(null) instanceof byte[] a) || p.byteSize() > Integer.MAX_VALUE) return false;
        int base = (int) p.address(); // a heap segment's address is its offset in the array
        int size = (int) p.byteSize();
        int end = base + size;
        int pos = base;
        int prevStart = -1, prevLen = 0, firstStart = 0, firstLen = 0;
        while (pos < end) {
            long len = a[pos];
            if (len >= 0) {
                pos++;
            } else {
                try {
                    len = Uleb128.decode(p, pos - base, size);
                } catch (Uleb128.Invalid e) {
                    return false;
                }
                pos += Uleb128.encodedLength(len);
            }
            if (Long.compareUnsigned(len, end - pos) > 0) return false;
            int l = (int) len;
            if (prevStart < 0) {
                firstStart = pos;
                firstLen = l;
            } else if (Keys.compare(a, prevStart, prevLen, a, pos, l) > 0) {
                return false;
            }
            prevStart = pos;
            prevLen = l;
            pos += l;
        }
        if (prevStart < 0) return false;
        keepEnds(bc, p, firstStart - base, firstLen, prevStart - base, prevLen);
        return true;
    }

    /**
     * Keeps copies of the block's first and last records (positions within the payload) for the
     * in-order stage: the ledger then pins no decompressed payload, reused chunk copy or mapped page.
     */
    private static void keepEnds(
            BlockCheck bc, MemorySegment p, long firstStart, long firstLen, long lastStart, long lastLen) {
        bc.first = MemorySegment.ofArray(p.asSlice(firstStart, firstLen).toArray(ValueLayout.JAVA_BYTE));
        bc.last = MemorySegment.ofArray(p.asSlice(lastStart, lastLen).toArray(ValueLayout.JAVA_BYTE));
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
