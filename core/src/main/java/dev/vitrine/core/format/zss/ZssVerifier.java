package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.CancelledException;
import dev.vitrine.core.verify.VerifyContext;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Everything the reference's validate() checks, in one streaming pass from the end of the
 * header, reporting problems at the offsets the reference names, and going on after a
 * problem wherever the block framing still holds.
 *
 * <p>Pipeline: this thread walks block frames (a few bytes per block) and cuts them into
 * chunks ({@link ChunkFramer}; codec none reads each chunk into a buffer first). For each chunk a worker checks CRCs, decompresses, parses records and checks their
 * order ({@link BlockCheck}); SHA-256 of the data payloads runs on a thread of its own as a
 * chain of tasks, one per chunk in file order. This thread then takes the chunk results in order and does what needs
 * the whole file: order across blocks and the index bookkeeping ({@link BlockLedger}). A
 * bounded window of chunks keeps memory flat.
 */
final class ZssVerifier {
    private static final long KEY_BUDGET = 64L << 20;
    private static final long SMALL_FILE = 4L << 20;
    private static final int MAX_CONSECUTIVE_CRC_FAILURES = 8;

    private final ZssArchive archive;
    private final VerifyContext ctx;
    private final BlockReader reader;
    private final String file;
    private final boolean identity;
    private final ZssHeader header;
    private final BlockChecker checker;
    private final DataHasher hasher;
    private final BlockLedger ledger = new BlockLedger();
    private final KeyStore keys;

    /** Where the SHA-256 task chain has got to (it runs behind the checks). */
    private volatile long hashedTo;

    private final ChunkSizing sizing = new ChunkSizing();
    /** Set when the pipeline stops: work not started yet does nothing. */
    private volatile boolean stopped;

    // in-order state
    private MemorySegment prevLast;
    private long prevDataOffset = -1;
    private int consecutiveCrcFailures;
    /** The root's children are header, index (root), data blocks ({@link ZssRootNode}). */
    static final long DATA_BLOCKS_CHILD = 2;
    /** Data blocks consumed so far: the next one's index under "data blocks". */
    private long dataOrdinal;
    /** The last block consumed, when it failed its checksum or had no level byte; else -1. */
    private long lastBlockLost = -1;
    /**
     * Blocks whose references may be lost, in file order: index blocks whose entries could not
     * all be read, and blocks that failed their checksum with a level byte other than 0 (it may
     * be the damaged byte, but a data block's is rarely hit alone). One long per such block.
     */
    private long[] lostReferrers = new long[8];

    private int lostReferrerCount;
    /** The first data block (or block of unknown level) whose payload is damaged; -1 if none. */
    private long firstLostData = -1;
    /** Mapped pages behind the in-order stage are released, so memory does not grow with the file. */
    private final dev.vitrine.core.export.PassedPages passedPages;

    ZssVerifier(ZssArchive archive, VerifyContext ctx) {
        this.archive = archive;
        this.ctx = ctx;
        this.reader = archive.reader();
        this.file = reader.file();
        this.header = archive.header();
        this.identity = archive.codec() != null && archive.codec().isIdentity();
        this.keys = archive.codec() == null ? null : new KeyStore(reader, KEY_BUDGET);
        this.passedPages = new dev.vitrine.core.export.PassedPages(reader.data());
        this.checker = new BlockChecker(archive, ctx, identity);
        this.hasher = new DataHasher(ctx);
    }

    private record Chunk(
            List<BlockFrame> frames,
            long end,
            CompletableFuture<BlockCheck[]> checked,
            CompletableFuture<Void> hashed) {}

    void run() {
        // Header damage is already in openProblems (reported first by VerifyEngine). Without a
        // locatable first block or a known codec there is nothing more we can check.
        if (!header.blocksLocatable() || archive.codec() == null) return;
        long size = reader.size();
        ChunkFramer framer = new ChunkFramer(
                reader, sizing, identity, archive.codec().decompressesInto(), header.dataStart(), archive.trustedEnd());
        boolean parallel = size >= SMALL_FILE && Workers.parallelism() > 1;
        Executor exec = parallel ? Workers.pool() : Runnable::run;
        // SHA-256 is the one strictly sequential job and the longest: it gets a thread of its
        // own, so it never waits in the pool's queue behind chunk checks.
        java.util.concurrent.ExecutorService hashThread = parallel
                ? java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "zss-verify-sha256");
                    t.setDaemon(true);
                    return t;
                })
                : null;
        Executor hashExec = parallel ? hashThread : Runnable::run;
        int window = parallel ? 2 * Workers.parallelism() + 2 : 1;
        // Codec none: each chunk is copied once by its check (from the mapping, or read from a remote
        // object's cache), and hashed from that copy: a remote file is then read once, with no span
        // copies for the checks and the hash to keep alive.
        // Compressed (a codec that can): each chunk's data blocks are decompressed into one reused buffer.
        boolean decodeInto = !identity && archive.codec().decompressesInto();
        ChunkCopies buffers = identity
                ? new ChunkCopies(ChunkSizing.COPIED)
                : decodeInto ? new ChunkCopies(ChunkSizing.DECODED_BYTES) : null;
        ArrayDeque<Chunk> inFlight = new ArrayDeque<>();
        CompletableFuture<Void> hashChain = CompletableFuture.completedFuture(null);
        ArrayDeque<CompletableFuture<Void>> hashing = new ArrayDeque<>();
        boolean cutShort = false;
        try {
            while (true) {
                while (inFlight.size() < window && !framer.done()) {
                    // Codec none: read here, framed from the copy; else framed from the file and
                    // copied (or decompressed) by the check.
                    ChunkFramer.Cut cut = framer.next(identity ? buffers : null);
                    List<BlockFrame> frames = cut.frames();
                    if (frames.isEmpty()) break;
                    long end = frames.getLast().end();
                    long base = frames.getFirst().offset();
                    byte[] read = cut.read();
                    byte[] buffer = read != null
                            ? read
                            : identity ? buffers.take(end - base) : decodeInto ? buffers.take(0) : null;
                    CompletableFuture<Boolean> copied =
                            read != null ? CompletableFuture.completedFuture(true) : new CompletableFuture<>();
                    CompletableFuture<BlockCheck[]> checked = CompletableFuture.supplyAsync(
                            () -> {
                                if (stopped) {
                                    copied.complete(false);
                                    return null;
                                }
                                return read != null
                                        ? checker.checkRead(frames, buffer)
                                        : checker.check(frames, buffer, copied);
                            },
                            exec);
                    hashChain = identity
                            // The hash needs the copy, not the checks: it starts as soon as the copy is made.
                            ? hashChain.thenCombineAsync(
                                    copied,
                                    (v, ok) -> {
                                        if (!stopped && ok) hasher.hashCopied(frames, buffer, base);
                                        hashedTo = end;
                                        return null;
                                    },
                                    hashExec)
                            : hashChain.thenCombineAsync(
                                    checked,
                                    (v, checks) -> {
                                        if (!stopped) sizing.noteGrowth(end - base, hasher.hashPayloads(checks));
                                        if (buffer != null) buffers.give(buffer);
                                        hashedTo = end;
                                        return null;
                                    },
                                    hashExec);
                    // The copy is read by the checks and the hash: it is free again once both are done.
                    if (identity) checked.runAfterBoth(hashChain, () -> buffers.give(buffer));
                    inFlight.add(new Chunk(frames, end, checked, hashChain));
                    // The hash is the one sequential job: when it falls behind, wait for it rather
                    // than let the chunks it still holds (decompressed payloads, mapped pages
                    // that cannot be released) pile up with the size of the file.
                    hashing.add(hashChain);
                    while (hashing.size() > (buffers != null ? window : 2 * window)) join(hashing.poll());
                }
                Chunk c = inFlight.poll();
                if (c == null) break;
                BlockCheck[] checks = join(c.checked());
                if (!consume(checks)) {
                    cutShort = true;
                    break;
                }
                // Checked and hashed: those pages are not needed again.
                passedPages.passed(Math.min(c.end(), hashedTo));
                reader.passed(Math.min(c.end(), hashedTo));
                ctx.progress(c.end(), size);
            }
            FormatException framingError = framer.error();
            if (!cutShort && framingError != null) {
                Problem p = Problem.error(
                        file,
                        framingError.offset(),
                        framingError.detail()
                                + " (the rest of the file cannot be read, so index references and the data hash are not checked)");
                if (lastBlockLost >= 0) {
                    // The block before failed its checksum: its length prefix is what put us
                    // here, and it is not to be trusted. That block is the damage.
                    p = Problem.warning(
                            file,
                            framingError.offset(),
                            "block framing lost after the damaged block at "
                                    + lastBlockLost + ": " + framingError.detail()
                                    + " (the rest of the file cannot be read, so index references and the data hash are not checked)");
                }
                ctx.report(p);
                cutShort = true;
            }
            if (cutShort) return;
            ctx.checkCancelled();
            join(hashChain);
            finalChecks();
            ctx.progress(size, size);
        } finally {
            // Wait for the workers rather than cancel them: a cancelled task that had started
            // keeps reading the mapped file, and the archive may be closed right after this
            // returns (a verify cancelled by closing its tab). Tasks not started yet see
            // `stopped` and return at once.
            stopped = true;
            for (Chunk c : inFlight) Workers.awaitQuietly(c.checked());
            Workers.awaitQuietly(hashChain);
            if (hashThread != null) hashThread.shutdown();
            passedPages.passedAll(framer.position());
        }
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw e;
        }
    }

    // ---------------------------------------------------------------- in-order stage

    /** Handles one chunk's results in file order; false when the rest must not be trusted. */
    private boolean consume(BlockCheck[] checks) {
        for (BlockCheck bc : checks) {
            ctx.checkCancelled();
            if (bc == null) throw new CancelledException();
            BlockFrame f = bc.frame;
            // Data blocks are the children of the root's "data blocks" node in file order: say
            // which one, so the window marks it without searching by offset.
            List<Long> path = f.isData() ? List.of(DATA_BLOCKS_CHILD, dataOrdinal++) : null;
            if (bc.problems != null) {
                for (Problem p : bc.problems) ctx.report(path != null && p.offset() == f.offset() ? p.at(path) : p);
            }
            lastBlockLost = !bc.crcOk || f.level() < 0 ? f.offset() : -1;
            if (bc.contentLost) noteLost(bc);
            // A block of length 0 has no level byte; its CRC (of nothing) is 0, so a run of zero
            // bytes reads as a run of "intact" empty blocks, 9 bytes each: framing is as lost as
            // in a run of checksum failures.
            if (!bc.crcOk || f.level() < 0) {
                if (++consecutiveCrcFailures >= MAX_CONSECUTIVE_CRC_FAILURES) {
                    ctx.report(
                            Problem.error(
                                    file,
                                    f.offset(),
                                    consecutiveCrcFailures
                                            + " blocks in a row fail their checksum or have no level byte: block framing is lost, stopping here"));
                    return false;
                }
                if (bc.crcOk) continue;
                // Keep its place in the bookkeeping (so its index entry is not "dangling"), but
                // trust none of its content.
                // Any level: the level byte is as untrusted as the rest.
                if (f.level() >= 0)
                    ledger.put(f.offset(), DAMAGED_LEVEL, f.totalLength(), KeyStore.NO_KEY, KeyStore.NO_KEY);
                continue;
            }
            consecutiveCrcFailures = 0;
            if (f.isData()) consumeData(bc, path);
            else if (f.isIndex()) consumeIndex(bc);
        }
        return true;
    }

    /** Ledger level of a block that failed its checksum: its level and length are unknown. */
    private static final int DAMAGED_LEVEL = -2;

    private void noteLost(BlockCheck bc) {
        BlockFrame f = bc.frame;
        if ((f.isData() || !bc.crcOk) && firstLostData < 0) firstLostData = f.offset();
        if (f.isIndex() || (!bc.crcOk && f.level() != 0)) {
            if (lostReferrerCount == lostReferrers.length)
                lostReferrers = Arrays.copyOf(lostReferrers, lostReferrerCount * 2);
            lostReferrers[lostReferrerCount++] = f.offset();
        }
    }

    /** The damaged block that most likely referred to the block at {@code off}: the first after it. */
    private long lostReferrerOf(long off) {
        int i = Arrays.binarySearch(lostReferrers, 0, lostReferrerCount, off + 1);
        if (i < 0) i = -i - 1;
        return i < lostReferrerCount ? lostReferrers[i] : -1;
    }

    private void consumeData(BlockCheck bc, List<Long> path) {
        long off = bc.frame.offset();
        long first = KeyStore.NO_KEY, last = KeyStore.NO_KEY;
        if (bc.first != null) {
            if (prevLast != null && Keys.compare(bc.first, prevLast) < 0) {
                ctx.report(Problem.error(
                                file,
                                off,
                                "records out of order across blocks: first record "
                                        + Keys.pyBytesRepr(bc.first, 80) + " of block at " + off
                                        + " sorts before the last record "
                                        + Keys.pyBytesRepr(prevLast, 80) + " of the data block at " + prevDataOffset)
                        .at(path));
            }
            prevLast = bc.last; // a copy of its own
            prevDataOffset = off;
            first = keys.keep(bc.first, off, true);
            last = keys.keep(bc.last, off, false);
        }
        ledger.put(off, 0, bc.frame.totalLength(), first, last);
    }

    /** The reference's check_index: references, levels, key invariants, lengths. */
    private void consumeIndex(BlockCheck bc) {
        BlockFrame f = bc.frame;
        long off = f.offset();
        int level = f.level();
        long first = KeyStore.NO_KEY, last = KeyStore.NO_KEY;
        boolean firstTaken = false;
        // Entries are null when the payload would not even decompress (already reported).
        for (IndexEntry e : bc.entries == null ? List.<IndexEntry>of() : bc.entries) {
            long ref = e.childOffset();
            if (!ledger.remove(ref)) {
                ctx.report(Problem.error(file, off, "dangling or multiple refs to " + Long.toUnsignedString(ref)));
                continue;
            }
            int refLevel = ledger.removedLevel;
            long refLength = ledger.removedLength;
            long refFirst = ledger.removedFirst, refLast = ledger.removedLast;
            // A child that failed its checksum has no level or length to trust (its error says so).
            boolean childDamaged = refLevel == DAMAGED_LEVEL;
            if (!childDamaged && refLevel != level - 1) {
                ctx.report(Problem.error(
                        file,
                        off,
                        "bad index ref from level " + level + " to level " + refLevel + " (the block at "
                                + Long.toUnsignedString(ref) + ")"));
            }
            String keyText = null;
            if (last != KeyStore.NO_KEY && Keys.compare(resolve(last), e.key()) > 0) {
                keyText = Keys.pyBytesRepr(e.key(), 200);
                ctx.report(Problem.error(file, off, "key " + keyText + " is too small for block at " + ref));
            }
            if (refFirst != KeyStore.NO_KEY && Keys.compare(e.key(), resolve(refFirst)) > 0) {
                if (keyText == null) keyText = Keys.pyBytesRepr(e.key(), 200);
                ctx.report(Problem.error(file, off, "key " + keyText + " is too large for block at " + ref));
            }
            // Ownership: the first child's first record and the last child's last record
            // move to this block's ledger entry; the other handles are released.
            if (!firstTaken) {
                first = refFirst;
                firstTaken = true;
            } else {
                keys.release(refFirst);
            }
            if (last != first) keys.release(last);
            last = refLast;
            if (!childDamaged && refLength != e.childLength()) {
                ctx.report(Problem.error(
                        file,
                        off,
                        "index length " + Long.toUnsignedString(e.childLength()) + " != actual length " + refLength
                                + " for block at " + ref));
            }
        }
        ledger.put(off, level, f.totalLength(), first, last);
    }

    private MemorySegment resolve(long handle) {
        // A record past the keys' budget is read again from its block, behind the scan by now.
        long block = KeyStore.blockOf(handle);
        if (block >= 0) passedPages.touched(block);
        try {
            return keys.resolve(handle);
        } catch (FormatException e) {
            throw new IllegalStateException(e);
        }
    }

    private void finalChecks() {
        long root = header.rootOffset();
        if (root < 0 || root >= reader.size()) {
            ctx.report(Problem.error(
                    file,
                    HeaderLayout.ROOT_OFFSET,
                    "root block missing or doubly-referenced (root_index_offset " + Long.toUnsignedString(root)
                            + " is outside the file)"));
        } else if (!ledger.remove(root)) {
            ctx.report(Problem.error(file, root, "root block missing or doubly-referenced"));
        } else if (ledger.removedLevel != DAMAGED_LEVEL) {
            int level = ledger.removedLevel;
            if (!(level > 0 && level < BlockFrame.FIRST_EXTENSION_LEVEL)) {
                ctx.report(Problem.error(file, root, "root index has bad level " + level));
            }
            if (ledger.removedLength != header.rootLength()) {
                ctx.report(Problem.error(
                        file,
                        root,
                        "wrong root index length in header (" + Long.toUnsignedString(header.rootLength()) + " != "
                                + ledger.removedLength + ")"));
            }
        }
        for (long off : ledger.remainingOffsets()) {
            ledger.remove(off);
            // A damaged block nobody refers to: its checksum error says all there is to say
            // (its level byte may be the damage, and it may have been an extension block).
            if (ledger.removedLevel == DAMAGED_LEVEL) continue;
            long referrer = lostReferrerOf(off);
            // Not damage of its own: the entry that referred to it is in a damaged block.
            ctx.report(
                    referrer >= 0
                            ? Problem.warning(
                                    file,
                                    off,
                                    "not reachable: the index block at " + referrer + " that refers to it is damaged")
                            : Problem.error(file, off, "unreferenced block"));
        }
        byte[] digest = hasher.digest();
        if (!Arrays.equals(digest, header.sha256())) {
            HexFormat hex = HexFormat.of();
            String text = "data hash mismatch: header says " + hex.formatHex(header.sha256()) + ", but I found "
                    + hex.formatHex(digest);
            // A damaged data block changes the hash: that block is the damage, not the header.
            ctx.report(
                    firstLostData >= 0
                            ? Problem.warning(
                                    file, 0, text + " (follows from the damaged data block at " + firstLostData + ")")
                            : Problem.error(file, 0, text));
        }
    }
}
