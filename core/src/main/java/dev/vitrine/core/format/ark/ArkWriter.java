package dev.vitrine.core.format.ark;

import dev.vitrine.core.rbuf.Guid;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufDecoder;
import dev.vitrine.core.rbuf.RbufEncoder;
import dev.vitrine.core.rbuf.RbufFile;
import dev.vitrine.core.rbuf.RbufIr;
import dev.vitrine.core.rbuf.RbufType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes Ark log directories ({@code manifests/<guid>}, {@code splits/<guid>}): any number of
 * columns (zstd, lz4, none), channels (latched or not), splits, amendment sections and
 * metadata. Deterministic: guids derive from the log name unless given, and the same calls
 * write the same bytes. A column's split is written out when it holds {@code splitEvery}
 * messages, so memory stays bounded by one split per column.
 */
public final class ArkWriter implements AutoCloseable {
    private final Path root;
    private final String name;
    private Guid logId;
    private Guid commonId;
    private final Map<String, String> metadata = new LinkedHashMap<>();
    private final List<Column> columns = new ArrayList<>();
    private final List<ArkQuery> amendments = new ArrayList<>();
    private boolean closed;

    public ArkWriter(Path root, String name) {
        this.root = root;
        this.name = name;
        this.logId = Guid.fromName("ark-log:" + name);
        this.commonId = Guid.fromName("ark-common:" + name);
    }

    public ArkWriter logId(Guid id) {
        this.logId = id;
        return this;
    }

    public ArkWriter commonId(Guid id) {
        this.commonId = id;
        return this;
    }

    public Guid logId() {
        return logId;
    }

    /** A metadata entry; {@code jsonValue} is JSON text (LogMetadataEntries values are JSON). */
    public ArkWriter metadata(String key, String jsonValue) {
        metadata.put(key, jsonValue);
        return this;
    }

    /** Adds a section with no columns whose acceptance filter hides, in the sections before it, what it does not accept (D18, D22). */
    public ArkWriter amendment(ArkQuery filter) {
        amendments.add(filter);
        return this;
    }

    public Column column(String name, String compression) {
        Column c = new Column(name, compression, columns.size());
        columns.add(c);
        return c;
    }

    public Path manifestPath() {
        return root.resolve("manifests").resolve(logId.toString());
    }

    /** Writes the remaining splits and the manifest. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        for (Column c : columns) c.flush();
        List<RValue> cols = new ArrayList<>();
        for (Column c : columns) cols.add(c.declaration());
        List<RValue> sections = new ArrayList<>();
        sections.add(section(cols, logId, ArkQuery.ACCEPT_ALL));
        for (ArkQuery q : amendments) sections.add(section(List.of(), logId, q));
        writeManifest(root, logId, commonId, name, sections, metadata);
    }

    static RValue section(List<RValue> columns, Guid original, ArkQuery filter) {
        return obj(
                "ManifestSection",
                "columns",
                new RValue.Arr(columns),
                "original_log_identifier",
                new RValue.GuidValue(original),
                "acceptance_filter",
                query(filter));
    }

    static RValue query(ArkQuery q) {
        List<RValue> allow = new ArrayList<>();
        for (String s : q.allowList()) allow.add(new RValue.Str(s));
        return obj(
                "Query",
                "minimum_time",
                new RValue.Int(RbufType.STEADY_TIME_POINT, q.minimumTime()),
                "maximum_time",
                new RValue.Int(RbufType.STEADY_TIME_POINT, q.maximumTime()),
                "message_allow_list",
                new RValue.Arr(allow));
    }

    static void writeManifest(
            Path root, Guid logId, Guid commonId, String name, List<RValue> sections, Map<String, String> metadata)
            throws IOException {
        List<Map.Entry<RValue, RValue>> md = new ArrayList<>();
        metadata.forEach((k, v) -> md.add(Map.entry(new RValue.Str(k), new RValue.Str(v))));
        RValue.Obj m = obj(
                "Manifest",
                "log_identifier",
                new RValue.GuidValue(logId),
                "common_identifier",
                new RValue.GuidValue(commonId),
                "name",
                new RValue.Str(name),
                "v1_columns",
                new RValue.Arr(List.of()), // D5: removed, still on the wire (count 0)
                "sections",
                new RValue.Arr(sections),
                "metadata",
                obj("LogMetadataEntries", "entries", new RValue.Dict(md))); // D10: group 1 even without metadata
        byte[] content = RbufEncoder.encode(ArkSchemas.MANIFEST_IR, m);
        Path dir = root.resolve("manifests");
        Files.createDirectories(dir);
        Files.write(
                dir.resolve(logId.toString()),
                RbufFile.write(content, ArkSchemas.MANIFEST, ArkSchemas.MANIFEST_IR.toJson()));
    }

    static RValue.Obj obj(String schema, Object... kv) {
        Map<String, RValue> f = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) f.put((String) kv[i], (RValue) kv[i + 1]);
        RbufIr.SchemaDef s = ArkSchemas.manifest(schema);
        if (s == null) s = ArkSchemas.SPLIT_IR.schema(ArkSchemas.NS + "::" + schema);
        List<Integer> groups = new ArrayList<>();
        for (var g : s.groups()) groups.add(g.id());
        return new RValue.Obj(s, f, groups);
    }

    /**
     * D22: an amended log as our writer makes one: a manifest in its own folder {@code newRoot}
     * with copies of the base's split files; section 0.. = the base's sections unchanged, then a
     * section with no columns whose original_log_identifier is the new log's id and whose
     * acceptance filter is {@code filter}; common_identifier shared.
     */
    public static Path amend(Path baseRoot, Path newRoot, String newName, ArkQuery filter) throws IOException {
        Path manifests = baseRoot.resolve("manifests");
        Path base;
        try (var s = Files.list(manifests)) {
            base = s.filter(Files::isRegularFile)
                    .sorted()
                    .findFirst()
                    .orElseThrow(() -> new IOException("no manifest in " + manifests));
        }
        byte[] file = Files.readAllBytes(base);
        RbufFile f = RbufFile.parse(file);
        RbufIr ir = RbufIr.parse(f.irJson());
        RValue.Obj m = RbufDecoder.decode(ir, f.typeName(), Arrays.copyOf(file, (int) f.contentSize()));
        Guid newId = Guid.fromName("ark-amend:" + newName + ":" + base.getFileName());
        Guid common = ((RValue.GuidValue) m.get("common_identifier")).value();
        List<RValue> sections = new ArrayList<>(((RValue.Arr) m.get("sections")).items());
        sections.add(section(List.of(), newId, filter));
        Map<String, String> md = new LinkedHashMap<>();
        if (m.get("metadata") instanceof RValue.Obj mo && mo.get("entries") instanceof RValue.Dict d) {
            for (var e : d.entries()) md.put(((RValue.Str) e.getKey()).value(), ((RValue.Str) e.getValue()).value());
        }
        Files.createDirectories(newRoot.resolve("splits"));
        try (var s = Files.list(baseRoot.resolve("splits"))) {
            for (Path p : s.sorted().toList()) {
                Files.copy(
                        p,
                        newRoot.resolve("splits").resolve(p.getFileName().toString()),
                        StandardCopyOption.REPLACE_EXISTING);
            }
        }
        writeManifest(newRoot, newId, common, newName, sections, md);
        return newRoot.resolve("manifests").resolve(newId.toString());
    }

    /** A column: channels sharing a compression type and a run of split files. */
    public final class Column {
        private final String name;
        private final String compression;
        private final ArkCodec codec;
        private final int index;
        private final List<Channel> channels = new ArrayList<>();
        private final List<RValue> splitDecls = new ArrayList<>();
        private final List<Pending> pending = new ArrayList<>();
        private final java.util.Set<Channel> pendingChannels = new java.util.HashSet<>();
        private int splitEvery = 10_000;
        private boolean indexFirst = true;
        private int splitCount;
        private long seq;

        Column(String name, String compression, int index) {
            this.name = name;
            this.compression = compression;
            this.codec = ArkCodec.of(compression);
            this.index = index;
        }

        /** How many messages a split holds before the next one starts. */
        public Column splitEvery(int messages) {
            this.splitEvery = Math.max(1, messages);
            return this;
        }

        /** D15: index at 1024 before the messages (true), or after them (false). */
        public Column indexFirst(boolean first) {
            this.indexFirst = first;
            return this;
        }

        /**
         * A channel whose messages are values of {@code typeName} in {@code ir}; its
         * schema_registry is the type's minimal IR (D12).
         */
        public Channel channel(String channelName, RbufIr ir, String typeName, boolean latched) {
            RbufIr min = ir.closure(typeName);
            Channel ch = new Channel(
                    this,
                    channelName,
                    min,
                    typeName,
                    latched,
                    Guid.fromName("ark-object:" + logId + ":" + name + ":" + channelName));
            channels.add(ch);
            return ch;
        }

        /** Ends the current split here (the next message starts a new one). */
        public void newSplit() throws IOException {
            flush();
        }

        void add(Channel ch, long timeNs, byte[] stored) throws IOException {
            if (timeNs < 0) throw new IllegalArgumentException("time points at or above 2^63 are never written (D19)");
            if (pendingChannels.size() >= 256 && !pendingChannels.contains(ch)) flush(); // short ids are 8-bit
            pending.add(new Pending(ch, timeNs, seq++, stored));
            pendingChannels.add(ch);
            if (pending.size() >= splitEvery) flush();
        }

        void flush() throws IOException {
            if (pending.isEmpty()) return;
            Guid splitId = Guid.fromName("ark-split:" + logId + ":" + name + ":" + splitCount++);
            List<Pending> msgs = new ArrayList<>(pending);
            pending.clear();
            pendingChannels.clear();
            msgs.sort(Comparator.comparingLong((Pending p) -> p.time).thenComparingLong(p -> p.seq));
            // D16: one mapping per object present, in order of first appearance in time.
            List<Channel> order = new ArrayList<>();
            for (Pending p : msgs) if (!order.contains(p.channel)) order.add(p.channel);
            List<RValue> mappings = new ArrayList<>();
            for (int i = 0; i < order.size(); i++) {
                mappings.add(obj(
                        "SplitTypeMappingInfo",
                        "object_identifier",
                        new RValue.GuidValue(order.get(i).id),
                        "short_identifier",
                        new RValue.Int(RbufType.UINT8, i)));
            }
            int n = msgs.size();
            byte[] probe = header(splitId, 0, n, n, mappings);
            long dataStart = Math.max(ArkSchemas.MIN_SPLIT_SIZE, probe.length); // D15: zeros up to 1024
            long indexBytes = (long) n * ArkSchemas.INDEX_ENTRY_SIZE;
            long payload = 0;
            for (Pending p : msgs) payload += p.stored.length;
            long indexOffset = indexFirst ? dataStart : dataStart + payload;
            long msgOffset = indexFirst ? dataStart + indexBytes : dataStart;
            long total = Math.max(ArkSchemas.MIN_SPLIT_SIZE, dataStart + indexBytes + payload);
            if (total > Integer.MAX_VALUE) throw new IOException("split too large; use a smaller splitEvery");
            byte[] out = new byte[(int) total];
            byte[] h = header(splitId, indexOffset, n, n, mappings);
            System.arraycopy(h, 0, out, 0, h.length);
            long[] count = new long[order.size()];
            long[] bytes = new long[order.size()];
            long at = msgOffset;
            for (int i = 0; i < n; i++) {
                Pending p = msgs.get(i);
                int sid = order.indexOf(p.channel);
                int e = (int) (indexOffset + (long) i * ArkSchemas.INDEX_ENTRY_SIZE);
                putLe(out, e, p.time, 8);
                putLe(out, e + 8, at, 4);
                putLe(out, e + 12, p.stored.length, 4);
                out[e + 16] = (byte) sid;
                out[e + 17] = 0; // flags (reserved): 0
                System.arraycopy(p.stored, 0, out, (int) at, p.stored.length);
                at += p.stored.length;
                count[sid]++;
                bytes[sid] += p.stored.length; // D17: stored (compressed) bytes
            }
            Path dir = root.resolve("splits");
            Files.createDirectories(dir);
            Files.write(dir.resolve(splitId.toString()), out);
            List<RValue> stats = new ArrayList<>();
            for (int i = 0; i < order.size(); i++) {
                stats.add(obj(
                        "SplitObjectStatistics",
                        "object_identifier",
                        new RValue.GuidValue(order.get(i).id),
                        "message_count",
                        new RValue.Int(RbufType.UINT64, count[i]),
                        "total_bytes",
                        new RValue.Int(RbufType.UINT64, bytes[i])));
            }
            splitDecls.add(obj(
                    "SplitDeclaration",
                    "split_identifier",
                    new RValue.GuidValue(splitId),
                    "statistics",
                    new RValue.Arr(stats)));
        }

        RValue declaration() {
            List<RValue> objs = new ArrayList<>();
            for (Channel c : channels) {
                objs.add(obj(
                        "ObjectDeclaration",
                        "name",
                        new RValue.Str(c.name),
                        "type_identifier",
                        new RValue.Str(c.typeName),
                        "identifier",
                        new RValue.GuidValue(c.id),
                        "schema_registry",
                        new RValue.Str(c.ir.toJson()),
                        "latched",
                        new RValue.Bool(c.latched)));
            }
            return obj(
                    "ColumnDeclaration",
                    "name",
                    new RValue.Str(name),
                    "compression_type",
                    new RValue.Str(codec == ArkCodec.UNKNOWN ? compression : codec.wireName), // D14: lower case
                    "object_types",
                    new RValue.Arr(objs),
                    "splits",
                    new RValue.Arr(splitDecls));
        }
    }

    static byte[] header(Guid split, long indexOffset, int count, int max, List<RValue> mappings) {
        RValue.Obj h = obj(
                "SplitFileHeader",
                "format_version",
                new RValue.Int(RbufType.UINT16, ArkSchemas.SPLIT_FORMAT_VERSION),
                "split_identifier",
                new RValue.GuidValue(split), // D11: the file's own guid
                "index_offset",
                new RValue.Int(RbufType.UINT32, indexOffset),
                "indexed_item_count",
                new RValue.Int(RbufType.UINT32, count),
                "maximum_item_count",
                new RValue.Int(RbufType.UINT32, max),
                "type_mappings",
                new RValue.Arr(mappings));
        return RbufEncoder.encode(ArkSchemas.SPLIT_IR, h);
    }

    static void putLe(byte[] b, int at, long v, int n) {
        for (int i = 0; i < n; i++) b[at + i] = (byte) (v >>> (8 * i));
    }

    private record Pending(Channel channel, long time, long seq, byte[] stored) {}

    /** One object (channel) of a column. */
    public static final class Channel {
        private final Column column;
        final String name;
        final RbufIr ir;
        final String typeName;
        final boolean latched;
        final Guid id;

        Channel(Column column, String name, RbufIr ir, String typeName, boolean latched, Guid id) {
            this.column = column;
            this.name = name;
            this.ir = ir;
            this.typeName = typeName;
            this.latched = latched;
            this.id = id;
        }

        public RbufIr ir() {
            return ir;
        }

        public String typeName() {
            return typeName;
        }

        /** Writes one message: the value encoded (D13: one bare rbuf value) and compressed per the column. */
        public void write(long timeNs, RValue.Obj value) throws IOException {
            writeRaw(timeNs, RbufEncoder.encode(ir, value));
        }

        /** Writes one message's uncompressed payload bytes as they are. */
        public void writeRaw(long timeNs, byte[] payload) throws IOException {
            column.add(this, timeNs, column.codec.compress(payload));
        }
    }
}
