package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Everything the contract's "What verify checks" lists (shared/specs/databundle-notes.md):
 * config (reported at open); every entry's key, name and value; every folder named by a key
 * exists as a DIRECTORY entry; every shard exists with a sound header; records tile each
 * shard's stream, decode to exactly their length, lie inside the file, start on a block
 * boundary and do not overlap; padding is zero; files lie inside their shard's stream and do
 * not overlap; every file's CRC-32C. A damaged record names exactly the files whose bytes it
 * holds, and each damaged file gets one problem of its own at the end. Memory: the catalog
 * and one record at a time; time: linear in the shards' bytes. The index's own checks are
 * {@link BundleIndexChecks}; records are decoded ahead by {@link BundleRecordPrefetch}. A part
 * verify (a file's or a record's bytes) reads only the records meeting the part ({@link BundlePart}).
 */
final class BundleVerifier {
    private static final int NAMES = 20;

    private final BundleArchive a;
    /** Damaged files and why, first reason kept: reported once each at the end. */
    private final Map<CatEntry, Problem> damaged = new LinkedHashMap<>();

    private long done;
    private long total;

    BundleVerifier(BundleArchive a) {
        this.a = a;
    }

    void run(VerifyContext ctx) throws IOException {
        if (!a.catalog().usable()) return; // why is in the open problems, already reported
        BundleCatalog cat = a.catalog();
        if (cat.truncated())
            ctx.report(Problem.error(
                    BundleLayout.INDEX_REF,
                    -1,
                    "more than " + a.catalog().limits().maxEntries() + " entries; the rest are not checked"));
        // A part (a node's bytes) is one file: the index's checks run, but speak only when it is the index.
        boolean indexWanted = !ctx.isPart() || inIndex(ctx.part().file());
        VerifyContext indexCtx = indexWanted ? ctx : ctx.quiet();
        BundleIndexChecks index = new BundleIndexChecks(a, this);
        Map<Long, List<CatEntry>> byShard = index.checkEntries(indexCtx, cat);
        // a part's total is the bytes of the records it reads, set when its shard is checked
        if (!ctx.isPart())
            for (var l : byShard.values()) for (var e : l) total += e.meta().getUncompressedSize();
        index.checkKeys(indexCtx);
        List<String> checked = new ArrayList<>();
        if (indexWanted) checked.add("the index");
        String notRun = indexWanted ? "the shards" : "the index's own checks, the other shards";
        for (long s = 0; s < a.shardCount(); s++) {
            if (!ctx.wantsFile(BundleLayout.shardRef(s))) continue;
            ctx.checkCancelled();
            String[] scope = checkShard(ctx, s, byShard.getOrDefault(s, List.of()));
            checked.add(scope[0]);
            if (scope[1] != null) notRun = "the index's own checks, " + scope[1];
        }
        for (Map.Entry<CatEntry, Problem> d : damaged.entrySet())
            if (ctx.wantsFile(d.getValue().ref())
                    || indexWanted && inIndex(d.getValue().ref())) ctx.report(d.getValue());
        ctx.progress(total, total);
        if (ctx.isPart())
            ctx.scope(checked.isEmpty() ? "no shard or index file holds the part" : String.join(", ", checked), notRun);
    }

    private static boolean inIndex(FileRef f) {
        String idx = BundleLayout.INDEX_REF.path();
        return f.path().equals(idx) || f.path().startsWith(idx + "/");
    }

    private static String quote(String s) {
        return dev.vitrine.core.export.EntryPathPolicy.quote(s);
    }

    /** A file lost to damage reported on its own (a record, a shard, an overlap): a WARNING naming that cause. */
    void damage(CatEntry e, FileRef ref, long offset, String why) {
        damaged.putIfAbsent(e, Problem.warning(ref, offset, "file " + quote(e.path()) + " is damaged: " + why));
    }

    /** A file whose own bytes are wrong with nothing else to blame: an ERROR. */
    private void damageError(CatEntry e, FileRef ref, long offset, String why) {
        damaged.putIfAbsent(e, Problem.error(ref, offset, "file " + quote(e.path()) + " is damaged: " + why));
    }

    /** Names of {@code files}, at most {@link #NAMES}. */
    private static String names(List<CatEntry> files) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < files.size() && i < NAMES; i++)
            sb.append(i == 0 ? "" : ", ").append(quote(files.get(i).path()));
        if (files.size() > NAMES)
            sb.append(" and ").append(files.size() - NAMES).append(" more");
        return sb.toString();
    }

    // ---- shards

    /**
     * Checks shard {@code s}, or in a part verify what of it meets the part ({@link BundlePart});
     * returns what was checked and, for a part, what of the shard was not (null: the whole shard).
     */
    private String[] checkShard(VerifyContext ctx, long s, List<CatEntry> files) throws IOException {
        BundleShards.Shard sh = a.shards().shard(s);
        boolean header = !ctx.isPart() || ctx.wants(sh.ref(), 0, Math.max(1, sh.dataOffset()));
        for (Problem p : sh.problems()) if (header || ctx.holds(p)) ctx.report(p);
        List<CatEntry> data = new ArrayList<>();
        for (CatEntry e : files) if (e.meta().getUncompressedSize() > 0) data.add(e);
        String[] whole = {"shard " + sh.ref(), null};
        if (!sh.readable()) {
            String why = sh.src() == null
                    ? "its shard " + sh.ref() + " is missing"
                    : "its shard " + sh.ref() + " has no readable header";
            for (CatEntry e : data) damage(e, sh.ref(), -1, why);
            return whole;
        }
        boolean stored = a.codec() == CompressionType.NONE;
        BundleShards.Records r = stored ? null : a.shards().records(sh.index());
        BundlePart part = stored ? BundlePart.stored(ctx, sh) : BundlePart.records(ctx, sh, r);
        data = part.files(ctx, sh, data, stored);
        if (part.header()) {
            long headerEnd = BundleLayout.SHARD_PREAMBLE + sh.headerLength();
            zeros(ctx, sh, headerEnd, sh.dataOffset(), "padding after the shard header");
        }
        if (!part.whole()) total = stored ? sizes(data) : part.streamBytes(r);
        // files must not overlap: a writer never shares bytes between files
        CatEntry reach = null;
        for (CatEntry e : data) {
            if (reach != null && e.start() < reach.end()) {
                ctx.report(Problem.error(
                        sh.ref(),
                        -1,
                        "file " + quote(e.path()) + " [" + e.start() + ", " + e.end() + ") overlaps file "
                                + quote(reach.path()) + " [" + reach.start() + ", " + reach.end() + ") in the stream"));
                damage(e, sh.ref(), -1, "it overlaps " + quote(reach.path()));
                damage(reach, sh.ref(), -1, "it overlaps " + quote(e.path()));
            }
            if (reach == null || e.end() > reach.end()) reach = e;
        }
        if (stored) checkStored(ctx, sh, data, part.whole());
        else checkRecords(ctx, sh, r, data, part);
        return part.whole() ? whole : part.scope(sh, r, data);
    }

    private static long sizes(List<CatEntry> files) {
        long n = 0;
        for (CatEntry f : files) n += f.meta().getUncompressedSize();
        return n;
    }

    /** NONE: the stream is the bytes from data_offset to the end; each file is read in place. */
    private void checkStored(VerifyContext ctx, BundleShards.Shard sh, List<CatEntry> files, boolean wholeShard) {
        long avail = sh.src().size() - sh.dataOffset();
        long end = 0;
        byte[] buf = new byte[1 << 20];
        for (CatEntry e : files) {
            ctx.checkCancelled();
            end = Math.max(end, e.end());
            if (e.end() > avail) {
                damageError(
                        e,
                        sh.ref(),
                        Math.max(-1, Math.min(sh.src().size() - 1, sh.dataOffset() + e.start())),
                        "bytes [" + e.start() + ", " + e.end() + ") run past the shard's stream end " + avail);
                continue;
            }
            CRC32C crc = new CRC32C();
            long at = sh.dataOffset() + e.start();
            for (long left = e.meta().getUncompressedSize(); left > 0; ) {
                int n = (int) Math.min(buf.length, left);
                try {
                    sh.src().read(at, buf, 0, n);
                } catch (FormatException ex) {
                    damageError(e, sh.ref(), at, ex.detail());
                    break;
                }
                crc.update(buf, 0, n);
                at += n;
                left -= n;
                progress(ctx, n);
            }
            crcCheck(e, sh, crc, sh.dataOffset() + e.start());
        }
        if (wholeShard && avail > end)
            ctx.report(Problem.warning(
                    sh.ref(),
                    sh.dataOffset() + end,
                    (avail - end) + " bytes after the last file's end belong to no file"));
    }

    private void crcCheck(CatEntry e, BundleShards.Shard sh, CRC32C crc, long offset) {
        if (damaged.containsKey(e)) return;
        int want = e.meta().getCrc32C();
        if ((int) crc.getValue() != want) {
            damaged.put(
                    e,
                    Problem.error(sh.ref(), offset, "file " + quote(e.path()) + ": CRC-32C mismatch")
                            .expecting(
                                    String.format("%08x", Integer.toUnsignedLong(want)),
                                    String.format("%08x", crc.getValue())));
        }
    }

    private void progress(VerifyContext ctx, long n) {
        done += n;
        ctx.progress(done, total);
    }

    private static final java.lang.foreign.MemorySegment ZEROS =
            java.lang.foreign.MemorySegment.ofArray(new byte[1 << 16]);

    /** Reports non-zero bytes in [from, to) of the shard (padding), compared in place against zeros. */
    private void zeros(VerifyContext ctx, BundleShards.Shard sh, long from, long to, String what) {
        to = Math.min(to, sh.src().size());
        for (long at = from; at < to; ) {
            int n = (int) Math.min(ZEROS.byteSize(), to - at);
            long diff;
            try {
                diff = java.lang.foreign.MemorySegment.mismatch(sh.src().segment(at, n), 0, n, ZEROS, 0, n);
            } catch (FormatException e) {
                ctx.report(Problem.of(e));
                return;
            }
            if (diff >= 0) {
                ctx.report(Problem.error(sh.ref(), at + diff, what + " is not zero"));
                return;
            }
            at += n;
        }
    }

    /** Compressed shards: the records tile the stream; each is decoded once and fed to the CRCs of the files it holds. */
    private void checkRecords(
            VerifyContext ctx, BundleShards.Shard sh, BundleShards.Records r, List<CatEntry> files, BundlePart part)
            throws IOException {
        // the shard's record keys (problems with no offset) are a part's when it holds every record
        boolean allRecords = part.first() == 0 && part.lastRecord(r.count());
        for (Problem p : r.problems()) if (allRecords || ctx.holds(p)) ctx.report(p);
        long streamEnd = a.catalog().streamEnd(sh.index());
        long block = a.config().getBlockSize();
        long recordSize = a.config().getRecordSize();
        long size = sh.src().size();
        dev.vitrine.core.export.PassedPages pages = null;
        try {
            if (sh.mapped())
                pages = new dev.vitrine.core.export.PassedPages(sh.src().segment(0, size));
        } catch (FormatException | RuntimeException e) {
            // no mapping to release: the scan still works, only resident memory grows
        }
        try (BundleRecordPrefetch ahead =
                new BundleRecordPrefetch(a.reader(), a.config().getRecordSize(), sh, r, part.first(), part.end())) {
            loop(ctx, sh, r, files, part, ahead, streamEnd, block, recordSize, size, pages);
        }
    }

    private void loop(
            VerifyContext ctx,
            BundleShards.Shard sh,
            BundleShards.Records r,
            List<CatEntry> files,
            BundlePart part,
            BundleRecordPrefetch ahead,
            long streamEnd,
            long block,
            long recordSize,
            long size,
            dev.vitrine.core.export.PassedPages pages) {
        Map<CatEntry, CRC32C> crcs = new IdentityHashMap<>();
        Map<CatEntry, Long> fed = new IdentityHashMap<>();
        Map<CatEntry, Long> firstAt = new IdentityHashMap<>(); // where a file's first stored record is
        List<CatEntry> active = new ArrayList<>();
        int next = 0;
        long covered = part.first() == 0 ? sh.dataOffset() : part.storedFrom(r); // file bytes accounted for so far
        long tiled = part.tiledBefore(r); // stream bytes the records cover so far
        if (part.whole() && r.count() == 0 && streamEnd > 0) {
            ctx.report(Problem.error(sh.ref(), -1, "no records, but its files need " + streamEnd + " stream bytes"));
        }
        for (int i = part.first(); i < part.end(); i++) {
            ctx.checkCancelled();
            long rs = r.offsets()[i];
            long len = r.length(i);
            long boff = r.byteOffsets()[i];
            String rec = "record at stream offset " + rs;
            long at = r.zeros(i) ? -1 : boff;
            List<String> bad = new ArrayList<>();
            if (rs != tiled)
                bad.add(
                        rs > tiled
                                ? "leaves a gap: the previous record ends at " + tiled
                                : "overlaps the previous record, which ends at " + tiled);
            if (len <= 0) bad.add("starts at or after the end of the shard's last file (" + streamEnd + ")");
            else if (len > recordSize) bad.add("is " + len + " bytes long, more than record_size " + recordSize);
            byte[] data = null;
            if (bad.isEmpty() && !r.zeros(i)) {
                if (boff % block != 0) bad.add("starts at " + boff + ", not a multiple of block_size " + block);
                else if (boff < covered)
                    bad.add("starts at " + boff + ", inside the bytes before it (which end at " + covered + ")");
            }
            Object pre = ahead.take(i);
            if (bad.isEmpty()) {
                try {
                    if (pre instanceof FormatException ex) throw ex;
                    if (pre instanceof IOException ex)
                        throw new FormatException(sh.ref().path(), sh.ref(), boff, rec + ": " + ex.getMessage());
                    if (!(pre instanceof BundleRecordPrefetch.Decoded res))
                        throw new FormatException(sh.ref().path(), sh.ref(), boff, rec + ": not decoded");
                    data = res.data();
                    if (!r.zeros(i)) {
                        zeros(ctx, sh, covered, boff, "padding before " + rec);
                        covered = boff + res.compressedLength();
                    }
                } catch (FormatException e) {
                    bad.add(
                            e.detail().startsWith(rec)
                                    ? e.detail().substring(rec.length()).strip().replaceFirst("^: ", "")
                                    : e.detail());
                    if (e.offset() >= 0) at = e.offset();
                    // where its bytes end is unknown: the next record's start is the best bound for the padding check
                    if (!r.zeros(i))
                        covered = Math.max(covered, sh.recordSlot(r, i).end());
                }
            }
            long re = rs + Math.max(0, len);
            while (next < files.size() && files.get(next).start() < re) active.add(files.get(next++));
            List<CatEntry> holds = new ArrayList<>();
            for (CatEntry f : active) if (f.start() < re && f.end() > rs) holds.add(f);
            if (!bad.isEmpty()) {
                String why = rec + ": " + String.join("; ", bad);
                ctx.report(Problem.error(
                        sh.ref(), at, why + (holds.isEmpty() ? "" : "; it holds bytes of " + names(holds))));
                for (CatEntry f : holds) damage(f, sh.ref(), at, why);
            } else {
                for (CatEntry f : holds) {
                    long from = Math.max(rs, f.start());
                    long to = Math.min(re, f.end());
                    crcs.computeIfAbsent(f, k -> new CRC32C()).update(data, (int) (from - rs), (int) (to - from));
                    fed.merge(f, to - from, Long::sum);
                    if (!r.zeros(i)) firstAt.putIfAbsent(f, boff);
                }
                progress(ctx, len);
            }
            if (len > 0) tiled = Math.max(tiled, re);
            if (pages != null && !r.zeros(i)) {
                try {
                    pages.passed(boff);
                } catch (RuntimeException e) {
                    pages = null; // the shard's mapping was released under us (many shards open): stop releasing
                }
            }
            active.removeIf(f -> {
                if (f.end() > re) return false;
                finish(f, sh, crcs, fed, firstAt, part);
                return true;
            });
            ahead.release(pre);
        }
        while (next < files.size()) active.add(files.get(next++));
        for (CatEntry f : active) finish(f, sh, crcs, fed, firstAt, part);
        if (!part.lastRecord(r.count())) {
            // a part ends inside the shard: only the padding up to the next record is its own
            if (part.end() > part.first() && part.end() < r.count())
                zeros(
                        ctx,
                        sh,
                        covered,
                        r.byteOffsets()[part.end()],
                        "padding before record at stream offset " + r.offsets()[part.end()]);
            return;
        }
        if (tiled < streamEnd && r.count() > 0) {
            ctx.report(Problem.error(
                    sh.ref(),
                    -1,
                    "records end at stream offset " + tiled + ", before the shard's last file ends at " + streamEnd));
        }
        zeros(ctx, sh, covered, size, "padding after the last record");
        if (size < BundleLayout.alignUp(covered, block)) {
            ctx.report(Problem.error(
                    sh.ref(),
                    size > 0 ? size - 1 : -1,
                    "shard ends at " + size + ", before its last record's padding ends at "
                            + BundleLayout.alignUp(covered, block) + " (truncated?)"));
        }
        if (size > BundleLayout.alignUp(covered, block)) {
            ctx.report(Problem.warning(
                    sh.ref(),
                    BundleLayout.alignUp(covered, block),
                    (size - BundleLayout.alignUp(covered, block)) + " bytes after the last record's padding"));
        }
    }

    private void finish(
            CatEntry f,
            BundleShards.Shard sh,
            Map<CatEntry, CRC32C> crcs,
            Map<CatEntry, Long> fed,
            Map<CatEntry, Long> firstAt,
            BundlePart part) {
        if (damaged.containsKey(f) || !part.holdsAll(f)) return;
        long got = fed.getOrDefault(f, 0L);
        if (got != f.meta().getUncompressedSize()) {
            damageError(
                    f,
                    sh.ref(),
                    -1,
                    "only " + got + " of its " + f.meta().getUncompressedSize() + " bytes are in the shard's records");
            return;
        }
        crcCheck(f, sh, crcs.getOrDefault(f, new CRC32C()), firstAt.getOrDefault(f, -1L));
        crcs.remove(f);
        firstAt.remove(f);
    }
}
