package dev.vitrine.core.format.clps;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.AbstractArchive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.io.ByteSource;
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
import java.util.List;
import java.util.Map;

/**
 * An opened clp-s single-file archive. Opening reads the header and the metadata section only
 * ({@link ClpsOpening}); the files section (schema tree, schemas, table metadata, dictionaries
 * through {@link ClpsDictionaryFiles}) is read when first asked for and kept, except the packed
 * streams ({@link ClpsStreamFiles}), which are decoded per use. Damage becomes problems, never
 * exceptions.
 */
public final class ClpsArchive extends AbstractArchive implements FileListing, JsonRecords {
    static final String SCHEMA_TREE = "/schema_tree",
            SCHEMA_IDS = "/schema_ids",
            TABLE_METADATA = "/table_metadata",
            VAR_DICT = "/var.dict",
            LOG_DICT = "/log.dict",
            ARRAY_DICT = "/array.dict",
            TABLES = "/0";

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

    private volatile ClpsRecords records;
    /** The packed streams of /0. */
    final ClpsStreamFiles streams = new ClpsStreamFiles(this);

    ClpsArchive(ArchiveFormat format, Path path, ByteSource src, Limits limits) {
        this(format, path, src, limits, new ClpsSpill(ClpsSpill.budgetFor(src.size())));
    }

    /** With the spill its decoded data goes to (tests: no memory left, no cache folder). */
    ClpsArchive(ArchiveFormat format, Path path, ByteSource src, Limits limits, ClpsSpill spill) {
        super(format, path, src);
        this.limits = limits;
        this.spill = spill;
        ClpsOpening opened = ClpsOpening.read(src, limits);
        this.header = opened.header();
        this.magic = opened.magic();
        this.metadataBytes = opened.metadataBytes();
        this.metadata = opened.metadata();
        this.files = opened.files();
        this.openProblems = opened.problems();
    }

    ClpsFileEntry entry(String name) {
        for (ClpsFileEntry e : files) if (e.name().equals(name)) return e;
        return null;
    }

    ClpsVersion version() {
        return header == null ? new ClpsVersion(0, 0, 0) : header.version();
    }

    byte[] raw(ClpsFileEntry e) throws TruncatedException {
        if (e.size() > Integer.MAX_VALUE - 16)
            throw new TruncatedException(
                    source().name(), e.offset(), e.size(), source().size(), e.name() + " is too large to read at once");
        return source().read(e.offset(), (int) e.size());
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
        return Problem.error(source().name(), offset >= 0 && offset < source().size() ? offset : -1, message);
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
        if (e == null) throw new IOException(source().name() + ": no " + name + " entry");
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
            if (d == null) {
                d = ClpsDictionaryFiles.load(this, name);
                dicts.put(name, d);
            }
            return d;
        }
    }

    /** A dictionary if it has been loaded (tests: what a query read), else null; never loads. */
    ClpsLoaded<ClpsDictionary> loadedDictionary(String name) {
        return dicts.get(name);
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
        return ClpsDictionaryFiles.count(source(), entry(name), name);
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
        return shape =
                ClpsLoaded.ok(withDictionaries(ClpsDictionary.EMPTY, ClpsDictionary.EMPTY, ClpsDictionary.EMPTY));
    }

    /** The schema (which must have loaded) with these dictionaries: all of them, none, or their first entries. */
    ClpsDecoding withDictionaries(ClpsDictionary var, ClpsDictionary log, ClpsDictionary array) {
        Map<Long, String> patterns =
                metadata != null && metadata.timestamps != null ? metadata.timestamps.patterns() : Map.of();
        return new ClpsDecoding(version(), schemaTree().value(), schemaMap().value(), var, log, array, patterns, (int)
                Math.min(Integer.MAX_VALUE, limits.maxEntries()));
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
            return decoding = ClpsLoaded.ok(withDictionaries(
                    dictionary(VAR_DICT).value(),
                    dictionary(LOG_DICT).value(),
                    dictionary(ARRAY_DICT).value()));
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
        if (match == null) throw new IOException(source().name() + ": no ingested file " + entry.name());
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
    protected Node makeRoot() {
        return ClpsNodes.root(this);
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

    /**
     * The decoded packed streams and the log order go (hundreds of MB for a large archive); the
     * next read decodes them again. The dictionaries stay: searches and verify hold them while
     * they run, and large ones are file pages the kernel can drop.
     */
    @Override
    public void releaseCaches() {
        ClpsRecords r = records; // not under the archive's lock: the window calls this on its thread
        if (r != null) r.release();
        super.releaseCaches(); // the source's own (a remote one's recent spans)
    }

    @Override
    public long cachedBytes() {
        ClpsRecords r = records;
        return (r == null ? 0 : r.keptBytes()) + super.cachedBytes();
    }

    @Override
    public void close() {
        ClpsRecords r;
        synchronized (this) {
            r = records;
        }
        if (r != null) r.close();
        spill.close();
        super.close();
    }
}
