package dev.vitrine.core.format.bundle;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a bundle's index says: its config, checked when opened, and its file catalog (one scan
 * of every {@code FILE_METADATA} key), built on first need: listing, export, verify, and the
 * length of each shard's last record, which ends where the shard's last file ends.
 */
final class BundleCatalog implements AutoCloseable {
    private final BundleIndex index;
    private final BundleConfig config;
    private final Limits limits;
    private final List<Problem> openProblems;
    private Scan scan;

    private record Scan(List<CatEntry> entries, Map<Long, Long> streamEnds, boolean truncated) {}

    private BundleCatalog(BundleIndex index, BundleConfig config, Limits limits, List<Problem> openProblems) {
        this.index = index;
        this.config = config;
        this.limits = limits;
        this.openProblems = List.copyOf(openProblems);
    }

    /**
     * Opens the index folder {@code indexDir} (through a private copy, see {@link BundleIndex}) and reads
     * the config. An index that cannot be opened or holds no sound config is an open problem;
     * a read that fails outright closes the copy and throws.
     */
    static BundleCatalog open(Location indexDir, Limits limits) throws IOException {
        List<Problem> problems = new ArrayList<>();
        BundleIndex idx = null;
        BundleConfig cfg = null;
        try {
            idx = BundleIndex.open(indexDir, Math.max(limits.maxMetadataBytes(), 64L << 20) * 4);
        } catch (IOException e) {
            problems.add(Problem.error(BundleLayout.INDEX_REF, -1, "cannot open the index: " + e.getMessage()));
        }
        if (idx != null) {
            byte[] v;
            try {
                v = idx.get(BundleLayout.CONFIG_KEY);
            } catch (IOException | RuntimeException e) {
                idx.close(); // the private copy must not outlive a failed open
                throw e;
            }
            if (v == null) {
                problems.add(Problem.error(BundleLayout.INDEX_REF, -1, "no BUNDLE_CONFIG # key: not a bundle index"));
            } else {
                try {
                    cfg = BundleConfig.parseFrom(v);
                } catch (InvalidProtocolBufferException e) {
                    problems.add(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            "BUNDLE_CONFIG # value is not a BundleConfig: " + e.getMessage()));
                }
            }
        }
        if (cfg != null) problems.addAll(configProblems(cfg, limits));
        return new BundleCatalog(idx, cfg, limits, problems);
    }

    static List<Problem> configProblems(BundleConfig c, Limits limits) {
        List<Problem> out = new ArrayList<>();
        if (!c.getVersionMagic().equals(BundleLayout.VERSION_MAGIC)) {
            out.add(Problem.error(BundleLayout.INDEX_REF, -1, "config magic is not " + BundleLayout.VERSION_MAGIC)
                    .expecting(BundleLayout.VERSION_MAGIC, c.getVersionMagic()));
        }
        if (c.getBlockSize() <= 0 || c.getBlockSize() > (1L << 30)) {
            out.add(Problem.error(
                    BundleLayout.INDEX_REF,
                    -1,
                    "config block_size " + Long.toUnsignedString(c.getBlockSize()) + " is not in 1 .. 2^30"));
        }
        CompressionType m = c.getCompressionMethod();
        if (m != CompressionType.NONE
                && m != CompressionType.ZLIB
                && m != CompressionType.SNAPPY
                && m != CompressionType.ZSTD) {
            out.add(Problem.error(
                    BundleLayout.INDEX_REF,
                    -1,
                    "config compression_method " + c.getCompressionMethodValue() + " is unknown"));
        }
        if (m != CompressionType.NONE
                && (c.getRecordSize() <= 0 || c.getRecordSize() > Math.min(limits.maxBlockBytes(), 1L << 30))) {
            out.add(Problem.error(
                    BundleLayout.INDEX_REF,
                    -1,
                    "config record_size " + Long.toUnsignedString(c.getRecordSize()) + " is not in 1 .. "
                            + Math.min(limits.maxBlockBytes(), 1L << 30)));
        }
        if (c.getShardCount() < 0 || c.getShardCount() > limits.maxEntries()) {
            out.add(Problem.error(
                    BundleLayout.INDEX_REF,
                    -1,
                    "config shard_count " + Long.toUnsignedString(c.getShardCount()) + " is beyond the limit"));
        }
        return out;
    }

    /** The opened index, or null when it could not be opened (an open problem says why). */
    BundleIndex index() {
        return index;
    }

    /** The config, or null when missing or unparseable. */
    BundleConfig config() {
        return config;
    }

    Limits limits() {
        return limits;
    }

    List<Problem> openProblems() {
        return openProblems;
    }

    /** Whether the config lets us read shards and records. */
    boolean usable() {
        return index != null && config != null && configProblems(config, limits).isEmpty();
    }

    CompressionType codec() {
        return config == null ? CompressionType.UNKNOWN : config.getCompressionMethod();
    }

    long shardCount() {
        return config == null ? 0 : Math.max(0, Math.min(config.getShardCount(), limits.maxEntries()));
    }

    /** Every FILE_METADATA entry in key order, at most {@link Limits#maxEntries()}. */
    List<CatEntry> entries() throws IOException {
        return scan().entries();
    }

    /** Whether the index holds more entries than {@link #entries()} (the limit was met). */
    boolean truncated() throws IOException {
        return scan().truncated();
    }

    /** The end of shard {@code s}'s logical stream: where its last file ends. */
    long streamEnd(long s) throws IOException {
        return scan().streamEnds().getOrDefault(s, 0L);
    }

    /** The entries if the catalog was read already, else null: reading it is not free. */
    synchronized List<CatEntry> entriesIfRead() {
        return scan == null ? null : scan.entries();
    }

    private synchronized Scan scan() throws IOException {
        if (scan != null) return scan;
        if (index == null) return scan = new Scan(List.of(), Map.of(), false);
        List<CatEntry> out = new ArrayList<>();
        Map<Long, Long> ends = new HashMap<>();
        boolean[] truncated = {false};
        index.scan(BundleLayout.ascii(BundleLayout.FILE_PREFIX), null, (k, v) -> {
            if (out.size() >= limits.maxEntries()) {
                truncated[0] = true;
                return false;
            }
            CatEntry e = CatEntry.parse(k, v);
            out.add(e);
            if (e.isFile() && e.meta().getUncompressedSize() >= 0 && e.start() >= 0 && e.end() >= e.start()) {
                ends.merge(e.meta().getShardIndex(), e.end(), Math::max);
            }
            return true;
        });
        return scan = new Scan(List.copyOf(out), Map.copyOf(ends), truncated[0]);
    }

    /** The entry of the file named by FILE_METADATA key {@code key}, or null when the index has none. */
    CatEntry lookup(byte[] key) throws IOException {
        byte[] v = index == null ? null : index.get(key);
        return v == null ? null : CatEntry.parse(key, v);
    }

    /**
     * Entries in bytewise order of their full path (the writer's order; key order differs, as
     * "a/ # b" sorts after "/ # a.txt"). Each path is encoded once, not at every comparison:
     * this sort is most of `ls` at 100,000 files.
     */
    static List<CatEntry> inPathOrder(List<CatEntry> entries) {
        record Keyed(byte[] path, CatEntry e) {}
        List<Keyed> keyed = new ArrayList<>(entries.size());
        for (CatEntry e : entries) keyed.add(new Keyed(BundleLayout.utf8(e.path()), e));
        keyed.sort((x, y) -> Arrays.compareUnsigned(x.path(), y.path()));
        List<CatEntry> out = new ArrayList<>(keyed.size());
        for (Keyed k : keyed) out.add(k.e());
        return out;
    }

    @Override
    public void close() {
        if (index != null) index.close();
    }
}
