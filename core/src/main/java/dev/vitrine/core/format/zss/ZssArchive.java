package dev.vitrine.core.format.zss;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.AbstractArchive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;

/**
 * An opened ZSS or ZS file. Opening reads the header only; damage found there is in
 * {@link #openProblems()}. The root index block, the tree, the block and record directories
 * are read on demand. Thread-safe: the UI may browse while a verify runs.
 */
public final class ZssArchive extends AbstractArchive implements SortedRecords, dev.vitrine.core.model.IndexTree {
    /**
     * Bytes each parsed-block cache (index, data) may retain, weighed by what its blocks keep
     * alive: a count bound (64 index, 8 data blocks) let 64 blocks of up to maxBlockBytes stay.
     * 8 MiB, as BlockReader's decoded cache, holds a root-to-leaf path and a window's pages of
     * usual 64 KiB to 1 MiB blocks; capped at Limits.maxBlockBytes, so limits tightened against
     * hostile input tighten the caches too.
     */
    private static final long PARSED_CACHE_BYTES = 8L << 20;

    private final Limits limits;
    private final ZssHeader header;
    private final Codec codec;
    private final BlockReader reader;
    private final ParsedCache<IndexBlock> indexCache;
    private final ParsedCache<ParsedDataBlock> dataCache;
    private BlockDirectory blockDirectory;
    private RecordDirectory recordDirectory;

    private ZssArchive(ArchiveFormat format, ZssFlavor flavor, Path path, ByteSource source, Limits limits)
            throws IOException {
        super(format, path, source);
        this.limits = limits;
        this.header = HeaderParser.parse(source, flavor, limits);
        this.codec = Codecs.forName(flavor, header.codecName()).orElse(null);
        this.reader = new BlockReader(source, codec, limits.maxBlockBytes());
        // Codec none over a mapped file: payloads are views of the file, and keep nothing alive.
        boolean owned = codec == null || !codec.isIdentity() || reader.data() == null;
        long budget = Math.min(PARSED_CACHE_BYTES, limits.maxBlockBytes());
        this.indexCache = new ParsedCache<>(budget, b -> b.retainedBytes(owned));
        this.dataCache = new ParsedCache<>(budget, b -> b.retainedBytes(owned));
        reader.alsoKeptBy(this::parsedPayload);
    }

    /** Opens the archive at {@code location}, local or remote; throws only when it cannot be read at all. */
    public static ZssArchive open(ArchiveFormat format, ZssFlavor flavor, Location location, Limits limits)
            throws IOException {
        return location.openAs((path, src) -> new ZssArchive(format, flavor, path, src, limits));
    }

    /** An archive over bytes already in hand (tests, fuzzing); the source is closed with the archive. */
    static ZssArchive of(ZssFamilyFormat format, Path path, ByteSource source, Limits limits) throws IOException {
        return new ZssArchive(format, format.flavor(), path, source, limits);
    }

    /** Opens a ZSS or ZS file: whichever the magic says, else the extension, else ZSS. */
    public static ZssArchive open(Path path, Limits limits) throws IOException {
        ZssFamilyFormat zs = new ZsFormat();
        ZssFamilyFormat zss = new ZssFormat();
        return (zs.detection(path).compareTo(zss.detection(path)) > 0 ? zs : zss).open(path, limits);
    }

    public ZssFlavor flavor() {
        return header.flavor();
    }

    public ZssHeader header() {
        return header;
    }

    public Limits limits() {
        return limits;
    }

    @Override
    protected Node makeRoot() {
        return new ZssRootNode(this);
    }

    @Override
    public List<Problem> openProblems() {
        return header.problems();
    }

    /** Throws the first open problem that stops ordinary reads. */
    void requireReadable() throws FormatException {
        for (Problem p : header.problems()) {
            if (p.severity() == Severity.ERROR) throw new FormatException(p.file(), p.offset(), p.message());
        }
        if (!header.blocksLocatable() || codec == null) {
            throw new FormatException(source().name(), 0, "header unreadable");
        }
    }

    /** The level of the root index block (reads and checks the root block). */
    public int rootIndexLevel() throws IOException {
        requireReadable();
        return readIndexBlock(header.rootOffset(), header.rootLength(), HeaderLayout.ROOT_OFFSET)
                .level();
    }

    /**
     * What the reference's {@code zss info} prints, with its field order: root_index_offset,
     * root_index_length, total_file_length, codec, data_sha256, metadata, statistics. Print it
     * with {@link dev.vitrine.core.json.PythonJson#dumps} for byte-identical output.
     */
    @Override
    public ObjectNode info() throws IOException {
        requireReadable();
        int level = rootIndexLevel();
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode o = f.objectNode();
        o.set("root_index_offset", unsigned(header.rootOffset()));
        o.set("root_index_length", unsigned(header.rootLength()));
        o.set("total_file_length", unsigned(header.totalFileLength()));
        o.put("codec", header.codecName());
        o.put("data_sha256", header.sha256Hex());
        o.set("metadata", header.metadata().deepCopy());
        o.putObject("statistics").put("root_index_level", level);
        return o;
    }

    /** Exactly what the reference's {@code zss info} prints: json.dump(info, indent=4) and a newline. */
    @Override
    public String infoJson() throws IOException {
        return dev.vitrine.core.json.PythonJson.dumps(info(), 4) + "\n";
    }

    /** The metadata object alone (`info -m`). */
    public ObjectNode metadata() throws FormatException {
        requireReadable();
        return header.metadata().deepCopy();
    }

    private static com.fasterxml.jackson.databind.JsonNode unsigned(long v) {
        return v >= 0
                ? JsonNodeFactory.instance.numberNode(v)
                : JsonNodeFactory.instance.numberNode(new BigInteger(Long.toUnsignedString(v)));
    }

    @Override
    public void verify(VerifyContext ctx) throws IOException {
        if (ctx.isPart()) ZssPartVerifier.run(this, ctx);
        else new ZssVerifier(this, ctx).run();
    }

    @Override
    public void scan(byte[] start, byte[] stop, byte[] prefix, RecordSink sink) throws IOException {
        new RangeScanner(this).scan(start, stop, prefix, sink);
    }

    BlockReader reader() {
        return reader;
    }

    Codec codec() {
        return codec;
    }

    /**
     * The index block at {@code offset}, read within the {@code length} bytes its parent (or
     * the header) promised, with the reference's checks and messages. {@code referrer} is blamed
     * when the offset itself lies outside the file (the parent block, or the header field).
     */
    IndexBlock readIndexBlock(long offset, long length, long referrer) throws FormatException {
        IndexBlock hit = indexCache.get(offset);
        if (hit != null) return hit;
        String file = source().name();
        long size = source().size();
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            // Blame the block's own offset when it is in the file, else whoever pointed at it.
            long at = offset >= 0 && offset < size ? offset : referrer;
            throw new FormatException(
                    file,
                    at,
                    "partial read on index block @ " + Long.toUnsignedString(offset) + ", length "
                            + Long.toUnsignedString(length));
        }
        BlockFrame f = reader.frameAt(offset, offset + length);
        if (f == null)
            throw new FormatException(file, offset, "partial read on index block @ " + offset + ", length 0");
        reader.checkCrc(f);
        if (!f.isIndex()) {
            throw new FormatException(
                    file, offset, "expecting index block but found " + BlockFrame.describeLevel(f.level()));
        }
        MemorySegment payload = reader.payload(f, false);
        List<IndexEntry> entries;
        try {
            entries = IndexPayload.parse(payload, limits.maxEntries(), null);
        } catch (PayloadException e) {
            throw e.at(file, offset);
        }
        IndexBlock b = new IndexBlock(f, payload, List.copyOf(entries));
        indexCache.put(offset, b);
        return b;
    }

    /**
     * The data block at {@code offset} with its records located. Frame errors throw; payload
     * damage (decompression, malformed records) is kept in the result.
     */
    ParsedDataBlock parsedDataBlock(long offset) throws FormatException {
        ParsedDataBlock hit = dataCache.get(offset);
        if (hit != null) return hit;
        BlockFrame f = reader.frameAt(offset, source().size());
        if (f == null) throw new FormatException(source().name(), offset, "no block at the end of the file");
        ParsedDataBlock b;
        try {
            b = ParsedDataBlock.parse(
                    f, reader.payload(f, false), codec != null && codec.isIdentity(), limits.maxEntries());
        } catch (FormatException e) {
            b = ParsedDataBlock.failed(f, e.detail());
        }
        dataCache.put(offset, b);
        return b;
    }

    /** The data block if it was already decoded, without decoding it (for calls that must not do IO). */
    ParsedDataBlock parsedDataBlockIfLoaded(long offset) {
        return dataCache.get(offset);
    }

    /**
     * The decoded payload a parsed block at {@code offset} keeps, or null: BlockReader asks
     * before decoding, so a block's bytes are held once, not once per cache.
     */
    private MemorySegment parsedPayload(long offset) {
        IndexBlock i = indexCache.get(offset);
        if (i != null) return i.payload();
        ParsedDataBlock d = dataCache.get(offset);
        return d != null && d.decoded() ? d.payload : null;
    }

    /**
     * Where blocks end: the file size, or the smaller total_file_length of an intact header (its
     * CRC holds, so the header really says the file ends there; the bytes after it were added
     * later and are reported once, at open). Ten gigabytes of zeros after an 861-byte file are
     * then not read as a billion empty blocks, by verify or by the block listing.
     */
    long trustedEnd() {
        long size = source().size();
        long total = header.totalFileLength();
        if (!header.fixedFieldsRead() || Long.compareUnsigned(total, size) >= 0 || total < header.dataStart())
            return size;
        long hl = header.headerLength();
        try {
            long stored = source().readU64LE(HeaderLayout.DATA + hl);
            return stored == dev.vitrine.core.io.Crc64Xz.of(reader.slice(HeaderLayout.DATA, hl), 0, hl) ? total : size;
        } catch (dev.vitrine.core.io.TruncatedException e) {
            return size;
        }
    }

    synchronized BlockDirectory blockDirectory() {
        if (blockDirectory == null)
            blockDirectory =
                    new BlockDirectory(reader, Math.max(0, header.dataStart()), trustedEnd(), limits.maxEntries());
        return blockDirectory;
    }

    synchronized RecordDirectory recordDirectory() {
        if (recordDirectory == null) recordDirectory = new RecordDirectory(this, blockDirectory());
        return recordDirectory;
    }

    /** Index and data blocks parsed and payloads decoded go; they are read again when next asked for. */
    @Override
    public void releaseCaches() {
        indexCache.clear();
        dataCache.clear();
        reader.releaseDecoded();
        super.releaseCaches();
    }

    /**
     * The decompressed payloads the caches keep, each counted once (a block's payload may be in
     * both the decoded and a parsed cache), and what the source keeps. Codec none keeps views
     * of a mapped file: nothing decoded; read by ranges, its payloads are copies, counted.
     */
    @Override
    public long cachedBytes() {
        long n = super.cachedBytes();
        if (codec == null || codec.isIdentity() && reader.data() != null) return n;
        java.util.Set<MemorySegment> kept = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        kept.addAll(reader.decodedKept());
        for (IndexBlock b : indexCache.values()) kept.add(b.payload());
        for (ParsedDataBlock b : dataCache.values()) kept.add(b.payload);
        for (MemorySegment m : kept) n += m.byteSize();
        return n;
    }

    /** How many parsed blocks the caches hold (index and data). */
    int cachedBlocks() {
        return indexCache.size() + dataCache.size();
    }

    /** What the parsed-block caches retain now, by their weights (index and data together). */
    long parsedBytes() {
        return indexCache.bytes() + dataCache.bytes();
    }

    /** The most either parsed-block cache ever retained after a put. */
    long parsedPeak() {
        return Math.max(indexCache.peak(), dataCache.peak());
    }

    /** The bytes each parsed-block cache may retain. */
    long parsedBudget() {
        return indexCache.budget();
    }

    @Override
    public List<Node> pathToIndexRoot() throws IOException {
        Node root = root();
        for (Node c : root.children(0, 8)) {
            if (c.is(dev.vitrine.core.model.Role.INDEX_BLOCK)) return List.of(root, c);
        }
        return List.of();
    }
}
