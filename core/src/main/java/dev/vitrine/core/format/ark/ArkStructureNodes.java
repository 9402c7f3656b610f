package dev.vitrine.core.format.ark;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.BasicNode;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The tree of an Ark log as its files hold it: the root, manifests and their trailers, split files, their headers and indexes. */
final class ArkStructureNodes {
    private ArkStructureNodes() {}

    static final class RootNode extends ArkNode {
        final ArkArchive a;
        private List<Node> kids;

        RootNode(ArkArchive a) {
            super(
                    a.primary() == null ? "Ark log" : "Ark log " + a.primary().name(),
                    "Ark log",
                    Set.of(Role.ARCHIVE),
                    ByteRange.NONE);
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
                    k.add(new ArkMessageNodes.ChannelsNode(a));
                    k.add(new ArkMessageNodes.MessagesNode(a));
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

    static final class ManifestNode extends ArkNode {
        final ArkLog log;

        ManifestNode(ArkLog log) {
            super(
                    "manifest " + log.ref.baseName() + (log.name.isEmpty() ? "" : " (" + log.name + ")"),
                    "manifest",
                    Set.of(Role.FILE, Role.HEADER),
                    log.file == null ? ByteRange.NONE : ByteRange.in(log.ref, 0, log.file.fileSize()));
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
            for (Map.Entry<String, String> e : log.metadata.entrySet())
                f.add(Field.of("metadata " + e.getKey(), e.getValue()));
            return f;
        }

        @Override
        List<Node> kids() {
            List<Node> k = new ArrayList<>();
            if (log.manifest != null)
                k.add(new ArkValueNode(
                        log.file.typeName(), log.manifest, ByteRange.in(log.ref, 0, log.file.contentSize())));
            if (log.file != null) k.add(trailer(log));
            return k;
        }

        @Override
        public List<Problem> problems() {
            return log.problems;
        }
    }

    static Node trailer(ArkLog log) {
        var f = log.file;
        return BasicNode.of("trailer", "serializable-file trailer")
                .roles(Role.HEADER, Role.SCHEMA)
                .range(ByteRange.in(log.ref, f.trailerOffset(), f.fileSize() - f.trailerOffset()))
                .fields(() -> List.of(
                        new Field(
                                "type name",
                                f.typeName(),
                                ByteRange.in(
                                        log.ref,
                                        f.typeNameOffset(),
                                        4 + f.typeName().length())),
                        new Field(
                                "schema IR",
                                f.irJson(),
                                ByteRange.in(
                                        log.ref,
                                        f.irOffset(),
                                        f.trailerOffset() + f.trailerBlockSize() - f.irOffset())),
                        new Field(
                                "trailer_block_size",
                                String.valueOf(f.trailerBlockSize()),
                                ByteRange.in(log.ref, f.fileSize() - 29, 4)),
                        new Field(
                                "content_size",
                                String.valueOf(f.contentSize()),
                                ByteRange.in(log.ref, f.fileSize() - 25, 8)),
                        new Field("version", String.valueOf(f.version()), ByteRange.in(log.ref, f.fileSize() - 17, 1)),
                        new Field(
                                "magic",
                                "b648f0e8fce9eb531fea4c6b29ab81bc",
                                ByteRange.in(log.ref, f.fileSize() - 16, 16))))
                .build();
    }

    static final class SplitsNode extends ArkNode {
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

    static final class SplitNode extends ArkNode {
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
                f.add(Field.of(
                        "stat " + (c == null ? s.object() : c.name), s.count() + " messages, " + s.bytes() + " bytes"));
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
            k.add(header(s));
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
            return s == null
                    ? List.of(Problem.warning(decl.ref(), -1, "split " + decl.guid() + " is missing"))
                    : s.problems();
        }
    }

    /** A split file's SplitFileHeader: its fields where they lie. */
    static Node header(ArkSplit s) {
        return BasicNode.of("header", "SplitFileHeader")
                .roles(Role.HEADER)
                .range(ByteRange.in(s.ref(), 0, Math.max(0, s.headerLength())))
                .fields(() -> headerFields(s))
                .build();
    }

    private static List<Field> headerFields(ArkSplit s) {
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

    /** The split's index: one child per entry (time order), each the message it points at. */
    static final class IndexNode extends ArkNode {
        final ArkArchive a;
        final ArkLog.SplitDecl decl;
        final ArkSplit s;

        IndexNode(ArkArchive a, ArkLog.SplitDecl decl, ArkSplit s) {
            super(
                    "index (" + s.entryCount() + " messages)",
                    "split index",
                    Set.of(Role.INDEX),
                    ByteRange.in(
                            s.ref(),
                            s.indexOffset(),
                            Math.max(
                                    0,
                                    Math.min(
                                            s.entryCount() * ArkSchemas.INDEX_ENTRY_SIZE,
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
            ArkChannel[] map =
                    log == null ? new ArkChannel[256] : log.shortIds(decl, s, null, true); // hidden data shows, marked
            ArkLog.Run run = new ArkLog.Run(decl, s, map, 0);
            List<Node> out = new ArrayList<>();
            for (ArkSplit.Entry e : s.entries(from, count)) {
                ArkChannel ch = map[e.object()];
                out.add(
                        ch == null
                                ? ArkMessageNodes.rawEntry(s, e)
                                : new ArkMessageNodes.MessageNode(new ArkMessage(log, run, ch, e, false)));
            }
            return out;
        }

        @Override
        public Optional<Node> childCovering(ByteRange.Position p) throws IOException {
            if (!p.file().equals(s.ref())) return Optional.empty();
            long rel = p.offset() - s.indexOffset();
            if (rel >= 0 && rel < s.entryCount() * ArkSchemas.INDEX_ENTRY_SIZE) {
                return Optional.of(
                        children(rel / ArkSchemas.INDEX_ENTRY_SIZE, 1).getFirst());
            }
            for (long from = 0; from < s.entryCount() && from < 1_000_000; from += 4096) {
                List<ArkSplit.Entry> es = s.entries(from, 4096);
                for (ArkSplit.Entry e : es) {
                    if (p.offset() >= e.offset() && p.offset() < e.end())
                        return Optional.of(children(e.index(), 1).getFirst());
                }
            }
            return Optional.empty();
        }
    }

    static ArkLog logOf(ArkArchive a, ArkLog.SplitDecl decl) {
        for (ArkLog l : a.logs) for (ArkLog.SplitDecl sd : l.splits()) if (sd == decl) return l;
        return null;
    }
}
