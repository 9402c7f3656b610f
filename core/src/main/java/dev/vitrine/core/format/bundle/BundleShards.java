package dev.vitrine.core.format.bundle;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.vitrine.core.format.ArchiveFiles;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleRecordMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleShardHeader;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A bundle's shard files: each one's framing (preamble and header, checked against the config),
 * read when first looked at, and its record table from the index's {@code SHARD_METADATA} keys.
 */
final class BundleShards implements AutoCloseable {
    private final BundleCatalog catalog;
    private final ArchiveFiles files;
    private final Map<Long, Shard> shards = new HashMap<>();
    private final LinkedHashMap<Long, Records> recordCache = new LinkedHashMap<>(16, 0.75f, true);

    private final boolean mapped;

    /** {@code mapped}: the shards are local files, mapped (remote ones are read by ranges through a cache). */
    BundleShards(BundleCatalog catalog, ArchiveFiles files, boolean mapped) {
        this.catalog = catalog;
        this.files = files;
        this.mapped = mapped;
    }

    /**
     * A shard file's framing: header and where data starts; {@code problems} say why when
     * unreadable. {@code mapped}: its pages can be let go of as a reader passes them; never asked
     * of a remote shard, whose whole-file segment would be a download.
     */
    record Shard(
            long index,
            boolean mapped,
            FileRef ref,
            ByteSource src,
            long headerLength,
            long dataOffset,
            BundleShardHeader header,
            List<Problem> problems) {
        boolean readable() {
            return src != null && dataOffset >= 0;
        }

        /** The compressed bytes record {@code i} may occupy: from its offset to the next stored record's, or the end. */
        ByteRange recordSlot(Records r, int i) {
            if (r.zeros(i) || src == null) return ByteRange.NONE;
            long start = r.byteOffsets()[i];
            long end = src.size();
            for (int j = i + 1; j < r.count(); j++) {
                if (!r.zeros(j)) {
                    end = Math.min(end, r.byteOffsets()[j]);
                    break;
                }
            }
            if (start > src.size()) return ByteRange.NONE;
            return ByteRange.in(ref, start, Math.max(0, end - start));
        }
    }

    /** A shard's records from its SHARD_METADATA keys: uncompressed offsets, byte offsets (-1: all zeros). */
    record Records(long shard, long[] offsets, long[] byteOffsets, List<Problem> problems, long streamEnd) {
        int count() {
            return offsets.length;
        }

        long length(int i) {
            return (i + 1 < offsets.length ? offsets[i + 1] : Math.max(streamEnd, offsets[i])) - offsets[i];
        }

        boolean zeros(int i) {
            return byteOffsets[i] < 0;
        }

        /** Index of the record holding uncompressed offset {@code off}, or -1. */
        int find(long off) {
            int i = Arrays.binarySearch(offsets, off);
            return i >= 0 ? i : -i - 2;
        }
    }

    /** A shard file's bytes, opened (and kept open within the open-files limit) by the bundle's file set. */
    ByteSource source(FileRef ref) throws IOException {
        return files.source(ref);
    }

    /**
     * Shards the config counts that cannot be opened (missing, a link, no permission): every
     * command that lists or reads the bundle says so and exits 1.
     */
    List<Problem> missing() {
        List<Problem> out = new ArrayList<>();
        for (long s = 0; s < catalog.shardCount(); s++) {
            FileRef ref = BundleLayout.shardRef(s);
            try {
                files.source(ref);
            } catch (IOException e) {
                out.add(Problem.error(ref, -1, "shard " + s + " is missing: " + e.getMessage()));
            }
        }
        return out;
    }

    /** The bytes of every shard that can be opened. */
    long storedSize() {
        long stored = 0;
        for (long s = 0; s < catalog.shardCount(); s++) {
            Shard sh = shard(s);
            if (sh.src() != null) stored += sh.src().size();
        }
        return stored;
    }

    synchronized Shard shard(long s) {
        Shard sh = shards.get(s);
        if (sh == null) {
            sh = readShard(s);
            if (shards.size() < 4096) shards.put(s, sh);
        }
        return sh;
    }

    private Shard readShard(long s) {
        FileRef ref = BundleLayout.shardRef(s);
        List<Problem> ps = new ArrayList<>();
        ByteSource src;
        try {
            src = files.source(ref);
        } catch (IOException e) {
            ps.add(Problem.error(ref, -1, "shard " + s + " is missing: " + e.getMessage()));
            return new Shard(s, mapped, ref, null, -1, -1, null, ps);
        }
        BundleConfig config = catalog.config();
        try {
            if (src.size() < BundleLayout.SHARD_PREAMBLE)
                throw new FormatException(ref.path(), ref, 0, "shard is shorter than its 12-byte preamble");
            if (!Arrays.equals(src.read(0, 4), BundleLayout.SHARD_MAGIC))
                throw new FormatException(ref.path(), ref, 0, "shard does not start with daBS");
            long hl = src.readU32LE(4);
            long dataOffset = src.readU32LE(8);
            if (hl > BundleLayout.MAX_HEADER || BundleLayout.SHARD_PREAMBLE + hl > src.size()) {
                throw new FormatException(
                        ref.path(), ref, 4, "header_length " + hl + " runs past the shard (" + src.size() + " bytes)");
            }
            if (dataOffset < BundleLayout.SHARD_PREAMBLE + hl || dataOffset > src.size()) {
                throw new FormatException(
                        ref.path(),
                        ref,
                        8,
                        "data_offset " + dataOffset + " is not between the header's end "
                                + (BundleLayout.SHARD_PREAMBLE + hl) + " and the shard's size " + src.size());
            }
            BundleShardHeader h;
            try {
                h = BundleShardHeader.parseFrom(src.read(BundleLayout.SHARD_PREAMBLE, (int) hl));
            } catch (InvalidProtocolBufferException e) {
                ps.add(Problem.error(
                        ref,
                        BundleLayout.SHARD_PREAMBLE,
                        "shard header is not a BundleShardHeader: " + e.getMessage()));
                h = null;
            }
            if (h != null && config != null) headerProblems(s, ref, h, config, ps);
            if (h != null && !Arrays.equals(h.toByteArray(), src.read(BundleLayout.SHARD_PREAMBLE, (int) hl))) {
                // e.g. a bool stored as 0x40 (still "true"): the values read the same, the bytes are not what a writer
                // makes
                ps.add(Problem.warning(
                        ref, BundleLayout.SHARD_PREAMBLE, "shard header is not in protobuf's canonical encoding"));
            }
            if (config != null && config.getBlockSize() > 0 && dataOffset % config.getBlockSize() != 0) {
                ps.add(Problem.error(
                        ref,
                        8,
                        "data_offset " + dataOffset + " is not a multiple of block_size " + config.getBlockSize()));
            }
            return new Shard(s, mapped, ref, src, hl, dataOffset, h, ps);
        } catch (FormatException e) {
            ps.add(Problem.of(e));
            return new Shard(s, mapped, ref, src, -1, -1, null, ps);
        }
    }

    private static void headerProblems(
            long s, FileRef ref, BundleShardHeader h, BundleConfig config, List<Problem> ps) {
        long at = BundleLayout.SHARD_PREAMBLE;
        if (h.getShardIndex() != s)
            ps.add(Problem.error(ref, at, "shard header's shard_index differs from the file's name")
                    .expecting(s, h.getShardIndex()));
        if (h.getShardCount() != config.getShardCount())
            ps.add(Problem.error(ref, at, "shard header's shard_count differs from the config")
                    .expecting(config.getShardCount(), h.getShardCount()));
        if (h.getRecordSize() != config.getRecordSize())
            ps.add(Problem.error(ref, at, "shard header's record_size differs from the config")
                    .expecting(config.getRecordSize(), h.getRecordSize()));
        if (h.getRecordAlignment() != config.getBlockSize())
            ps.add(Problem.error(ref, at, "shard header's record_alignment differs from the config's block_size")
                    .expecting(config.getBlockSize(), h.getRecordAlignment()));
        if (h.getCompressionMethod() != config.getCompressionMethod())
            ps.add(Problem.error(ref, at, "shard header's compression_method differs from the config")
                    .expecting(config.getCompressionMethod(), h.getCompressionMethod()));
        if (h.getMetadataLocationCase() != BundleShardHeader.MetadataLocationCase.EXTERNAL_METADATA
                || !h.getExternalMetadata()) {
            ps.add(Problem.error(ref, at, "shard header does not say external_metadata")
                    .expecting("external_metadata: true", h.getMetadataLocationCase()));
        }
    }

    /** Shard {@code s}'s record table, the 16 most recently used kept. */
    Records records(long s) throws IOException {
        synchronized (recordCache) {
            Records r = recordCache.get(s);
            if (r != null) return r;
        }
        Records r = loadRecords(s);
        synchronized (recordCache) {
            recordCache.put(s, r);
            while (recordCache.size() > 16)
                recordCache.remove(recordCache.keySet().iterator().next());
        }
        return r;
    }

    private Records loadRecords(long s) throws IOException {
        FileRef ref = BundleLayout.shardRef(s);
        LongList offs = new LongList();
        LongList boffs = new LongList();
        List<Problem> ps = new ArrayList<>();
        long end = catalog.streamEnd(s);
        long max = catalog.limits().maxEntries();
        BundleIndex index = catalog.index();
        if (index != null) {
            index.scan(BundleLayout.shardRecordPrefix(s), null, (k, v) -> {
                if (offs.size() >= max) {
                    ps.add(Problem.error(ref, -1, "more than " + max + " records; the rest are not read"));
                    return false;
                }
                BundleLayout.RecordKey rk = BundleLayout.parseRecordKey(k);
                String keyText = BundleLayout.printable(k);
                if (rk == null) {
                    ps.add(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            "key " + keyText + " is not SHARD_METADATA # <20 digits> # <20 digits>"));
                    return true;
                }
                BundleRecordMetadata m;
                try {
                    if (v.length > BundleLayout.MAX_VALUE) throw new InvalidProtocolBufferException("value too large");
                    m = BundleRecordMetadata.parseFrom(v);
                } catch (InvalidProtocolBufferException e) {
                    ps.add(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            "key " + keyText + ": value is not a BundleRecordMetadata: " + e.getMessage()));
                    return true;
                }
                if (m.getShardIndex() != rk.shard() || m.getShardUncompressedOffset() != rk.offset()) {
                    ps.add(Problem.error(
                            BundleLayout.INDEX_REF,
                            -1,
                            "key " + keyText + " disagrees with its value (shard " + m.getShardIndex() + ", offset "
                                    + m.getShardUncompressedOffset() + ")"));
                }
                long boff;
                switch (m.getDataReferenceCase()) {
                    case SHARD_BYTE_OFFSET -> boff = m.getShardByteOffset();
                    case ALL_ZEROS -> {
                        if (!m.getAllZeros())
                            ps.add(Problem.error(
                                    BundleLayout.INDEX_REF,
                                    -1,
                                    "key " + keyText + ": all_zeros is false and no shard_byte_offset"));
                        boff = -1;
                    }
                    default -> {
                        ps.add(Problem.error(
                                BundleLayout.INDEX_REF,
                                -1,
                                "key " + keyText + ": neither shard_byte_offset nor all_zeros"));
                        boff = -1;
                    }
                }
                if (boff < -1) boff = Long.MAX_VALUE; // an unsigned value past 2^63: certainly outside the file
                offs.add(rk.offset());
                boffs.add(boff);
                return true;
            });
        }
        return new Records(s, offs.toArray(), boffs.toArray(), List.copyOf(ps), end);
    }

    /** Unboxed growable longs: a shard may have millions of records. */
    private static final class LongList {
        private long[] a = new long[16];
        private int n;

        void add(long v) {
            if (n == a.length) a = Arrays.copyOf(a, a.length * 2);
            a[n++] = v;
        }

        int size() {
            return n;
        }

        long[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }

    void releaseCaches() {
        files.releaseCaches();
    }

    long cachedBytes() {
        return files.cachedBytes();
    }

    @Override
    public void close() {
        files.close();
    }
}
