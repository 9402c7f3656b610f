package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Verify's checks of the index itself: every entry's key, name and value, every folder named
 * by a key has a DIRECTORY entry, and no key is unknown or names a shard that does not exist.
 */
final class BundleIndexChecks {
    private final BundleArchive a;
    private final BundleVerifier v;

    BundleIndexChecks(BundleArchive a, BundleVerifier v) {
        this.a = a;
        this.v = v;
    }

    private static String quote(String s) {
        return dev.vitrine.core.export.EntryPathPolicy.quote(s);
    }

    Map<Long, List<CatEntry>> checkEntries(VerifyContext ctx, BundleCatalog cat) throws IOException {
        Map<Long, List<CatEntry>> byShard = new HashMap<>();
        Set<String> folders = new HashSet<>();
        Map<String, String> named = new LinkedHashMap<>(); // folder -> an entry naming it
        int n = 0;
        for (CatEntry e : cat.entries()) {
            if (++n % 4096 == 0) ctx.checkCancelled();
            String where = "entry " + quote(e.path());
            if (e.problem() != null) {
                ctx.report(Problem.error(
                        BundleLayout.INDEX_REF, -1, "key " + BundleLayout.printable(e.key()) + ": " + e.problem()));
                continue;
            }
            String unsafe = BundleLayout.unsafeName(e.name());
            Problem badName = e.unsafeNameProblem();
            if (badName != null) ctx.report(badName);
            if (unsafe == null && !e.name().dir().isEmpty()) {
                String d = e.name().dir();
                while (!d.isEmpty() && !named.containsKey(d)) {
                    named.put(d, e.path());
                    int cut = d.lastIndexOf('/');
                    d = cut < 0 ? "" : d.substring(0, cut);
                }
            }
            BundleFileMetadata m = e.meta();
            switch (m.getType()) {
                case DIRECTORY -> {
                    folders.add(e.path());
                    if (m.getUncompressedSize() != 0
                            || m.getCrc32C() != 0
                            || m.getShardIndex() != 0
                            || m.getShardUncompressedOffset() != 0) {
                        ctx.report(Problem.error(
                                BundleLayout.INDEX_REF, -1, where + ": a folder with size, crc32c or shard fields"));
                    }
                }
                case REGULAR -> {
                    long s = m.getShardIndex();
                    long size = m.getUncompressedSize();
                    long start = m.getShardUncompressedOffset();
                    FileRef ref = BundleLayout.shardRef(Math.max(0, s));
                    if (s < 0 || s >= a.shardCount()) {
                        ctx.report(Problem.error(
                                BundleLayout.INDEX_REF,
                                -1,
                                where + ": shard_index " + Long.toUnsignedString(s) + " is not below shard_count "
                                        + a.shardCount()));
                        if (size != 0)
                            v.damage(
                                    e,
                                    BundleLayout.INDEX_REF,
                                    -1,
                                    "its shard " + Long.toUnsignedString(s) + " does not exist");
                    } else if (size < 0 || start < 0 || start + size < start) {
                        ctx.report(Problem.error(
                                BundleLayout.INDEX_REF,
                                -1,
                                where + ": offset " + Long.toUnsignedString(start) + " + size "
                                        + Long.toUnsignedString(size) + " overflows"));
                        if (size != 0) v.damage(e, ref, -1, "its range cannot be read");
                    } else {
                        byShard.computeIfAbsent(s, k -> new ArrayList<>()).add(e);
                        if (size == 0 && m.getCrc32C() != 0) {
                            ctx.report(Problem.error(ref, -1, "file " + quote(e.path()) + ": CRC-32C mismatch")
                                    .expecting(
                                            "00000000", String.format("%08x", Integer.toUnsignedLong(m.getCrc32C()))));
                        }
                    }
                }
                default ->
                    ctx.report(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            where + ": type " + m.getTypeValue() + " is neither REGULAR nor DIRECTORY"));
            }
        }
        for (Map.Entry<String, String> f : named.entrySet()) {
            if (!folders.contains(f.getKey())) {
                ctx.report(Problem.error(
                        BundleLayout.INDEX_REF,
                        -1,
                        "folder " + quote(f.getKey()) + " (named by " + quote(f.getValue())
                                + ") has no DIRECTORY entry"));
            }
        }
        for (List<CatEntry> l : byShard.values()) {
            l.sort(Comparator.comparingLong(CatEntry::start).thenComparingLong(CatEntry::end));
        }
        return byShard;
    }

    /** Keys that are none of config, FILE_METADATA or a SHARD_METADATA of an existing shard. */
    void checkKeys(VerifyContext ctx) throws IOException {
        byte[] file = BundleLayout.ascii(BundleLayout.FILE_PREFIX);
        byte[] shard = BundleLayout.ascii(BundleLayout.SHARD_PREFIX);
        long[] n = {0};
        boolean none = a.codec() == CompressionType.NONE;
        a.index().scan(new byte[0], null, (k, v) -> {
            if (++n[0] % 4096 == 0) ctx.checkCancelled();
            if (Arrays.equals(k, BundleLayout.CONFIG_KEY) || BundleLayout.startsWith(k, file)) return true;
            String text = BundleLayout.printable(k);
            if (BundleLayout.startsWith(k, shard)) {
                BundleLayout.RecordKey rk = BundleLayout.parseRecordKey(k);
                if (rk == null)
                    ctx.report(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            "key " + text + " is not SHARD_METADATA # <20 digits> # <20 digits>"));
                else if (none)
                    ctx.report(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            "key " + text + ": a record in a bundle stored without compression"));
                else if (rk.shard() >= a.shardCount())
                    ctx.report(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            "key " + text + ": shard " + rk.shard() + " is not below shard_count " + a.shardCount()));
                return true;
            }
            ctx.report(Problem.warning(BundleLayout.INDEX_REF, -1, "unknown key " + text));
            return true;
        });
    }
}
