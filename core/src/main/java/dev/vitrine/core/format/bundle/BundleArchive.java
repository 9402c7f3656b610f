package dev.vitrine.core.format.bundle;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.export.PassedPages;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFiles;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleRecordMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleShardHeader;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.KeyValueIndex;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An opened DataBundle: a folder with {@code index/} (RocksDB) and {@code shard-NNNNNNNN}
 * files. Opening copies and opens the index (see {@link BundleIndex}) and reads the config;
 * folders, shards and records are read when looked at. The full file catalog (one scan of
 * every {@code FILE_METADATA} key) is built on first need: listing, export, verify, and the
 * length of each shard's last record, which ends where the shard's last file ends.
 */
public final class BundleArchive implements Archive, FileListing {
    static final FileRef INDEX_REF = FileRef.of("index");

    private final ArchiveFormat format;
    private final Path path;
    private final Limits limits;
    private final ArchiveFiles files;
    private final BundleIndex index;
    private final BundleConfig config;
    private final List<Problem> openProblems = new ArrayList<>();
    private final Map<Long, Shard> shards = new HashMap<>();
    private final LinkedHashMap<Long, Records> recordCache = new LinkedHashMap<>(16, 0.75f, true);
    private final LinkedHashMap<String, byte[]> decodedCache = new LinkedHashMap<>(8, 0.75f, true);
    private Catalog catalog;
    private List<FileListing.Entry> listing;
    private Node root;
    private final BundleKeys keys = new BundleKeys(this);

    BundleArchive(ArchiveFormat format, Path path, Limits limits) throws IOException {
        this.format = format;
        this.path = path;
        this.limits = limits;
        this.files = new ArchiveFiles(path, limits.maxOpenFiles());
        BundleIndex idx = null;
        BundleConfig cfg = null;
        try {
            idx = BundleIndex.open(path.resolve("index"), Math.max(limits.maxMetadataBytes(), 64L << 20) * 4);
        } catch (IOException e) {
            openProblems.add(Problem.error(INDEX_REF, -1, "cannot open the index: " + e.getMessage()));
        }
        this.index = idx;
        if (idx != null) {
            byte[] v;
            try {
                v = idx.get(BundleLayout.CONFIG_KEY);
            } catch (IOException | RuntimeException e) {
                idx.close(); // the private copy must not outlive a failed open
                files.close();
                throw e;
            }
            if (v == null) {
                openProblems.add(Problem.error(INDEX_REF, -1, "no BUNDLE_CONFIG # key: not a bundle index"));
            } else {
                try {
                    cfg = BundleConfig.parseFrom(v);
                } catch (InvalidProtocolBufferException e) {
                    openProblems.add(Problem.error(
                            INDEX_REF, -1, "BUNDLE_CONFIG # value is not a BundleConfig: " + e.getMessage()));
                }
            }
        }
        this.config = cfg;
        if (cfg != null) openProblems.addAll(configProblems(cfg, limits));
    }

    static List<Problem> configProblems(BundleConfig c, Limits limits) {
        List<Problem> out = new ArrayList<>();
        if (!c.getVersionMagic().equals(BundleLayout.VERSION_MAGIC)) {
            out.add(Problem.error(INDEX_REF, -1, "config magic is not " + BundleLayout.VERSION_MAGIC)
                    .expecting(BundleLayout.VERSION_MAGIC, c.getVersionMagic()));
        }
        if (c.getBlockSize() <= 0 || c.getBlockSize() > (1L << 30)) {
            out.add(Problem.error(
                    INDEX_REF,
                    -1,
                    "config block_size " + Long.toUnsignedString(c.getBlockSize()) + " is not in 1 .. 2^30"));
        }
        CompressionType m = c.getCompressionMethod();
        if (m != CompressionType.NONE
                && m != CompressionType.ZLIB
                && m != CompressionType.SNAPPY
                && m != CompressionType.ZSTD) {
            out.add(Problem.error(
                    INDEX_REF, -1, "config compression_method " + c.getCompressionMethodValue() + " is unknown"));
        }
        if (m != CompressionType.NONE
                && (c.getRecordSize() <= 0 || c.getRecordSize() > Math.min(limits.maxBlockBytes(), 1L << 30))) {
            out.add(Problem.error(
                    INDEX_REF,
                    -1,
                    "config record_size " + Long.toUnsignedString(c.getRecordSize()) + " is not in 1 .. "
                            + Math.min(limits.maxBlockBytes(), 1L << 30)));
        }
        if (c.getShardCount() < 0 || c.getShardCount() > limits.maxEntries()) {
            out.add(Problem.error(
                    INDEX_REF,
                    -1,
                    "config shard_count " + Long.toUnsignedString(c.getShardCount()) + " is beyond the limit"));
        }
        return out;
    }

    // ---- accessors for nodes, content and verify

    BundleIndex index() {
        return index;
    }

    BundleConfig config() {
        return config;
    }

    Limits limits() {
        return limits;
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

    // ---- the catalog: every FILE_METADATA key once

    /** One FILE_METADATA entry; {@code meta} null when its value does not parse ({@code problem} says why). */
    record CatEntry(byte[] key, BundleLayout.FileKey name, BundleFileMetadata meta, String problem) {
        boolean isFile() {
            return meta != null && meta.getType() == BundleFileMetadata.FileType.REGULAR;
        }

        boolean isDirectory() {
            return meta != null && meta.getType() == BundleFileMetadata.FileType.DIRECTORY;
        }

        String path() {
            if (name != null) return name.path();
            byte[] raw = rawPath();
            return BundleLayout.printable(raw != null ? raw : key);
        }

        /** The path's exact bytes when the key is a FILE_METADATA key that is not UTF-8, else null. */
        byte[] rawPath() {
            return name == null ? BundleLayout.rawPath(key) : null;
        }

        long start() {
            return meta.getShardUncompressedOffset();
        }

        long end() {
            return meta.getShardUncompressedOffset() + meta.getUncompressedSize();
        }
    }

    record Catalog(List<CatEntry> entries, Map<Long, Long> streamEnds, boolean truncated) {}

    synchronized Catalog catalog() throws IOException {
        if (catalog != null) return catalog;
        if (index == null) return catalog = new Catalog(List.of(), Map.of(), false);
        List<CatEntry> out = new ArrayList<>();
        Map<Long, Long> ends = new HashMap<>();
        boolean[] truncated = {false};
        index.scan(BundleLayout.ascii(BundleLayout.FILE_PREFIX), null, (k, v) -> {
            if (out.size() >= limits.maxEntries()) {
                truncated[0] = true;
                return false;
            }
            CatEntry e = entry(k, v);
            out.add(e);
            if (e.isFile() && e.meta().getUncompressedSize() >= 0 && e.start() >= 0 && e.end() >= e.start()) {
                ends.merge(e.meta().getShardIndex(), e.end(), Math::max);
            }
            return true;
        });
        return catalog = new Catalog(List.copyOf(out), Map.copyOf(ends), truncated[0]);
    }

    static CatEntry entry(byte[] k, byte[] v) {
        BundleLayout.FileKey name = BundleLayout.parseFileKey(k);
        String problem = name == null ? "key is not FILE_METADATA # <dir>/ # <name> in UTF-8" : null;
        BundleFileMetadata m = null;
        if (v.length > BundleLayout.MAX_VALUE) {
            problem = "value of " + v.length + " bytes is too large";
        } else {
            try {
                m = BundleFileMetadata.parseFrom(v);
            } catch (InvalidProtocolBufferException e) {
                problem = "value is not a BundleFileMetadata: " + e.getMessage();
            }
        }
        return new CatEntry(k, name, m, problem);
    }

    /**
     * An entry whose name export refuses (the key's own rules, then the portable rules every
     * export applies, {@link EntryPathPolicy#classify}), as the error verify and every listing
     * report; null when the name is fine or the key did not parse (reported on its own).
     */
    static Problem unsafeNameProblem(CatEntry e) {
        if (e.name() == null) return null;
        String why = BundleLayout.unsafeName(e.name());
        if (why == null && EntryPathPolicy.of(false).classify(e.path()).decision() instanceof EntryPathPolicy.Refused r)
            why = r.reason();
        return why == null
                ? null
                : Problem.error(
                        INDEX_REF,
                        -1,
                        "entry " + EntryPathPolicy.quote(e.path()) + ": unsafe name (" + why + "); export refuses it");
    }

    /** The end of shard {@code s}'s logical stream: where its last file ends. */
    long streamEnd(long s) throws IOException {
        return catalog().streamEnds().getOrDefault(s, 0L);
    }

    /**
     * Shards the config counts that cannot be read (missing, a link, no permission): every
     * command that lists or reads the bundle says so and exits 1 ({@code ls} reads no shard).
     * Verify reports them itself, shard by shard.
     */
    @Override
    public List<Problem> damageMet() {
        List<Problem> out = new ArrayList<>();
        // Names export refuses are damage wherever met: once the catalog was read (ls, export, the tree), say so.
        Catalog met;
        synchronized (this) {
            met = catalog;
        }
        if (met != null) {
            for (CatEntry e : met.entries()) {
                Problem p = unsafeNameProblem(e);
                if (p != null) out.add(p);
            }
        }
        if (!usable()) return out;
        for (long s = 0; s < shardCount(); s++) {
            FileRef ref = BundleLayout.shardRef(s);
            try {
                files.source(ref);
            } catch (IOException e) {
                out.add(Problem.error(ref, -1, "shard " + s + " is missing: " + e.getMessage()));
            }
        }
        return out;
    }

    // ---- shards

    /** A shard file's framing: header and where data starts; {@code problem} when unreadable. */
    record Shard(
            long index,
            FileRef ref,
            ByteSource src,
            long headerLength,
            long dataOffset,
            BundleShardHeader header,
            List<Problem> problems) {
        boolean readable() {
            return src != null && dataOffset >= 0;
        }
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
            return new Shard(s, ref, null, -1, -1, null, ps);
        }
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
            if (h != null && config != null) headerProblems(s, ref, h, ps);
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
            return new Shard(s, ref, src, hl, dataOffset, h, ps);
        } catch (FormatException e) {
            ps.add(Problem.of(e));
            return new Shard(s, ref, src, -1, -1, null, ps);
        }
    }

    private void headerProblems(long s, FileRef ref, BundleShardHeader h, List<Problem> ps) {
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

    // ---- records of a shard

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
        long end = streamEnd(s);
        if (index != null) {
            index.scan(BundleLayout.shardRecordPrefix(s), null, (k, v) -> {
                if (offs.size() >= limits.maxEntries()) {
                    ps.add(Problem.error(
                            ref, -1, "more than " + limits.maxEntries() + " records; the rest are not read"));
                    return false;
                }
                BundleLayout.RecordKey rk = BundleLayout.parseRecordKey(k);
                String keyText = BundleLayout.printable(k);
                if (rk == null) {
                    ps.add(Problem.error(
                            INDEX_REF, -1, "key " + keyText + " is not SHARD_METADATA # <20 digits> # <20 digits>"));
                    return true;
                }
                BundleRecordMetadata m;
                try {
                    if (v.length > BundleLayout.MAX_VALUE) throw new InvalidProtocolBufferException("value too large");
                    m = BundleRecordMetadata.parseFrom(v);
                } catch (InvalidProtocolBufferException e) {
                    ps.add(Problem.error(
                            INDEX_REF,
                            -1,
                            "key " + keyText + ": value is not a BundleRecordMetadata: " + e.getMessage()));
                    return true;
                }
                if (m.getShardIndex() != rk.shard() || m.getShardUncompressedOffset() != rk.offset()) {
                    ps.add(Problem.error(
                            INDEX_REF,
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
                                    INDEX_REF, -1, "key " + keyText + ": all_zeros is false and no shard_byte_offset"));
                        boff = -1;
                    }
                    default -> {
                        ps.add(Problem.error(
                                INDEX_REF, -1, "key " + keyText + ": neither shard_byte_offset nor all_zeros"));
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

    /** The compressed bytes a record may occupy: from its offset to the next stored record's, or the file's end. */
    ByteRange recordSlot(Shard sh, Records r, int i) {
        if (r.zeros(i) || sh.src() == null) return ByteRange.NONE;
        long start = r.byteOffsets()[i];
        long end = sh.src().size();
        for (int j = i + 1; j < r.count(); j++) {
            if (!r.zeros(j)) {
                end = Math.min(end, r.byteOffsets()[j]);
                break;
            }
        }
        if (start > sh.src().size()) return ByteRange.NONE;
        return ByteRange.in(sh.ref(), start, Math.max(0, end - start));
    }

    /**
     * Record {@code i} of shard {@code sh}, decoded and checked against its length. All-zero
     * records decode to zeros. Throws a {@link FormatException} at the record's offset.
     */
    byte[] decodeRecord(Shard sh, Records r, int i) throws IOException {
        return decodeRecordFull(sh, r, i).data();
    }

    RecordCodec.Result decodeRecordFull(Shard sh, Records r, int i) throws IOException {
        return decodeRecordFull(sh, r, i, true);
    }

    /** {@code cached} false (verify): always decode from the shard, so the compressed length is known. */
    RecordCodec.Result decodeRecordFull(Shard sh, Records r, int i, boolean cached) throws IOException {
        return decodeRecordFull(sh, r, i, cached, null);
    }

    /** As above, decoding with {@code reuse} (a stream's own decoder) when not null. */
    RecordCodec.Result decodeRecordFull(Shard sh, Records r, int i, boolean cached, RecordCodec.Decoder reuse)
            throws IOException {
        long len = checkedLength(sh, r, i);
        if (r.zeros(i)) return new RecordCodec.Result(new byte[(int) len], 0);
        String cacheKey = sh.index() + ":" + i;
        if (cached) {
            synchronized (decodedCache) {
                byte[] hit = decodedCache.get(cacheKey);
                if (hit != null) return new RecordCodec.Result(hit, -1);
            }
        }
        byte[] out = new byte[(int) len];
        long used;
        if (reuse != null) {
            used = decodeRecordInto(sh, r, i, out, reuse);
        } else {
            try (RecordCodec.Decoder d = new RecordCodec.Decoder()) {
                used = decodeRecordInto(sh, r, i, out, d);
            }
        }
        if (len <= (4 << 20)) {
            synchronized (decodedCache) {
                decodedCache.put(cacheKey, out);
                while (decodedCache.size() > 8)
                    decodedCache.remove(decodedCache.keySet().iterator().next());
            }
        }
        return new RecordCodec.Result(out, used);
    }

    /** Record {@code i}'s uncompressed length, or a {@link FormatException} when no record can be that long. */
    long checkedLength(Shard sh, Records r, int i) throws FormatException {
        long len = r.length(i);
        long max = Math.max(1, config.getRecordSize());
        if (len <= 0 || len > max) {
            FileRef ref = sh.ref();
            throw new FormatException(
                    ref.path(),
                    ref,
                    Math.max(-1, r.byteOffsets()[i]),
                    "record at stream offset " + r.offsets()[i] + " is " + len + " bytes long; records hold 1 .. "
                            + max);
        }
        return len;
    }

    /**
     * Decodes record {@code i} into {@code out[0, length)} with {@code d}'s reused state and
     * buffers (nothing allocated per record), and checks it: its length,
     * that it starts inside the data and that its compressed bytes end before the next record.
     * Returns how many compressed bytes it took (0 for an all-zero record). Throws a
     * {@link FormatException} at the record's offset.
     */
    long decodeRecordInto(Shard sh, Records r, int i, byte[] out, RecordCodec.Decoder d) throws IOException {
        long len = checkedLength(sh, r, i);
        FileRef ref = sh.ref();
        if (r.zeros(i)) {
            Arrays.fill(out, 0, (int) len, (byte) 0);
            return 0;
        }
        long boff = r.byteOffsets()[i];
        if (sh.src() == null) throw new FormatException(ref.path(), ref, -1, "shard is missing");
        long size = sh.src().size();
        if (boff >= size)
            throw new FormatException(
                    ref.path(),
                    ref,
                    boff,
                    "record at stream offset " + r.offsets()[i] + " starts past the shard's end " + size);
        if (boff < sh.dataOffset())
            throw new FormatException(
                    ref.path(), ref, boff, "record starts before the shard's data_offset " + sh.dataOffset());
        int window = (int) Math.min(size - boff, RecordCodec.compressedBound(len));
        // Copied into the decoder's reused buffer by a Java copy, never handed to native code in
        // place: a mapping closed meanwhile (the window closing the archive, an evicted shard)
        // then fails this read with an exception instead of crashing the process.
        byte[] buf = d.input(window);
        try {
            java.lang.foreign.MemorySegment.copy(
                    sh.src().segment(boff, window), java.lang.foreign.ValueLayout.JAVA_BYTE, 0, buf, 0, window);
        } catch (IllegalStateException e) {
            throw new FormatException(
                    ref.path(),
                    ref,
                    boff,
                    "record at stream offset " + r.offsets()[i] + ": the shard was closed while reading");
        }
        ByteBuffer in = ByteBuffer.wrap(buf, 0, window).slice();
        long used;
        try {
            used = d.decode(codec(), in, out, (int) len);
        } catch (FormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new FormatException(
                    ref.path(), ref, boff, "record at stream offset " + r.offsets()[i] + ": " + e.getMessage());
        }
        ByteRange slot = recordSlot(sh, r, i);
        if (used > slot.length()) {
            throw new FormatException(
                    ref.path(),
                    ref,
                    boff + slot.length(),
                    "record at stream offset " + r.offsets()[i] + " (" + used + " compressed bytes from " + boff
                            + ") overlaps the next record at " + slot.end());
        }
        return used;
    }

    /** Records being decoded ahead of a reader in data order (export), by "shard:record": at most {@link #AHEAD}. */
    private final LinkedHashMap<String, java.util.concurrent.Future<byte[]>> ahead = new LinkedHashMap<>();

    private static final int AHEAD = 2;
    private java.util.concurrent.ExecutorService aheadPool;

    /**
     * Record {@code i} for a reader in data order, and the next one started on another core: an
     * export then decodes while it writes. Bounded: {@link #AHEAD} records in flight. A record
     * decoded ahead that failed is decoded again here, so the failure is reported as usual.
     */
    byte[] recordForReader(Shard sh, Records r, int i, RecordCodec.Decoder d) throws IOException {
        java.util.concurrent.Future<byte[]> mine;
        synchronized (ahead) {
            mine = ahead.remove(sh.index() + ":" + i);
            int n = i + 1;
            String next = sh.index() + ":" + n;
            if (n < r.count() && !r.zeros(n) && !ahead.containsKey(next)) {
                // a reader that stopped (a preview) leaves its record unclaimed: the oldest goes
                while (ahead.size() >= AHEAD)
                    ahead.remove(ahead.keySet().iterator().next()).cancel(false);
                if (aheadPool == null) {
                    aheadPool = java.util.concurrent.Executors.newSingleThreadExecutor(t -> {
                        Thread th = new Thread(t, "bundle-read-ahead");
                        th.setDaemon(true);
                        return th;
                    });
                }
                ahead.put(
                        next,
                        aheadPool.submit(() -> decodeRecordFull(sh, r, n, true).data()));
            }
        }
        if (mine != null) {
            try {
                return mine.get();
            } catch (java.util.concurrent.ExecutionException e) {
                // decoded again below, so the reader sees the record's own error
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while decoding a record");
            }
        }
        return decodeRecordFull(sh, r, i, true, d).data();
    }

    private final Map<Long, PassedPages> passedPages = new HashMap<>();

    /**
     * A reader in data order (export) is past the record at {@code byteOffset} of shard
     * {@code sh}: the mapped pages before it are let go, so exporting 10 GB does not hold 10 GB
     * resident. A reader going back only costs page faults.
     */
    void passed(Shard sh, long byteOffset) {
        if (sh.src() == null || byteOffset < 0) return;
        synchronized (passedPages) {
            PassedPages p = passedPages.get(sh.index());
            if (p == null) {
                try {
                    p = new PassedPages(sh.src().segment(0, sh.src().size()));
                } catch (IOException | RuntimeException e) {
                    return; // not mapped as one segment: nothing to let go of
                }
                if (passedPages.size() >= 64) passedPages.clear();
                passedPages.put(sh.index(), p);
            }
            try {
                p.passed(byteOffset);
            } catch (RuntimeException e) {
                passedPages.remove(
                        sh.index()); // the shard's mapping was released (many shards open): map again next time
            }
        }
    }

    // ---- files

    /** Content of a regular file entry, streamed from its records (or its stored bytes for NONE). */
    Content contentOf(CatEntry e) {
        return new BundleFileContent(this, e);
    }

    @Override
    public synchronized List<FileListing.Entry> entries() throws IOException {
        if (listing != null) return listing;
        // Data order (shard, then stream offset): the order records are read in, so export decodes each once.
        List<CatEntry> files = new ArrayList<>();
        for (CatEntry e : catalog().entries()) if (e.isFile()) files.add(e);
        files.sort(java.util.Comparator.comparingLong((CatEntry e) -> e.meta().getShardIndex())
                .thenComparingLong(CatEntry::start));
        List<FileListing.Entry> out = new ArrayList<>();
        for (CatEntry e : files) out.add(listingEntry(e));
        return listing = List.copyOf(out);
    }

    private FileListing.Entry listingEntry(CatEntry e) {
        BundleEntry b = BundleEntry.of(this, e);
        Map<String, Object> at = new LinkedHashMap<>();
        at.put("type", b.type());
        if (e.isFile()) {
            at.put("shard", b.shard());
            at.put("offset", b.offset());
            at.put("crc32c", b.crc32c());
        }
        return new FileListing.Entry(
                b.name(), e.isFile() ? b.size() : 0, e.isFile() ? fileRange(e) : ByteRange.NONE, at, e.rawPath());
    }

    /** Files and folders in bytewise order of their full path, each with type, shard, offset and crc32c (files). */
    @Override
    public List<FileListing.Entry> listing() throws IOException {
        List<FileListing.Entry> out = new ArrayList<>();
        for (CatEntry e : inPathOrder(catalog().entries())) if (e.isFile() || e.isDirectory()) out.add(listingEntry(e));
        return out;
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

    /** Every entry, folders too, in bytewise order of the full path (the writer's order), for `ls`. */
    public List<BundleEntry> allEntries() throws IOException {
        List<BundleEntry> out = new ArrayList<>();
        for (CatEntry e : inPathOrder(catalog().entries())) out.add(BundleEntry.of(this, e));
        return out;
    }

    @Override
    public Content content(FileListing.Entry entry) throws IOException {
        byte[] key = entry.nameBytes() != null
                ? BundleLayout.fileKey(entry.nameBytes())
                : BundleLayout.fileKey(entry.name());
        byte[] v = index == null ? null : index.get(key);
        CatEntry e = v == null ? null : entry(key, v);
        if (e == null || !e.isFile())
            throw new FormatException(INDEX_REF.path(), INDEX_REF, -1, "no file " + entry.name() + " in this bundle");
        return contentOf(e);
    }

    /** Where a file's bytes are in its shard: its stored bytes (NONE), or the records holding them. */
    ByteRange fileRange(CatEntry e) {
        if (!usable() || !e.isFile()) return ByteRange.NONE;
        long s = e.meta().getShardIndex();
        if (s >= shardCount()) return ByteRange.NONE;
        Shard sh = shard(s);
        if (!sh.readable()) return ByteRange.NONE;
        long size = e.meta().getUncompressedSize();
        if (codec() == CompressionType.NONE) {
            long at = sh.dataOffset() + e.start();
            if (e.start() < 0
                    || at < 0
                    || size < 0
                    || at > sh.src().size()
                    || size > sh.src().size() - at) return ByteRange.NONE;
            return ByteRange.in(sh.ref(), at, size);
        }
        try {
            Records r = records(s);
            int first = r.find(e.start());
            if (first < 0) return ByteRange.NONE;
            int last = size == 0 ? first : r.find(e.end() - 1);
            return slotsSpan(sh, r, first, last);
        } catch (IOException ex) {
            return ByteRange.NONE;
        }
    }

    /** The shard bytes from the first to the last readable slot of records [first, last] (first >= 0), or NONE. */
    private ByteRange slotsSpan(Shard sh, Records r, int first, int last) {
        long from = -1;
        long to = -1;
        for (int i = first; i <= last && i < r.count(); i++) {
            ByteRange slot = recordSlot(sh, r, i);
            if (slot.isNone()) continue;
            if (from < 0) from = slot.offset();
            to = Math.max(to, slot.end());
        }
        return from < 0 ? ByteRange.NONE : ByteRange.in(sh.ref(), from, to - from);
    }

    /**
     * The shard bytes only this file is read or decoded from, for export's overlap refusal
     * ({@link Content#stored()}): its stored bytes (NONE codec), or the compressed bytes of the
     * records lying wholly inside its stream range. Records it shares with its neighbours
     * (small files packed together, as every writer does) are left out; NONE when it shares all
     * it touches. Two entries claiming the same whole records are thus an overlap, as verify says.
     */
    ByteRange ownedRange(CatEntry e) {
        if (!usable() || !e.isFile() || e.meta().getUncompressedSize() <= 0) return ByteRange.NONE;
        if (codec() == CompressionType.NONE) return fileRange(e);
        long s = e.meta().getShardIndex();
        if (s >= shardCount()) return ByteRange.NONE;
        Shard sh = shard(s);
        if (!sh.readable()) return ByteRange.NONE;
        try {
            Records r = records(s);
            int first = r.find(e.start());
            if (first < 0) return ByteRange.NONE;
            if (r.offsets()[first] < e.start()) first++;
            int last = r.find(e.end() - 1);
            if (last >= 0 && r.offsets()[last] + r.length(last) > e.end()) last--;
            return slotsSpan(sh, r, first, last);
        } catch (IOException ex) {
            return ByteRange.NONE;
        }
    }

    // ---- Archive

    @Override
    public ArchiveFormat format() {
        return format;
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public ByteSource source() {
        try {
            return files.source(BundleLayout.shardRef(0));
        } catch (IOException e) {
            return MappedFileSource.ofBytes("shard-00000000", new byte[0]);
        }
    }

    @Override
    public List<FileRef> files() {
        List<FileRef> out = new ArrayList<>();
        long n = Math.min(shardCount(), 100_000);
        for (long s = 0; s < n; s++) out.add(BundleLayout.shardRef(s));
        return out;
    }

    @Override
    public ByteSource source(FileRef file) throws IOException {
        if (BundleLayout.shardNumber(file.path()) < 0)
            throw new java.nio.file.NoSuchFileException(file.path(), null, "not a shard of this bundle");
        return files.source(file);
    }

    @Override
    public synchronized Node root() {
        if (root == null) root = new BundleNodes.Root(this);
        return root;
    }

    /** The index keys view's capability besides the {@link FileListing} this archive is. */
    @Override
    public <T> Optional<T> capability(Class<T> type) {
        if (type == KeyValueIndex.class) return index == null ? Optional.empty() : Optional.of(type.cast(keys));
        return Archive.super.capability(type);
    }

    @Override
    public List<Problem> openProblems() {
        return List.copyOf(openProblems);
    }

    @Override
    public ObjectNode info() throws IOException {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("format", format.id());
        if (config != null) {
            o.put("version_magic", config.getVersionMagic());
            o.put("block_size", config.getBlockSize());
            o.put("record_size", config.getRecordSize());
            o.put("compression_method", BundleLayout.codecName(config.getCompressionMethod()));
            o.put("shard_count", config.getShardCount());
        }
        long nFiles = 0;
        long nDirs = 0;
        long content = 0;
        for (CatEntry e : catalog().entries()) {
            if (e.isFile()) {
                nFiles++;
                content += e.meta().getUncompressedSize();
            } else if (e.isDirectory()) {
                nDirs++;
            }
        }
        o.put("total_files", nFiles);
        o.put("total_folders", nDirs);
        o.put("content_size", content);
        long stored = 0;
        for (long s = 0; s < shardCount(); s++) {
            Shard sh = shard(s);
            if (sh.src() != null) stored += sh.src().size();
        }
        o.put("total_size", stored);
        o.put("problems_at_open", openProblems.size());
        return o;
    }

    @Override
    public void verify(VerifyContext ctx) throws IOException {
        new BundleVerifier(this).run(ctx);
    }

    @Override
    public void close() {
        java.util.concurrent.ExecutorService pool;
        synchronized (ahead) {
            pool = aheadPool;
            ahead.clear();
        }
        if (pool != null) {
            pool.shutdownNow();
            try {
                pool.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS); // it reads the mappings closed below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (index != null) index.close();
        files.close();
    }
}
