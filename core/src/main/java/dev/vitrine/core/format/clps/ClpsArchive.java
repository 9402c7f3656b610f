package dev.vitrine.core.format.clps;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An opened clp-s single-file archive. Opening reads the header and the metadata section only;
 * the files section (schema tree, schemas, table metadata, dictionaries, packed streams) is read
 * when first asked for and kept, except the streams, which are decoded per use. Damage becomes
 * problems, never exceptions.
 */
public final class ClpsArchive implements Archive, FileListing, JsonRecords {
    static final String SCHEMA_TREE = "/schema_tree",
            SCHEMA_IDS = "/schema_ids",
            TABLE_METADATA = "/table_metadata",
            VAR_DICT = "/var.dict",
            LOG_DICT = "/log.dict",
            ARRAY_DICT = "/array.dict",
            TABLES = "/0";

    private final ArchiveFormat format;
    private final Path path;
    private final ByteSource src;
    final Limits limits;
    /** Decoded dictionaries, streams and the log order live here, mapped, not on the heap. */
    final ClpsSpill spill;

    final ClpsHeader header;
    final byte[] magic;
    /** The decoded metadata section, or null when it could not be decoded. */
    final byte[] metadataBytes;

    final ClpsMetadata metadata;
    final List<ClpsFileEntry> files;
    private final List<Problem> openProblems;
    private Node root;
    private ClpsLoaded<ClpsSchemaTree> tree;
    private ClpsLoaded<ClpsSchemaMap> schemas;
    private ClpsLoaded<ClpsTableMetadata> tables;
    private final Map<String, ClpsLoaded<ClpsDictionary>> dicts = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile ClpsLoaded<ClpsDecoding> decoding;
    /**
     * Dictionaries (a var.dict takes a few hundred ms) load under their own locks, not the
     * archive's: the window's other views read metadata meanwhile. Order: decoding, then
     * dictionaries, then the archive's own lock for brief reads.
     */
    private final Object decodingLock = new Object(), dictLock = new Object();

    private ClpsRecords records;

    ClpsArchive(ArchiveFormat format, Path path, ByteSource src, Limits limits) {
        this.format = format;
        this.path = path;
        this.src = src;
        this.limits = limits;
        this.spill = new ClpsSpill(ClpsSpill.budgetFor(src.size()));
        List<Problem> problems = new ArrayList<>();
        String name = src.name();
        ClpsHeader h = null;
        byte[] mg = new byte[0];
        try {
            h = ClpsHeader.read(src);
            mg = src.read(0, 4);
        } catch (TruncatedException e) {
            problems.add(
                    Problem.error(name, 0, "the file is " + src.size() + " bytes, shorter than the 64-byte header"));
        }
        this.header = h;
        this.magic = mg;
        byte[] md = null;
        ClpsMetadata meta = null;
        if (h != null) {
            if (!java.util.Arrays.equals(mg, ClpsHeader.MAGIC))
                problems.add(Problem.error(name, 0, "magic number is not FD 2F C5 30"));
            if (!h.version().known()) {
                problems.add(Problem.warning(
                        name,
                        4,
                        "archive version " + h.version() + " is not one this reader knows (0.3.x, 0.4.0, 0.4.1, 0.5.x);"
                                + " header and metadata are shown, records may not decode"));
            }
            for (int i = 0; i < 4; i++) {
                if (h.reservedPadding1()[i] != 0)
                    problems.add(Problem.warning(
                            name, 24 + 8 * i, "reserved_padding1[" + i + "] is not zero (writers leave it zero)"));
            }
            if (h.reservedPadding2() != 0)
                problems.add(Problem.warning(name, 62, "reserved_padding2 is not zero (writers leave it zero)"));
            if (h.compressionType() != 0)
                problems.add(Problem.error(
                        name, 60, "compression_type " + h.compressionType() + " is unknown (only 0, zstd, exists)"));
            if (h.compressedArchiveSize() != src.size()) {
                problems.add(Problem.error(
                        name,
                        16,
                        "compressed_archive_size " + Long.toUnsignedString(h.compressedArchiveSize())
                                + " differs from the file size " + src.size()));
            }
            if (h.filesStart() > src.size()) {
                problems.add(Problem.error(
                        name,
                        56,
                        "metadata_section_size " + h.metadataSectionSize() + " runs past the end of the file ("
                                + src.size() + " bytes)"));
            } else if (h.metadataSectionSize() > limits.maxMetadataBytes()) {
                problems.add(Problem.error(
                        name,
                        56,
                        "metadata_section_size " + h.metadataSectionSize() + " is over the limit of "
                                + limits.maxMetadataBytes() + " bytes"));
            } else if (h.metadataSectionSize() == 0) {
                problems.add(Problem.error(name, 56, "metadata_section_size is 0"));
            } else {
                try {
                    byte[] comp = src.read(ClpsHeader.SIZE, (int) h.metadataSectionSize());
                    md = ClpsZstd.decompressBounded(comp, limits.maxMetadataBytes(), "metadata section");
                    long fs = ClpsZstd.frameSize(comp, 0, comp.length);
                    if (fs >= 0 && fs != comp.length) {
                        problems.add(Problem.error(
                                name,
                                ClpsHeader.SIZE + fs,
                                "metadata section: its zstd frame ends " + (comp.length - fs)
                                        + " bytes before metadata_section_size says"));
                    }
                } catch (IOException e) {
                    problems.add(Problem.error(name, ClpsHeader.SIZE, e.getMessage()));
                }
            }
            if (md != null) {
                meta = ClpsMetadata.parse(md, limits);
                for (String p : meta.problems)
                    problems.add(Problem.error(name, ClpsHeader.SIZE, "metadata section: " + p));
            }
        }
        this.metadataBytes = md;
        this.metadata = meta;
        this.files = placeFiles(problems);
        this.openProblems = List.copyOf(problems);
    }

    private List<ClpsFileEntry> placeFiles(List<Problem> problems) {
        if (metadata == null || metadata.files == null || header == null) return List.of();
        long start = header.filesStart();
        long end = src.size();
        List<ClpsMetadata.FileInfo> fi = metadata.files;
        List<ClpsFileEntry> out = new ArrayList<>(fi.size());
        for (int i = 0; i < fi.size(); i++) {
            long o = fi.get(i).offset();
            long next = i + 1 < fi.size() ? fi.get(i + 1).offset() : end - start;
            String n = fi.get(i).name();
            if (o < 0 || o > end - start || next < o || next > end - start) {
                problems.add(Problem.error(
                        src.name(),
                        ClpsHeader.SIZE,
                        "metadata section: ArchiveFileInfo entry " + n + " at files-section offset " + o
                                + (next < o
                                        ? " comes after the next entry's offset " + next
                                        : " lies outside the file")));
                out.add(new ClpsFileEntry(n, o, -1, 0));
            } else {
                out.add(new ClpsFileEntry(n, o, start + o, next - o));
            }
        }
        return List.copyOf(out);
    }

    ClpsFileEntry entry(String name) {
        for (ClpsFileEntry e : files) if (e.name().equals(name)) return e;
        return null;
    }

    ClpsVersion version() {
        return header == null ? new ClpsVersion(0, 0, 0) : header.version();
    }

    private byte[] raw(ClpsFileEntry e) throws TruncatedException {
        if (e.size() > Integer.MAX_VALUE - 16)
            throw new TruncatedException(
                    src.name(), e.offset(), e.size(), src.size(), e.name() + " is too large to read at once");
        return src.read(e.offset(), (int) e.size());
    }

    /** The problem of a files-section part if it has been read and failed; never reads (safe on any thread). */
    synchronized Problem loadedProblem(String name) {
        ClpsLoaded<?> l = switch (name) {
            case SCHEMA_TREE -> tree;
            case SCHEMA_IDS -> schemas;
            case TABLE_METADATA -> tables;
            default -> dicts.get(name);
        };
        return l == null ? null : l.problem();
    }

    /** A problem placed at {@code offset}, or at -1 when the offset is not inside the file. */
    Problem problemAt(long offset, String message) {
        return Problem.error(src.name(), offset >= 0 && offset < src.size() ? offset : -1, message);
    }

    /** Decodes a single-frame entry (/schema_tree, /schema_ids, /table_metadata). */
    private byte[] singleFrame(ClpsFileEntry e) throws IOException {
        if (e.offset() < 0) throw new ClpsZstd.FrameException(e.name() + " could not be placed in the file");
        return ClpsZstd.decompressBounded(raw(e), limits.maxMetadataBytes(), e.name());
    }

    interface Parser<T> {
        T parse(byte[] b) throws ClpsDecodeException;
    }

    private <T> ClpsLoaded<T> loadFrame(String name, Parser<T> parser) {
        ClpsFileEntry e = entry(name);
        if (e == null) return ClpsLoaded.failed(problemAt(ClpsHeader.SIZE, "the metadata names no " + name + " entry"));
        byte[] b;
        try {
            b = singleFrame(e);
        } catch (IOException x) {
            return ClpsLoaded.failed(problemAt(e.offset(), x.getMessage()));
        }
        try {
            return ClpsLoaded.ok(parser.parse(b));
        } catch (ClpsDecodeException x) {
            return ClpsLoaded.failed(problemAt(e.offset(), x.where(name)));
        } catch (RuntimeException x) {
            return ClpsLoaded.failed(problemAt(e.offset(), name + ": " + x));
        }
    }

    /** A single-frame part decoded again (for the hex view's decoded bytes; not kept). */
    byte[] decodedPart(String name) throws IOException {
        ClpsFileEntry e = entry(name);
        if (e == null) throw new IOException(src.name() + ": no " + name + " entry");
        return singleFrame(e);
    }

    synchronized ClpsLoaded<ClpsSchemaTree> schemaTree() {
        if (tree == null) tree = loadFrame(SCHEMA_TREE, b -> ClpsSchemaTree.parse(b, limits.maxEntries()));
        return tree;
    }

    synchronized ClpsLoaded<ClpsSchemaMap> schemaMap() {
        if (schemas == null) {
            ClpsSchemaTree t = schemaTree().value();
            schemas = loadFrame(SCHEMA_IDS, b -> ClpsSchemaMap.parse(b, t, limits.maxEntries()));
        }
        return schemas;
    }

    synchronized ClpsLoaded<ClpsTableMetadata> tableMetadata() {
        if (tables == null) tables = loadFrame(TABLE_METADATA, b -> ClpsTableMetadata.parse(b, limits.maxEntries()));
        return tables;
    }

    /** A dictionary: u64 entry count, then one zstd frame (none when the count is 0). /array.dict may be absent. */
    ClpsLoaded<ClpsDictionary> dictionary(String name) {
        ClpsLoaded<ClpsDictionary> d = dicts.get(name);
        if (d != null) return d;
        synchronized (dictLock) {
            d = dicts.get(name);
            return d != null ? d : loadDictionary(name);
        }
    }

    private ClpsLoaded<ClpsDictionary> loadDictionary(String name) {
        ClpsLoaded<ClpsDictionary> d;
        ClpsFileEntry e = entry(name);
        if (e == null) {
            d = name.equals(ARRAY_DICT)
                    ? ClpsLoaded.ok(ClpsDictionary.EMPTY)
                    : ClpsLoaded.failed(problemAt(ClpsHeader.SIZE, "the metadata names no " + name + " entry"));
        } else if (e.offset() < 0) {
            d = ClpsLoaded.failed(problemAt(-1, name + " could not be placed in the file"));
        } else if (e.size() < 8) {
            d = ClpsLoaded.failed(
                    problemAt(e.offset(), name + " is " + e.size() + " bytes, too short for its u64 entry count"));
        } else {
            try {
                byte[] raw = raw(e);
                long count = (long) ClpsCursor.I64.get(raw, 0);
                if (count == 0) {
                    d = raw.length == 8
                            ? ClpsLoaded.ok(ClpsDictionary.EMPTY)
                            : ClpsLoaded.failed(problemAt(
                                    e.offset() + 8,
                                    name + ": " + (raw.length - 8) + " bytes follow an entry count of 0"));
                } else {
                    java.lang.foreign.MemorySegment b =
                            ClpsZstd.decompressToSpill(raw, 8, limits.maxBlockBytes(), name, spill);
                    try {
                        d = ClpsLoaded.ok(ClpsDictionary.parse(b, count, spill));
                    } catch (ClpsDecodeException x) {
                        d = ClpsLoaded.failed(problemAt(e.offset() + 8, x.where(name)));
                    }
                }
            } catch (dev.vitrine.core.io.SourceUnavailableException x) {
                throw new java.io.UncheckedIOException(
                        x); // a full cache disk is not damage, and not kept: a later try may have room
            } catch (IOException x) {
                d = ClpsLoaded.failed(problemAt(e.offset() + 8, x.getMessage()));
            }
        }
        dicts.put(name, d);
        return d;
    }

    /**
     * A dictionary's entry count as its u64 says, without decoding it (a var.dict can be tens of
     * MB: `info` stays metadata-only); null when the entry is missing or too short. A count
     * the entries do not match is verify's to report.
     */
    Long dictionaryCount(String name) {
        ClpsLoaded<ClpsDictionary> loaded = dicts.get(name);
        if (loaded != null)
            return loaded.value() == null ? null : (long) loaded.value().size();
        ClpsFileEntry e = entry(name);
        if (e == null) return name.equals(ARRAY_DICT) ? 0L : null;
        if (e.offset() < 0 || e.size() < 8) return null;
        try {
            long n = src.readU64LE(e.offset());
            return n < 0 ? null : n;
        } catch (TruncatedException x) {
            return null;
        }
    }

    /** Where stream {@code s} lies in the file: [offset, offset+length). */
    long[] streamRange(ClpsTableMetadata tm, int s) {
        ClpsFileEntry t = entry(TABLES);
        if (t == null || t.offset() < 0) return null;
        ClpsTableMetadata.Stream st = tm.streams.get(s);
        long next = s + 1 < tm.streams.size() ? tm.streams.get(s + 1).offset() : t.size();
        if (st.offset() < 0 || st.offset() > t.size() || next < st.offset() || next > t.size()) return null;
        return new long[] {t.offset() + st.offset(), next - st.offset()};
    }

    /** Decodes packed stream {@code s} (exactly its size from /table_metadata) onto the heap. */
    byte[] stream(ClpsTableMetadata tm, int s) throws IOException {
        byte[] comp = compressedStream(tm, s);
        try {
            return ClpsZstd.decompressExact(
                    comp, 0, comp.length, (int) tm.streams.get(s).size(), "stream " + s);
        } catch (ClpsZstd.FrameException e) {
            throw streamFrameProblem(tm, s, e);
        }
    }

    /** The compressed bytes of packed stream {@code s}, once its place and decoded size are checked against the limits. */
    byte[] compressedStream(ClpsTableMetadata tm, int s) throws IOException {
        ClpsTableMetadata.Stream st = tm.streams.get(s);
        long[] r = streamRange(tm, s);
        ClpsFileEntry t = entry(TABLES);
        if (r == null)
            throw new FormatException(
                    src.name(),
                    t == null || t.offset() < 0 ? -1 : t.offset(),
                    "stream " + s + " at /0 offset " + st.offset() + " lies outside /0");
        if (st.size() > limits.maxBlockBytes() || st.size() > Integer.MAX_VALUE - 16 || r[1] > Integer.MAX_VALUE - 16) {
            throw new FormatException(
                    src.name(),
                    r[0],
                    "stream " + s + " claims " + st.size() + " decoded bytes, over the limit of "
                            + limits.maxBlockBytes());
        }
        return src.read(r[0], (int) r[1]);
    }

    /** A stream whose zstd frame does not decode, placed at the frame. */
    FormatException streamFrameProblem(ClpsTableMetadata tm, int s, ClpsZstd.FrameException e) {
        long[] r = streamRange(tm, s);
        return new FormatException(src.name(), r == null ? -1 : r[0], e.getMessage());
    }

    /** A decoding failure inside table {@code t}, placed at its stream's frame in the file. */
    FormatException streamProblem(ClpsTableMetadata.Table t, ClpsDecodeException e) {
        ClpsTableMetadata tm = tableMetadata().value();
        long[] r = tm == null ? null : streamRange(tm, t.stream());
        return new FormatException(
                src.name(), r == null ? -1 : r[0], e.where("stream " + t.stream() + ", table " + t.index()));
    }

    private ClpsLoaded<ClpsDecoding> shape;

    /**
     * What locating and ordering tables needs (schema tree and schemas, without the dictionaries
     * only rendering uses), so streams can be decoded while another thread decodes var.dict.
     */
    synchronized ClpsLoaded<ClpsDecoding> shape() {
        if (shape != null) return shape;
        if (decoding != null && decoding.problem() == null) return shape = decoding;
        for (ClpsLoaded<?> p : List.of(schemaTree(), schemaMap())) {
            if (p.problem() != null) return shape = ClpsLoaded.failed(p.problem());
        }
        Map<Long, String> patterns =
                metadata != null && metadata.timestamps != null ? metadata.timestamps.patterns() : Map.of();
        shape = ClpsLoaded.ok(new ClpsDecoding(
                version(),
                schemaTree().value(),
                schemaMap().value(),
                ClpsDictionary.EMPTY,
                ClpsDictionary.EMPTY,
                ClpsDictionary.EMPTY,
                patterns,
                (int) Math.min(Integer.MAX_VALUE, limits.maxEntries())));
        return shape;
    }

    /** Everything needed to decode tables, or the first problem that prevents it. */
    ClpsLoaded<ClpsDecoding> decoding() {
        ClpsLoaded<ClpsDecoding> d = decoding;
        if (d != null) return d;
        synchronized (decodingLock) {
            if (decoding != null) return decoding;
            List<ClpsLoaded<?>> parts = List.of(
                    schemaTree(), schemaMap(), dictionary(VAR_DICT), dictionary(LOG_DICT), dictionary(ARRAY_DICT));
            for (ClpsLoaded<?> p : parts) {
                if (p.problem() != null) return decoding = ClpsLoaded.failed(p.problem());
            }
            Map<Long, String> patterns =
                    metadata != null && metadata.timestamps != null ? metadata.timestamps.patterns() : Map.of();
            decoding = ClpsLoaded.ok(new ClpsDecoding(
                    version(),
                    schemaTree().value(),
                    schemaMap().value(),
                    dictionary(VAR_DICT).value(),
                    dictionary(LOG_DICT).value(),
                    dictionary(ARRAY_DICT).value(),
                    patterns,
                    (int) Math.min(Integer.MAX_VALUE, limits.maxEntries())));
            return decoding;
        }
    }

    /** The records: count, JSON lines in original order, and a row table for the window. */
    public synchronized ClpsRecords records() {
        if (records == null) records = new ClpsRecords(this);
        return records;
    }

    @Override
    public long recordCount() {
        return records().recordCount();
    }

    /** All records (null or blank query) or those a KQL query matches, as JSON lines in original order. */
    @Override
    public long writeJsonLines(String query, java.io.OutputStream out) throws IOException {
        boolean all = query == null || query.isBlank();
        if (all) return records().writeJsonLines(null, out);
        java.util.function.Predicate<RecordView> filter = ClpsQueryFilter.compile(query, this);
        return filter == ClpsQueryFilter.NOTHING ? 0 : records().writeJsonLines(filter, out);
    }

    /** The ingested files and the names export writes them under; made once (the metadata does not change). */
    private volatile List<FileListing.Entry> ingested;

    private volatile List<String> exportNames;

    @Override
    public List<FileListing.Entry> entries() {
        List<FileListing.Entry> e = ingested;
        if (e == null) {
            e = ClpsIngestedFiles.entries(metadata);
            exportNames = ClpsIngestedFiles.exportNames(e);
            ingested = e;
        }
        return e;
    }

    /** An ingested file's records as JSON lines, named as export writes it ({@link ClpsIngestedFiles#exportNames}). */
    @Override
    public Content content(FileListing.Entry entry) throws IOException {
        ClpsMetadata.RangeEntry match = null;
        String exportName = null;
        if (metadata != null && metadata.rangeIndex != null) {
            List<FileListing.Entry> es = entries();
            for (int i = 0; i < es.size() && match == null; i++) {
                if (es.get(i).equals(entry)) {
                    match = metadata.rangeIndex.get(i);
                    exportName = exportNames.get(i);
                }
            }
        }
        if (match == null) throw new IOException(src.name() + ": no ingested file " + entry.name());
        return new ClpsIngestedContent(records(), exportName, match.start(), Math.max(match.start(), match.end()));
    }

    private ClpsPacketStream packetStream;
    private ClpsSchemaView schemaView;
    private ClpsFilterable filterable;
    private ClpsDictionaries dictionaries;

    /**
     * Besides what the class implements: the metadata packets ({@link dev.vitrine.core.model.PacketStream}), the
     * schema tree ({@link dev.vitrine.core.model.SchemaTree}), the dictionaries ({@link dev.vitrine.core.model.Dictionaries})
     * and the records for a filtered table ({@link dev.vitrine.core.model.FilterableRecords}); none reads the file until used.
     */
    @Override
    public <T> java.util.Optional<T> capability(Class<T> type) {
        if (type.isInstance(this)) return java.util.Optional.of(type.cast(this));
        // Its own lock, not the archive's: the window asks on its thread while a reader may hold the archive's.
        synchronized (capabilityLock) {
            return java.util.Optional.ofNullable(made(type));
        }
    }

    private final Object capabilityLock = new Object();

    private <T> T made(Class<T> type) {
        Object c = null;
        if (type == dev.vitrine.core.model.PacketStream.class && metadata != null) {
            if (packetStream == null) packetStream = new ClpsPacketStream(this);
            c = packetStream;
        } else if (type == dev.vitrine.core.model.SchemaTree.class && !files.isEmpty()) {
            c = schemaView();
        } else if (type == dev.vitrine.core.model.FilterableRecords.class && !files.isEmpty()) {
            if (filterable == null) filterable = new ClpsFilterable(this, schemaView());
            c = filterable;
        } else if (type == dev.vitrine.core.model.Dictionaries.class && !files.isEmpty()) {
            if (dictionaries == null) dictionaries = new ClpsDictionaries(this);
            c = dictionaries;
        }
        return c == null ? null : type.cast(c);
    }

    private ClpsSchemaView schemaView() {
        if (schemaView == null) schemaView = new ClpsSchemaView(this);
        return schemaView;
    }

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
        return src;
    }

    @Override
    public synchronized Node root() {
        if (root == null) root = ClpsNodes.root(this);
        return root;
    }

    @Override
    public List<Problem> openProblems() {
        return openProblems;
    }

    @Override
    public boolean unreadable() {
        return header == null
                || metadata == null
                || openProblems.stream().anyMatch(p -> p.severity() == Severity.ERROR && p.offset() == 0);
    }

    @Override
    public ObjectNode info() throws IOException {
        return ClpsInfo.of(this);
    }

    @Override
    public void verify(VerifyContext ctx) throws IOException {
        new ClpsVerifier(this).run(ctx);
    }

    @Override
    public void close() {
        ClpsRecords r;
        synchronized (this) {
            r = records;
        }
        if (r != null) r.close();
        spill.close();
        src.close();
    }
}
