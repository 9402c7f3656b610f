package dev.vitrine.core.format.ark;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufJson;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/** The lazy tree of an Ark log: manifests, channels, all messages in time order, split files. */
final class ArkNodes {
    private ArkNodes() {}

    /** A node with fixed children. */
    abstract static class Base implements Node {
        final String name;
        final String kind;
        final Set<Role> roles;
        final ByteRange range;

        Base(String name, String kind, Set<Role> roles, ByteRange range) {
            this.name = name;
            this.kind = kind;
            this.roles = roles;
            this.range = range;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String kind() {
            return kind;
        }

        @Override
        public Set<Role> roles() {
            return roles;
        }

        @Override
        public ByteRange range() {
            return range;
        }

        List<Node> kids() throws IOException {
            return List.of();
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        @Override
        public long childCount() throws IOException {
            return kids().size();
        }

        @Override
        public List<Node> children(long from, int count) throws IOException {
            List<Node> k = kids();
            int f = (int) Math.min(from, k.size());
            return k.subList(f, (int) Math.min(k.size(), f + (long) count));
        }
    }

    static final class RootNode extends Base {
        final ArkArchive a;
        private List<Node> kids;

        RootNode(ArkArchive a) {
            super(a.primary() == null ? "Ark log" : "Ark log " + a.primary().name(), "Ark log", Set.of(Role.ARCHIVE), ByteRange.NONE);
            this.a = a;
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            ArkLog p = a.primary();
            if (p != null) {
                f.add(Field.of("name", p.name));
                f.add(Field.of("log_identifier", p.logId));
                f.add(Field.of("common_identifier", p.commonId));
                f.add(Field.of("sections", p.sections.size()));
                f.add(Field.of("splits", p.splits().size()));
            }
            f.add(Field.of("manifests", a.logs.size()));
            return f;
        }

        @Override
        synchronized List<Node> kids() {
            if (kids == null) {
                List<Node> k = new ArrayList<>();
                for (ArkLog l : a.logs) k.add(new ManifestNode(l));
                if (a.primary() != null) {
                    k.add(new ChannelsNode(a));
                    k.add(new MessagesNode(a));
                }
                k.add(new SplitsNode(a));
                kids = List.copyOf(k);
            }
            return kids;
        }

        @Override
        public List<Problem> problems() {
            return a.openProblems;
        }

        /** A position in a split file is under "splits" (which has no bytes of its own). */
        @Override
        public Optional<Node> childCovering(ByteRange.Position p) throws IOException {
            for (Node k : kids()) {
                if (k.range().contains(p)) return Optional.of(k);
                if (k instanceof SplitsNode && a.split(p.file()) != null) return Optional.of(k);
            }
            return Optional.empty();
        }
    }

    static final class ManifestNode extends Base {
        final ArkLog log;

        ManifestNode(ArkLog log) {
            super("manifest " + log.ref.baseName() + (log.name.isEmpty() ? "" : " (" + log.name + ")"), "manifest",
                    Set.of(Role.FILE, Role.HEADER), log.file == null ? ByteRange.NONE : ByteRange.in(log.ref, 0, log.file.fileSize()));
            this.log = log;
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("file", log.ref.path()));
            if (log.file != null) {
                f.add(Field.of("type", log.file.typeName()));
                f.add(Field.of("content_size", log.file.contentSize()));
                f.add(Field.of("trailer_block_size", log.file.trailerBlockSize()));
            }
            for (Map.Entry<String, String> e : log.metadata.entrySet()) f.add(Field.of("metadata " + e.getKey(), e.getValue()));
            return f;
        }

        @Override
        List<Node> kids() {
            List<Node> k = new ArrayList<>();
            if (log.manifest != null) k.add(new ValueNode(log.file.typeName(), log.manifest, ByteRange.in(log.ref, 0, log.file.contentSize())));
            if (log.file != null) k.add(new TrailerNode(log));
            return k;
        }

        @Override
        public List<Problem> problems() {
            return log.problems;
        }
    }

    static final class TrailerNode extends Base {
        final ArkLog log;

        TrailerNode(ArkLog log) {
            super("trailer", "serializable-file trailer", Set.of(Role.HEADER, Role.SCHEMA),
                    ByteRange.in(log.ref, log.file.trailerOffset(), log.file.fileSize() - log.file.trailerOffset()));
            this.log = log;
        }

        @Override
        public boolean hasChildren() {
            return false;
        }

        @Override
        public List<Field> fields() {
            var f = log.file;
            return List.of(new Field("type name", f.typeName(), ByteRange.in(log.ref, f.typeNameOffset(), 4 + f.typeName().length())),
                    new Field("schema IR", f.irJson(), ByteRange.in(log.ref, f.irOffset(), f.trailerOffset() + f.trailerBlockSize() - f.irOffset())),
                    new Field("trailer_block_size", String.valueOf(f.trailerBlockSize()), ByteRange.in(log.ref, f.fileSize() - 29, 4)),
                    new Field("content_size", String.valueOf(f.contentSize()), ByteRange.in(log.ref, f.fileSize() - 25, 8)),
                    new Field("version", String.valueOf(f.version()), ByteRange.in(log.ref, f.fileSize() - 17, 1)),
                    new Field("magic", "b648f0e8fce9eb531fea4c6b29ab81bc", ByteRange.in(log.ref, f.fileSize() - 16, 16)));
        }
    }

    /**
     * Any decoded rbuf value: scalars as fields, objects, lists and dictionaries as children. A
     * value of a message knows where it lies in the decompressed payload (spans recorded when
     * the message was decoded for display), so it frames its bytes, and its scalar fields', in
     * the decoded bytes shown beside the compressed frame.
     */
    static final class ValueNode extends Base {
        final RValue value;
        /** The message the value was decoded from, or null (the manifest's value). */
        final ArkMessage message;
        final Map<RValue, int[]> spans;

        ValueNode(String name, RValue value, ByteRange range) {
            this(name, value, range, null, Map.of());
        }

        ValueNode(String name, RValue value, ByteRange range, ArkMessage message, Map<RValue, int[]> spans) {
            super(name, kindOf(value), value instanceof RValue.Obj ? Set.of(Role.RECORD) : Set.of(), range);
            this.value = value;
            this.message = message;
            this.spans = spans;
        }

        private ValueNode child(String name, RValue v) {
            return new ValueNode(name, v, ByteRange.NONE, message, spans);
        }

        @Override
        public Optional<Decoded> decoded() {
            int[] at = spans.get(value);
            if (message == null || at == null) return Optional.empty();
            return Optional.of(new MessageBytes(message, at[0], at[1] - at[0]) {
                @Override
                public List<Field> fields() {
                    List<Field> f = new ArrayList<>();
                    BiConsumer<String, RValue> add = (n, v) -> {
                        int[] s = spans.get(v);
                        if (s != null && !composite(v)) f.add(Field.at(n, RbufJson.toJson(v), s[0], s[1] - s[0]));
                    };
                    switch (value) {
                        case RValue.Obj o -> o.fields().forEach(add);
                        case RValue.Dict d -> d.entries().forEach(e -> add.accept(RbufJson.keyText(e.getKey()), e.getValue()));
                        case RValue.Arr a -> {
                            for (int i = 0; i < a.items().size() && i < 1000; i++) add.accept("[" + i + "]", a.items().get(i));
                        }
                        default -> { }
                    }
                    return f;
                }
            });
        }

        static String kindOf(RValue v) {
            return switch (v) {
                case RValue.Obj o -> o.schema().fullName();
                case RValue.Arr a -> "list of " + a.items().size();
                case RValue.Dict d -> "dictionary of " + d.entries().size();
                case RValue.Variant var -> "variant " + (var.type() == null ? "(empty)" : var.type());
                default -> "value";
            };
        }

        static boolean composite(RValue v) {
            return v instanceof RValue.Obj || v instanceof RValue.Arr || v instanceof RValue.Dict
                    || (v instanceof RValue.Variant var && var.value() != null);
        }

        @Override
        public boolean hasChildren() {
            return composite(value);
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            switch (value) {
                case RValue.Obj o -> o.fields().forEach((k, v) -> {
                    if (!composite(v)) f.add(Field.of(k + (removed(o, k) ? " [removed]" : ""), RbufJson.toJson(v)));
                });
                case RValue.Arr a -> f.add(Field.of("items", a.items().size()));
                case RValue.Dict d -> {
                    for (var e : d.entries()) if (!composite(e.getValue())) f.add(Field.of(RbufJson.keyText(e.getKey()), RbufJson.toJson(e.getValue())));
                }
                default -> f.add(Field.of("value", RbufJson.toJson(value)));
            }
            return f;
        }

        static boolean removed(RValue.Obj o, String field) {
            for (var fd : o.schema().fields()) if (fd.name().equals(field)) return fd.removed();
            return false;
        }

        @Override
        List<Node> kids() {
            List<Node> k = new ArrayList<>();
            switch (value) {
                case RValue.Obj o -> o.fields().forEach((n, v) -> {
                    if (composite(v)) k.add(child(n, v));
                });
                case RValue.Arr a -> {
                    for (int i = 0; i < a.items().size() && i < 100_000; i++) {
                        RValue v = a.items().get(i);
                        k.add(child("[" + i + "]" + label(v), v));
                    }
                }
                case RValue.Dict d -> {
                    for (var e : d.entries()) if (composite(e.getValue())) k.add(child(RbufJson.keyText(e.getKey()), e.getValue()));
                }
                case RValue.Variant var -> k.add(child(var.type(), var.value()));
                default -> { }
            }
            return k;
        }

        static String label(RValue v) {
            if (v instanceof RValue.Obj o && o.get("name") instanceof RValue.Str s) return " " + s.value();
            return "";
        }
    }

    static final class ChannelsNode extends Base {
        final ArkArchive a;

        ChannelsNode(ArkArchive a) {
            super("channels", "channels", Set.of(Role.SECTION, Role.TABLE), ByteRange.NONE);
            this.a = a;
        }

        @Override
        List<Node> kids() throws IOException {
            List<Node> k = new ArrayList<>();
            for (TimedMessages.ChannelInfo c : a.channels()) k.add(new ChannelNode(a, c));
            for (TimedMessages.Hidden h : a.hidden()) k.add(new HiddenNode(h));
            return k;
        }

        @Override
        public Optional<RowTable> table() {
            return Optional.of(new RowTable() {
                @Override
                public List<String> columns() {
                    return List.of("MIN", "MAX", "COUNT", "RATE", "SIZE", "TYPE", "NAME");
                }

                @Override
                public long rowCount() throws IOException {
                    return a.channels().size();
                }

                @Override
                public List<Row> rows(long from, int count) throws IOException {
                    List<TimedMessages.ChannelInfo> cs = a.channels();
                    List<Row> out = new ArrayList<>();
                    for (long i = from; i < cs.size() && i < from + count; i++) {
                        var c = cs.get((int) i);
                        out.add(new Row(i, List.of(String.valueOf(c.minTimeNs()), String.valueOf(c.maxTimeNs()), String.valueOf(c.count()),
                                String.format(java.util.Locale.ROOT, "%.3f", c.rateHz()), String.valueOf(c.bytes()), c.type(),
                                c.name() + (c.latched() ? " (latched)" : "")), ByteRange.NONE, null));
                    }
                    return out;
                }
            });
        }
    }

    static final class ChannelNode extends Base {
        final ArkArchive a;
        final TimedMessages.ChannelInfo info;

        ChannelNode(ArkArchive a, TimedMessages.ChannelInfo info) {
            super(info.name(), "channel", Set.of(Role.CHANNEL), ByteRange.NONE);
            this.a = a;
            this.info = info;
        }

        @Override
        public boolean hasChildren() {
            return false;
        }

        @Override
        public List<Field> fields() {
            return List.of(Field.of("name", info.name()), Field.of("type", info.type()), Field.of("count", info.count()),
                    Field.of("min_time_ns", info.minTimeNs()), Field.of("max_time_ns", info.maxTimeNs()), Field.of("bytes", info.bytes()),
                    Field.of("rate_hz", info.rateHz()), Field.of("latched", info.latched()));
        }
    }

    /** Data an amendment hides: shown as hidden, not dropped. */
    static final class HiddenNode extends Base {
        final TimedMessages.Hidden h;

        HiddenNode(TimedMessages.Hidden h) {
            super(h.channel() + " (hidden)", "hidden channel data", Set.of(Role.CHANNEL), ByteRange.NONE);
            this.h = h;
        }

        @Override
        public boolean hasChildren() {
            return false;
        }

        @Override
        public List<Field> fields() {
            return List.of(Field.of("name", h.channel()), Field.of("type", h.type()), Field.of("hidden messages", h.count()),
                    Field.of("from_ns", h.startNs()), Field.of("to_ns", h.stopNs()), Field.of("why", h.reason()));
        }
    }

    /** All visible messages of the primary log in time order; pages continue one cursor when read in order. */
    static final class MessagesNode extends Base {
        final ArkArchive a;
        private TimedMessages.Cursor cursor;
        private long cursorAt;

        MessagesNode(ArkArchive a) {
            super("messages (time order)", "messages", Set.of(Role.SECTION, Role.TABLE), ByteRange.NONE);
            this.a = a;
        }

        @Override
        public long childCount() throws IOException {
            return a.recordCount();
        }

        @Override
        public synchronized List<Node> children(long from, int count) throws IOException {
            List<Node> out = new ArrayList<>();
            for (TimedMessages.Message m : page(from, count)) out.add(m.node());
            return out;
        }

        synchronized List<TimedMessages.Message> page(long from, int count) throws IOException {
            if (cursor == null || from < cursorAt) {
                if (cursor != null) cursor.close();
                cursor = a.messages(null, Long.MIN_VALUE, Long.MAX_VALUE);
                cursorAt = 0;
            }
            while (cursorAt < from && cursor.hasNext()) {
                cursor.next();
                cursorAt++;
            }
            List<TimedMessages.Message> out = new ArrayList<>();
            while (out.size() < count && cursor.hasNext()) {
                out.add(cursor.next());
                cursorAt++;
            }
            return out;
        }

        @Override
        public Optional<RowTable> table() {
            return Optional.of(new RowTable() {
                @Override
                public List<String> columns() {
                    return List.of("time_ns", "channel", "type", "file", "offset", "size");
                }

                @Override
                public long rowCount() throws IOException {
                    return a.recordCount();
                }

                @Override
                public List<Row> rows(long from, int count) throws IOException {
                    List<Row> out = new ArrayList<>();
                    long i = from;
                    for (TimedMessages.Message m : page(from, count)) {
                        ByteRange r = m.range();
                        out.add(new Row(i++, List.of(String.valueOf(m.timeNs()), m.channel(), m.type(), r.file().path(),
                                String.valueOf(r.offset()), String.valueOf(r.length())), r, null));
                    }
                    return out;
                }
            });
        }
    }

    static final class SplitsNode extends Base {
        final ArkArchive a;

        SplitsNode(ArkArchive a) {
            super("splits", "split files", Set.of(Role.FOLDER), ByteRange.NONE);
            this.a = a;
        }

        @Override
        List<Node> kids() {
            List<Node> k = new ArrayList<>();
            for (ArkLog l : a.logs) {
                for (ArkLog.SplitDecl sd : l.splits()) {
                    boolean seen = false;
                    for (Node n : k) seen |= ((SplitNode) n).decl.ref().equals(sd.ref());
                    if (!seen) k.add(new SplitNode(a, sd));
                }
            }
            return k;
        }
    }

    static final class SplitNode extends Base {
        final ArkArchive a;
        final ArkLog.SplitDecl decl;

        SplitNode(ArkArchive a, ArkLog.SplitDecl decl) {
            super(decl.ref().baseName(), "split file", Set.of(Role.FILE), range(a, decl.ref()));
            this.a = a;
            this.decl = decl;
        }

        static ByteRange range(ArkArchive a, FileRef ref) {
            ArkSplit s = a.split(ref);
            return s == null ? ByteRange.NONE : ByteRange.in(ref, 0, s.fileSize());
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("column", decl.column().name));
            f.add(Field.of("compression", decl.column().compression));
            for (ArkLog.Stat s : decl.statistics()) {
                ArkChannel c = decl.column().object(s.object());
                f.add(Field.of("stat " + (c == null ? s.object() : c.name), s.count() + " messages, " + s.bytes() + " bytes"));
            }
            return f;
        }

        @Override
        public boolean hasChildren() {
            return a.split(decl.ref()) != null;
        }

        @Override
        List<Node> kids() {
            ArkSplit s = a.split(decl.ref());
            if (s == null) return List.of();
            List<Node> k = new ArrayList<>();
            k.add(new HeaderNode(s));
            k.add(new IndexNode(a, decl, s));
            return k;
        }

        /** A message's stored bytes are under the index that points at them. */
        @Override
        public Optional<Node> childCovering(ByteRange.Position p) throws IOException {
            List<Node> k = kids();
            for (Node n : k) if (n.range().contains(p)) return Optional.of(n);
            return p.file().equals(decl.ref()) && k.size() > 1 ? Optional.of(k.get(1)) : Optional.empty();
        }

        @Override
        public List<Problem> problems() {
            ArkSplit s = a.split(decl.ref());
            return s == null ? List.of(Problem.warning(decl.ref(), -1, "split " + decl.guid() + " is missing")) : s.problems();
        }
    }

    static final class HeaderNode extends Base {
        final ArkSplit s;

        HeaderNode(ArkSplit s) {
            super("header", "SplitFileHeader", Set.of(Role.HEADER), ByteRange.in(s.ref(), 0, Math.max(0, s.headerLength())));
            this.s = s;
        }

        @Override
        public boolean hasChildren() {
            return false;
        }

        @Override
        public List<Field> fields() {
            FileRef r = s.ref();
            List<Field> f = new ArrayList<>(List.of(
                    new Field("format_version", String.valueOf(s.formatVersion), ByteRange.in(r, 1, 2)),
                    new Field("split_identifier", String.valueOf(s.splitIdentifier), ByteRange.in(r, 3, 16)),
                    new Field("index_offset", String.valueOf(s.indexOffset), ByteRange.in(r, 19, 4)),
                    new Field("indexed_item_count", String.valueOf(s.indexedCount), ByteRange.in(r, 23, 4)),
                    new Field("maximum_item_count", String.valueOf(s.maximumCount), ByteRange.in(r, 27, 4)),
                    new Field("type_mappings", String.valueOf(s.mappings.size()), ByteRange.in(r, 31, 4))));
            for (ArkSplit.Mapping m : s.mappings) {
                f.add(new Field("short id " + m.shortId(), m.object().toString(), ByteRange.in(r, m.offset(), 18)));
            }
            return f;
        }
    }

    /** The split's index: one child per entry (time order), each the message it points at. */
    static final class IndexNode extends Base {
        final ArkArchive a;
        final ArkLog.SplitDecl decl;
        final ArkSplit s;

        IndexNode(ArkArchive a, ArkLog.SplitDecl decl, ArkSplit s) {
            super("index (" + s.entryCount() + " messages)", "split index", Set.of(Role.INDEX),
                    ByteRange.in(s.ref(), s.indexOffset(), Math.max(0, Math.min(s.entryCount() * ArkSchemas.INDEX_ENTRY_SIZE,
                            s.fileSize() - Math.min(s.fileSize(), s.indexOffset())))));
            this.a = a;
            this.decl = decl;
            this.s = s;
        }

        @Override
        public long childCount() {
            return s.entryCount();
        }

        @Override
        public List<Node> children(long from, int count) throws IOException {
            ArkLog log = decl.column() == null ? null : logOf(a, decl);
            ArkChannel[] map = log == null ? new ArkChannel[256] : log.shortIds(decl, s, null, true); // hidden data shows, marked
            ArkLog.Run run = new ArkLog.Run(decl, s, map, 0);
            List<Node> out = new ArrayList<>();
            for (ArkSplit.Entry e : s.entries(from, count)) {
                ArkChannel ch = map[e.object()];
                out.add(ch == null ? new RawEntryNode(s, e) : new MessageNode(new ArkMessage(log, run, ch, e, false)));
            }
            return out;
        }

        @Override
        public Optional<Node> childCovering(ByteRange.Position p) throws IOException {
            if (!p.file().equals(s.ref())) return Optional.empty();
            long rel = p.offset() - s.indexOffset();
            if (rel >= 0 && rel < s.entryCount() * ArkSchemas.INDEX_ENTRY_SIZE) {
                return Optional.of(children(rel / ArkSchemas.INDEX_ENTRY_SIZE, 1).getFirst());
            }
            for (long from = 0; from < s.entryCount() && from < 1_000_000; from += 4096) {
                List<ArkSplit.Entry> es = s.entries(from, 4096);
                for (ArkSplit.Entry e : es) {
                    if (p.offset() >= e.offset() && p.offset() < e.end()) return Optional.of(children(e.index(), 1).getFirst());
                }
            }
            return Optional.empty();
        }
    }

    static ArkLog logOf(ArkArchive a, ArkLog.SplitDecl decl) {
        for (ArkLog l : a.logs) for (ArkLog.SplitDecl sd : l.splits()) if (sd == decl) return l;
        return null;
    }

    /** An index entry whose short id maps to no object of its column. */
    static final class RawEntryNode extends Base {
        final ArkSplit.Entry e;

        RawEntryNode(ArkSplit s, ArkSplit.Entry e) {
            super("@" + e.timeNs() + " object " + e.object(), "unmapped message", Set.of(Role.MESSAGE), ByteRange.in(s.ref(), e.offset(), e.size()));
            this.e = e;
        }

        @Override
        public boolean hasChildren() {
            return false;
        }

        @Override
        public List<Field> fields() {
            return entryFields(e);
        }
    }

    static List<Field> entryFields(ArkSplit.Entry e) {
        return List.of(Field.of("timestamp_ns", e.timeNs()), Field.of("offset", e.offset()), Field.of("size", e.size()),
                Field.of("object_identifier", e.object()), Field.of("flags", e.flags()),
                Field.of("index entry at", e.position()));
    }

    static final class MessageNode extends Base {
        final ArkMessage m;
        /** Damage met when the value was decoded (by {@link #kids()}, off the UI thread); problems() never reads. */
        private volatile List<Problem> problems = List.of();

        MessageNode(ArkMessage m) {
            super(m.timeNs() + " " + m.channel() + (m.channel.visible(m.timeNs()) ? "" : " (hidden)"), "message " + m.type(),
                    Set.of(Role.MESSAGE), m.range());
            this.m = m;
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("channel", m.channel()));
            f.add(Field.of("type", m.type()));
            f.add(Field.of("compression", m.codec().name().toLowerCase(java.util.Locale.ROOT)));
            if (m.latchedReplay()) f.add(Field.of("latched", "last message before the start"));
            if (!m.channel.visible(m.timeNs())) {
                f.add(Field.of("hidden", "by the acceptance filter of section " + m.channel.hiddenBySection + " (D18)"));
            }
            f.addAll(entryFields(m.entry));
            return f;
        }

        @Override
        List<Node> kids() {
            try {
                ArkMessage.Decoding d = m.decodeWithSpans();
                List<Node> k = List.of(new ValueNode("value", d.value(), ByteRange.NONE, m, d.spans()));
                problems = List.of();
                return k;
            } catch (IOException e) {
                problems = List.of(Problem.error(m.run.split.ref(), m.entry.offset(), "message: " + e.getMessage()));
                return List.of();
            }
        }

        @Override
        public List<Problem> problems() {
            return problems;
        }

        @Override
        public Optional<Decoded> decoded() {
            return Optional.of(new MessageBytes(m, 0, -1));
        }
    }

    /** Bytes inside a message's decompressed payload, beside its stored (compressed) bytes; length -1: the whole payload. */
    static class MessageBytes implements Decoded {
        final ArkMessage m;
        final long offset;
        final long length;

        MessageBytes(ArkMessage m, long offset, long length) {
            this.m = m;
            this.offset = offset;
            this.length = length;
        }

        @Override
        public ByteRange container() {
            return m.range();
        }

        @Override
        public String label() {
            return m.codec() == ArkCodec.NONE ? "message @ " + m.entry.offset() + " (stored raw)"
                    : m.codec().name().toLowerCase(java.util.Locale.ROOT) + " frame @ " + m.entry.offset() + ", decompressed";
        }

        @Override
        public long offset() {
            return offset;
        }

        @Override
        public long length() {
            if (length >= 0) return length;
            try {
                return m.payload().length;
            } catch (IOException e) {
                return 0;
            }
        }

        @Override
        public ByteSource open() throws IOException {
            return MappedFileSource.ofBytes(m.channel() + " @ " + m.timeNs(), m.payload());
        }
    }
}
