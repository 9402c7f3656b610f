package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The structure tree: header, metadata section with its packets, files section with each entry
 * (schema tree nodes, schemas, tables, dictionary entries paged), and the records. Parts of the
 * files section are read when their node is expanded; a part that fails shows its problem.
 */
final class ClpsNodes {
    private static final int MAX_VALUE_FIELDS = 500;

    private ClpsNodes() {}

    static Node root(ClpsArchive a) {
        List<Node> top = new ArrayList<>();
        long size = a.source().size();
        if (a.header != null) {
            top.add(ClpsNode.leaf(
                            "header", "header", ByteRange.of(0, ClpsHeader.SIZE), a.header.fields(a.magic), List.of())
                    .withRoles(Role.HEADER));
            long mEnd = Math.min(size, a.header.filesStart());
            top.add(new ClpsNode(
                            "metadata section",
                            "metadata section (zstd frame)",
                            ByteRange.of(ClpsHeader.SIZE, Math.max(0, mEnd - ClpsHeader.SIZE)),
                            () -> metadataFields(a),
                            () -> metadataProblems(a),
                            ClpsNode.Children.of(packets(a)))
                    .withRoles(Role.SECTION, Role.BLOCK));
            if (a.header.filesStart() <= size) {
                top.add(new ClpsNode(
                                "files section",
                                "section",
                                ByteRange.of(a.header.filesStart(), size - a.header.filesStart()),
                                () -> List.of(Field.of("entries", a.files.size())),
                                List::of,
                                ClpsNode.Children.of(fileNodes(a)))
                        .withRoles(Role.SECTION));
            }
            ClpsRecords r = a.records();
            top.add(new ClpsNode(
                            "records",
                            "records",
                            ByteRange.NONE,
                            () -> List.of(Field.of("records", r.recordCount())),
                            List::of,
                            null)
                    .withTable(r.table())
                    .withRoles(Role.TABLE));
        }
        List<Field> f = new ArrayList<>();
        f.add(Field.of("file size", size));
        if (a.header != null)
            f.add(Field.of(
                    "version", a.header.version() + (a.header.version().known() ? "" : " (unknown to this reader)")));
        return new ClpsNode(
                        a.source().name(),
                        "clp-s archive",
                        ByteRange.of(0, size),
                        () -> f,
                        a::openProblems,
                        ClpsNode.Children.of(top))
                .withRoles(Role.ARCHIVE);
    }

    private static List<Field> metadataFields(ClpsArchive a) {
        List<Field> f = new ArrayList<>();
        f.add(Field.at("metadata_section_size", a.header.metadataSectionSize(), 56, 4));
        f.add(Field.of("decoded size", a.metadataBytes == null ? "(does not decode)" : a.metadataBytes.length));
        if (a.metadata != null) f.add(Field.of("num_packets", a.metadata.declaredCount));
        return f;
    }

    private static List<Problem> metadataProblems(ClpsArchive a) {
        return a.openProblems().stream()
                .filter(p -> p.offset() == ClpsHeader.SIZE || p.message().startsWith("metadata"))
                .toList();
    }

    private static List<Node> packets(ClpsArchive a) {
        List<Node> out = new ArrayList<>();
        if (a.metadata == null) return out;
        for (ClpsPacket p : a.metadata.packets) {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("packet_type", p.type() + " (" + p.typeName() + ")"));
            f.add(Field.of("offset in decoded section", p.offset()));
            f.add(Field.of("packet_size", p.size()));
            if (p.problem() != null) f.add(Field.of("problem", p.problem()));
            if (p.value() instanceof ClpsTimestampDictionary d) {
                int i = 0;
                for (ClpsTimestampDictionary.Range r : d.ranges()) {
                    f.add(Field.of(
                            "ranges[" + i + "]",
                            r.key() + " columns " + java.util.Arrays.toString(r.columnIds()) + " encoding "
                                    + r.encoding() + " [" + r.start() + ", " + r.end() + "]"));
                    i++;
                }
                d.patterns().forEach((id, pat) -> f.add(Field.of("patterns[" + id + "]", pat)));
            } else if (p.value() != null) {
                flatten("", p.value(), f);
            } else if (p.problem() == null) {
                f.add(Field.of("payload", p.size() + " bytes of an unknown packet type, skipped by size"));
            }
            List<Problem> probs = p.problem() == null
                    ? List.of()
                    : List.of(a.problemAt(ClpsHeader.SIZE, "metadata section: " + p.problem()));
            ByteRange frame = ByteRange.of(ClpsHeader.SIZE, a.header.metadataSectionSize());
            out.add(ClpsNode.leaf(
                            "packet " + p.index() + ": " + p.typeName(), "metadata packet", ByteRange.NONE, f, probs)
                    .withRoles(Role.PACKET)
                    .withDecoded(new ClpsDecoded(
                            frame,
                            "metadata section, decoded",
                            p.offset(),
                            5 + p.size(),
                            () -> a.metadataBytes.clone())));
        }
        return out;
    }

    private static void flatten(String prefix, Object v, List<Field> out) {
        if (out.size() > MAX_VALUE_FIELDS) return;
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet())
                flatten(prefix.isEmpty() ? String.valueOf(e.getKey()) : prefix + "." + e.getKey(), e.getValue(), out);
        } else if (v instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) flatten(prefix + "[" + i + "]", l.get(i), out);
        } else {
            out.add(Field.of(prefix, v instanceof byte[] b ? b.length + " bytes" : ClpsRawText.shown(v)));
        }
    }

    private static List<Node> fileNodes(ClpsArchive a) {
        List<Node> out = new ArrayList<>();
        for (ClpsFileEntry e : a.files) {
            List<Field> f = List.of(
                    Field.of("name", e.name()),
                    Field.of("offset in files section", e.relativeOffset()),
                    Field.of("file offset", e.offset()),
                    Field.of("size", e.size()));
            ClpsNode.Children c = switch (e.name()) {
                case ClpsArchive.SCHEMA_TREE -> ClpsNode.Children.lazy(() -> schemaTreeNodes(a));
                case ClpsArchive.SCHEMA_IDS -> ClpsNode.Children.lazy(() -> schemaNodes(a));
                case ClpsArchive.TABLE_METADATA, ClpsArchive.TABLES -> ClpsNode.Children.lazy(() -> streamNodes(a));
                case ClpsArchive.VAR_DICT, ClpsArchive.LOG_DICT, ClpsArchive.ARRAY_DICT ->
                    ClpsNode.Children.lazy(() -> dictNodes(a, e.name()));
                default -> null;
            };
            Role role = switch (e.name()) {
                case ClpsArchive.SCHEMA_TREE, ClpsArchive.SCHEMA_IDS -> Role.SCHEMA;
                case ClpsArchive.VAR_DICT, ClpsArchive.LOG_DICT, ClpsArchive.ARRAY_DICT -> Role.DICTIONARY;
                case ClpsArchive.TABLE_METADATA -> Role.INDEX;
                default -> Role.SECTION;
            };
            out.add(new ClpsNode(
                            e.name(), "files-section entry", e.range(), () -> f, () -> partProblems(a, e.name()), c)
                    .withRoles(role, Role.BLOCK));
        }
        return out;
    }

    /** Problems of a part already read (expanding the node reads it); problems() must not read the file. */
    private static List<Problem> partProblems(ClpsArchive a, String name) {
        Problem p = a.loadedProblem(name);
        return p == null ? List.of() : List.of(p);
    }

    /** The decoded bytes of a single-frame part, for nodes inside it. */
    private static ClpsDecoded inFrame(ClpsArchive a, String name, long offset, long length) {
        ClpsFileEntry e = a.entry(name);
        if (e == null || e.offset() < 0) return null;
        return new ClpsDecoded(e.range(), name + ", decoded", offset, length, () -> a.decodedPart(name));
    }

    private static ClpsNode.Children schemaTreeNodes(ClpsArchive a) {
        ClpsSchemaTree t = a.schemaTree().value();
        if (t == null) return ClpsNode.Children.of(List.of());
        return new ClpsNode.Children() {
            @Override
            public long count() {
                return t.size();
            }

            @Override
            public List<Node> page(long from, int count) {
                List<Node> out = new ArrayList<>();
                for (long i = Math.max(0, from); i < Math.min(t.size(), from + (long) count); i++) {
                    int id = (int) i;
                    out.add(ClpsNode.leaf(
                                    id + ": \"" + t.keyText(id) + "\" " + ClpsNodeType.name(t.type[id]),
                                    "schema tree node",
                                    ByteRange.NONE,
                                    List.of(
                                            Field.of("id", id),
                                            Field.of("parent", t.parent[id]),
                                            Field.of("key", t.keyText(id)),
                                            Field.of("type", t.type[id] + " (" + ClpsNodeType.name(t.type[id]) + ")"),
                                            Field.of("depth", t.depth[id])),
                                    List.of())
                            .withRoles(Role.SCHEMA)
                            .withDecoded(
                                    inFrame(a, ClpsArchive.SCHEMA_TREE, t.offset[id], 4 + 8 + t.key[id].length + 1)));
                }
                return out;
            }
        };
    }

    private static ClpsNode.Children schemaNodes(ClpsArchive a) {
        ClpsSchemaMap m = a.schemaMap().value();
        if (m == null) return ClpsNode.Children.of(List.of());
        List<ClpsSchemaMap.Schema> list = new ArrayList<>(m.schemas.values());
        return new ClpsNode.Children() {
            @Override
            public long count() {
                return list.size();
            }

            @Override
            public List<Node> page(long from, int count) {
                List<Node> out = new ArrayList<>();
                for (long i = Math.max(0, from); i < Math.min(list.size(), from + (long) count); i++) {
                    ClpsSchemaMap.Schema s = list.get((int) i);
                    String e = java.util.Arrays.toString(s.entries());
                    out.add(ClpsNode.leaf(
                                    "schema " + s.id(),
                                    "schema",
                                    ByteRange.NONE,
                                    List.of(
                                            Field.of("schema_id", s.id()),
                                            Field.of("size", s.entries().length),
                                            Field.of("num_ordered", s.numOrdered()),
                                            Field.of("entries", e.length() > 2000 ? e.substring(0, 2000) + "..." : e)),
                                    List.of())
                            .withRoles(Role.SCHEMA)
                            .withDecoded(inFrame(a, ClpsArchive.SCHEMA_IDS, s.offset(), 12 + 4L * s.entries().length)));
                }
                return out;
            }
        };
    }

    private static ClpsNode.Children streamNodes(ClpsArchive a) {
        ClpsTableMetadata tm = a.tableMetadata().value();
        if (tm == null) return ClpsNode.Children.of(List.of());
        List<Node> out = new ArrayList<>();
        for (ClpsTableMetadata.Stream s : tm.streams) {
            long[] r = a.streams.streamRange(tm, s.index());
            List<Node> tables = new ArrayList<>();
            for (ClpsTableMetadata.Table t : tm.tables) {
                if (t.stream() != s.index()) continue;
                ClpsNode tn = ClpsNode.leaf(
                                "table " + t.index() + " (schema " + t.schemaId() + ", " + t.records() + " records)",
                                "table",
                                ByteRange.NONE,
                                List.of(
                                        Field.of("stream", t.stream()),
                                        Field.of("offset in decoded stream", t.offset()),
                                        Field.of("length", t.length()),
                                        Field.of("schema_id", t.schemaId()),
                                        Field.of("num_messages", t.records())),
                                List.of())
                        .withRoles(Role.TABLE);
                if (r != null) {
                    int si = s.index();
                    tn.withDecoded(new ClpsDecoded(
                            ByteRange.of(r[0], r[1]),
                            "stream " + si + ", decoded",
                            t.offset(),
                            t.length(),
                            () -> a.streams.stream(tm, si)));
                }
                tables.add(tn);
            }
            out.add(new ClpsNode(
                            "stream " + s.index(),
                            "stream",
                            r == null ? ByteRange.NONE : ByteRange.of(r[0], r[1]),
                            () -> List.of(
                                    Field.of("offset in /0", s.offset()),
                                    Field.of("decoded size", s.size()),
                                    Field.of("tables", tables.size())),
                            List::of,
                            ClpsNode.Children.of(tables))
                    .withRoles(Role.BLOCK, Role.DATA_BLOCK));
        }
        return ClpsNode.Children.of(out);
    }

    private static ClpsNode.Children dictNodes(ClpsArchive a, String name) {
        ClpsDictionary d = a.dictionary(name).value();
        if (d == null) return ClpsNode.Children.of(List.of());
        ClpsFileEntry e = a.entry(name);
        ByteRange frame =
                e == null || e.offset() < 0 || e.size() <= 8 ? null : ByteRange.of(e.offset() + 8, e.size() - 8);
        return new ClpsNode.Children() {
            @Override
            public long count() {
                return d.size();
            }

            @Override
            public List<Node> page(long from, int count) {
                List<Node> out = new ArrayList<>();
                for (long i = Math.max(0, from); i < Math.min(d.size(), from + (long) count); i++) {
                    String text = d.text((int) i);
                    String shown = text.length() > 200 ? text.substring(0, 200) + "..." : text;
                    ClpsNode n = ClpsNode.leaf(
                            "#" + i + ": " + shown.replace('\n', ' '),
                            "dictionary entry",
                            ByteRange.NONE,
                            List.of(Field.of("id", i), Field.of("length", d.length((int) i)), Field.of("value", text)),
                            List.of());
                    if (frame != null)
                        n.withDecoded(new ClpsDecoded(
                                frame,
                                name + ", decoded",
                                d.start((int) i) - 8L,
                                8L + d.length((int) i),
                                d::decodedBytes));
                    out.add(n);
                }
                return out;
            }
        };
    }
}
