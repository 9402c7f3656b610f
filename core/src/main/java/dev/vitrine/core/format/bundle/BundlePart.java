package dev.vitrine.core.format.bundle;

import dev.vitrine.core.verify.VerifyContext;
import java.util.ArrayList;
import java.util.List;

/**
 * What verify checks of one shard: all of it, or in a part verify (a file's or a record's
 * bytes) the records [{@code first}, {@code end}) whose bytes meet the part, or with NONE the
 * stored files that meet it. A file's CRC-32C needs all its bytes, so it is checked only for
 * the files wholly in stream bytes [{@code from}, {@code to}); the others are named in the scope
 * as not checked. {@code header}: the shard's header and the padding after it are checked.
 */
record BundlePart(boolean whole, boolean header, int first, int end, long from, long to) {

    /** All of a shard: every record, every file, the header and the bytes after the last record. */
    static BundlePart all(int records) {
        return new BundlePart(true, true, 0, records, 0, Long.MAX_VALUE);
    }

    /** The records of {@code sh} whose slots meet the part of {@code ctx} (all when it is not a part verify). */
    static BundlePart records(VerifyContext ctx, BundleShards.Shard sh, BundleShards.Records r) {
        if (!ctx.isPart()) return all(r.count());
        int first = -1;
        int end = -1;
        for (int i = 0; i < r.count(); i++) {
            var slot = sh.recordSlot(r, i);
            if (slot.isNone() || !ctx.wants(sh.ref(), slot.offset(), slot.end())) continue;
            if (first < 0) first = i;
            end = i + 1;
        }
        boolean header = ctx.wants(sh.ref(), 0, sh.dataOffset());
        if (first < 0) return new BundlePart(false, header, 0, 0, 0, 0);
        // all-zero records next to the part (no bytes of their own) belong to the files around them
        while (first > 0 && r.zeros(first - 1)) first--;
        while (end < r.count() && r.zeros(end)) end++;
        long to = r.offsets()[end - 1] + Math.max(0, r.length(end - 1));
        return new BundlePart(false, header, first, end, r.offsets()[first], to);
    }

    /** NONE: the stream is stored as is; the part is the files whose stored bytes meet it. */
    static BundlePart stored(VerifyContext ctx, BundleShards.Shard sh) {
        if (!ctx.isPart()) return all(0);
        return new BundlePart(false, ctx.wants(sh.ref(), 0, sh.dataOffset()), 0, 0, 0, Long.MAX_VALUE);
    }

    /** The files the part reads: all, or those whose bytes meet it (stream bytes, or stored bytes with NONE). */
    List<CatEntry> files(VerifyContext ctx, BundleShards.Shard sh, List<CatEntry> files, boolean stored) {
        if (whole) return files;
        List<CatEntry> out = new ArrayList<>();
        for (CatEntry f : files)
            if (stored
                    ? ctx.wants(sh.ref(), sh.dataOffset() + f.start(), sh.dataOffset() + f.end())
                    : f.start() < to && f.end() > from) out.add(f);
        return out;
    }

    /** True when all of {@code f}'s bytes are read, so its length and CRC-32C can be checked. */
    boolean holdsAll(CatEntry f) {
        return whole || f.start() >= from && f.end() <= to;
    }

    /** True when the part's records run to the shard's last, so what follows it (padding, trailing bytes) is checked. */
    boolean lastRecord(int records) {
        return whole || end > first && end == records;
    }

    /** The stream bytes the part's records hold: what its progress counts. */
    long streamBytes(BundleShards.Records r) {
        long n = 0;
        for (int i = first; i < end; i++) n += Math.max(0, r.length(i));
        return n;
    }

    /** Where the part's first stored record starts in the shard (its records are not all zeros). */
    long storedFrom(BundleShards.Records r) {
        for (int i = first; i < end; i++) if (!r.zeros(i)) return r.byteOffsets()[i];
        return -1;
    }

    /** The stream end the records before the part reach, from the index alone: the part's own tiling check starts there. */
    long tiledBefore(BundleShards.Records r) {
        long tiled = 0;
        for (int i = 0; i < first; i++) if (r.length(i) > 0) tiled = Math.max(tiled, r.offsets()[i] + r.length(i));
        return tiled;
    }

    /**
     * What a part verify checked of the shard ("2 records of shard-00000000 in [4096, 139264) and
     * the CRC-32C of the 1 file wholly in them") and what of the shard it did not. {@code r} is
     * null for NONE, whose units are the stored files {@code files}.
     */
    String[] scope(BundleShards.Shard sh, BundleShards.Records r, List<CatEntry> files) {
        String head = header ? "the header of " + sh.ref() : null;
        if (r == null) {
            String checked = files.isEmpty()
                    ? (head != null ? head : "no file of " + sh.ref() + " meets the part")
                    : (head != null ? "the header and " : "") + count(files.size(), "file") + " of " + sh.ref()
                            + " in [" + (sh.dataOffset() + files.getFirst().start()) + ", "
                            + (sh.dataOffset()
                                    + files.stream()
                                            .mapToLong(CatEntry::end)
                                            .max()
                                            .orElse(0)) + ")";
            return new String[] {checked, "the other files and shards"};
        }
        if (end == first)
            return new String[] {
                head != null ? head : "no record of " + sh.ref() + " meets the part", "the records and other shards"
            };
        long wholly = files.stream().filter(this::holdsAll).count();
        long partly = files.size() - wholly;
        int last = end - 1;
        while (r.zeros(last)) last--;
        String checked = (head != null ? "the header and " : "") + count(end - first, "record") + " of " + sh.ref()
                + " in [" + storedFrom(r) + ", " + sh.recordSlot(r, last).end() + ")"
                + (wholly > 0 ? " and the CRC-32C of the " + count(wholly, "file") + " wholly in them" : "");
        return new String[] {
            checked,
            "the other records and shards"
                    + (partly > 0 ? ", the CRC-32C of " + count(partly, "file") + " only partly in the part" : "")
        };
    }

    private static String count(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
