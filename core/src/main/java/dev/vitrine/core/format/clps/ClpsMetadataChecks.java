package dev.vitrine.core.format.clps;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.util.List;

/**
 * The checks of a clp-s archive's metadata that need no record decoded: the metadata section's
 * entries and packets, the names and node types the writers of its version use, the timestamp
 * ranges' columns, the range index, and where the packed streams lie in /0. {@link ClpsVerifier}
 * runs them beside its checks of the records.
 */
final class ClpsMetadataChecks {
    private final ClpsArchive a;

    ClpsMetadataChecks(ClpsArchive a) {
        this.a = a;
    }

    /** The metadata section names its entries and segments. */
    void checkMetadata(VerifyContext ctx) {
        for (String required : List.of(
                ClpsArchive.SCHEMA_TREE,
                ClpsArchive.SCHEMA_IDS,
                ClpsArchive.TABLE_METADATA,
                ClpsArchive.VAR_DICT,
                ClpsArchive.LOG_DICT,
                ClpsArchive.TABLES)) {
            if (a.metadata.files != null && a.entry(required) == null)
                ctx.report(a.problemAt(
                        ClpsHeader.SIZE, "metadata section: ArchiveFileInfo has no " + required + " entry"));
        }
        if (a.metadata.archiveInfo == null) {
            ctx.report(a.problemAt(ClpsHeader.SIZE, "metadata section: no readable ArchiveInfo packet"));
        } else {
            // Every archive has exactly its tables segments /0, /1, ... (writers make one).
            long segments =
                    a.files.stream().filter(f -> f.name().matches("/[0-9]+")).count();
            Object ns = a.metadata.archiveInfo.get("num_segments");
            if (!(ns instanceof Long l) || l != segments) {
                ctx.report(a.problemAt(
                        ClpsHeader.SIZE,
                        "metadata section: ArchiveInfo num_segments " + ns + " but the files section holds " + segments
                                + " tables segment(s)"));
            }
        }
    }

    /**
     * Writers of the known versions emit ArchiveInfo, ArchiveFileInfo, TimestampDictionary and
     * (unless log order is off) RangeIndex, once each in that order; anything else there is
     * damage, though a reader of a newer version would skip unknown packets.
     */
    void checkPackets(VerifyContext ctx) {
        if (!a.version().known()) return;
        int last = -1;
        boolean ts = false;
        for (ClpsPacket p : a.metadata.packets) {
            if (p.type() > ClpsPacket.RANGE_INDEX) {
                ctx.report(Problem.warning(
                        a.source().name(),
                        ClpsHeader.SIZE,
                        "metadata section: packet " + p.index() + " at decoded offset " + p.offset() + " has type "
                                + p.type() + ", which no writer of version " + a.version() + " emits"));
            } else if (p.type() <= last) {
                ctx.report(a.problemAt(
                        ClpsHeader.SIZE,
                        "metadata section: packet " + p.index() + " (" + p.typeName() + ") at decoded offset "
                                + p.offset() + " is out of order or repeated"));
            } else {
                last = p.type();
            }
            ts |= p.type() == ClpsPacket.TIMESTAMP_DICTIONARY;
        }
        if (!ts)
            ctx.report(a.problemAt(
                    ClpsHeader.SIZE,
                    "metadata section: no TimestampDictionary packet (writers of version " + a.version()
                            + " always write one)"));
    }

    private static final List<String> KNOWN_FILES = List.of(
            ClpsArchive.SCHEMA_TREE,
            ClpsArchive.SCHEMA_IDS,
            ClpsArchive.TABLE_METADATA,
            ClpsArchive.VAR_DICT,
            ClpsArchive.LOG_DICT,
            ClpsArchive.ARRAY_DICT,
            ClpsArchive.TABLES);

    /** Names known, each once, in the writers' order. */
    void checkFileNames(VerifyContext ctx) {
        int last = -1;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (ClpsFileEntry e : a.files) {
            int k = KNOWN_FILES.indexOf(e.name());
            if (!seen.add(e.name())) {
                ctx.report(
                        a.problemAt(ClpsHeader.SIZE, "metadata section: ArchiveFileInfo names " + e.name() + " twice"));
            } else if (k < 0) {
                ctx.report(Problem.warning(
                        a.source().name(),
                        ClpsHeader.SIZE,
                        "metadata section: ArchiveFileInfo names an unknown entry \"" + e.name() + "\""));
            } else if (k < last) {
                ctx.report(a.problemAt(
                        ClpsHeader.SIZE,
                        "metadata section: ArchiveFileInfo lists " + e.name() + " after " + KNOWN_FILES.get(last)));
            }
            if (k > last) last = k;
        }
    }

    /** Node types each version can hold: Timestamp only from 0.5, DateString only before, formatted floats from 0.4.1. */
    void checkTypesForVersion(VerifyContext ctx) {
        ClpsSchemaTree t = a.schemaTree().value();
        ClpsFileEntry e = a.entry(ClpsArchive.SCHEMA_TREE);
        if (t == null || e == null) return;
        ClpsVersion v = a.version();
        int bad = 0;
        String first = null;
        for (int i = 0; i < t.size(); i++) {
            int ty = t.type[i];
            boolean ok = switch (ty) {
                case ClpsNodeType.TIMESTAMP -> !v.deprecatedTimestamps();
                case ClpsNodeType.DATE_STRING -> v.deprecatedTimestamps();
                case ClpsNodeType.FORMATTED_FLOAT, ClpsNodeType.DICTIONARY_FLOAT -> v.compareTo(0, 4, 1) >= 0;
                default -> true;
            };
            if (!ok && bad++ == 0)
                first = "schema tree node " + i + " has type " + ClpsNodeType.name(ty) + ", which version " + v
                        + " does not have";
        }
        if (bad > 0)
            ctx.report(a.problemAt(
                    e.offset(), "/schema_tree: " + first + (bad > 1 ? " (and " + (bad - 1) + " more nodes)" : "")));
    }

    /** Each timestamp range names existing schema-tree nodes whose key path is the range's key. */
    void checkTimestampColumns(VerifyContext ctx) {
        ClpsSchemaTree t = a.schemaTree().value();
        if (t == null || a.metadata.timestamps == null) return;
        for (ClpsTimestampDictionary.Range r : a.metadata.timestamps.ranges()) {
            for (int id : r.columnIds()) {
                if (id < 0 || id >= t.size()) {
                    ctx.report(a.problemAt(
                            ClpsHeader.SIZE,
                            "metadata section: timestamp range \"" + r.key() + "\" names node " + id
                                    + ", not in the schema tree"));
                } else if (!keyPath(t, id).equals(r.key())) {
                    ctx.report(a.problemAt(
                            ClpsHeader.SIZE,
                            "metadata section: timestamp range \"" + r.key() + "\" names node " + id
                                    + ", whose key is \"" + keyPath(t, id) + "\""));
                }
            }
        }
    }

    /** The node's keys from under its root, joined by '.', with '.' and '\\' escaped as KQL writes them. */
    private static String keyPath(ClpsSchemaTree t, int id) {
        java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
        for (int p = id, s = 0; p >= 0 && t.parent[p] >= 0 && s <= t.size(); p = t.parent[p], s++) {
            parts.push(t.keyText(p).replace("\\", "\\\\").replace(".", "\\."));
        }
        return String.join(".", parts);
    }

    /** Streams start at 0 in /0, ascend, and end where /0 ends. */
    void checkStreams(VerifyContext ctx, ClpsTableMetadata tm) {
        ClpsFileEntry t0 = a.entry(ClpsArchive.TABLES);
        ClpsFileEntry te = a.entry(ClpsArchive.TABLE_METADATA);
        if (t0 == null || t0.offset() < 0 || te == null) return;
        long expect = 0;
        for (ClpsTableMetadata.Stream s : tm.streams) {
            if (s.offset() != expect && !(expect == 0 && s.index() == 0 && s.offset() == 0)) {
                if (s.offset() < expect || s.index() == 0) {
                    ctx.report(a.problemAt(
                            te.offset(),
                            "/table_metadata: stream " + s.index() + " starts at /0 offset " + s.offset()
                                    + ", expected " + (s.index() == 0 ? "0" : "after " + expect)));
                    return;
                }
            }
            if (a.streams.streamRange(tm, s.index()) == null) {
                ctx.report(a.problemAt(
                        te.offset(),
                        "/table_metadata: stream " + s.index() + " at /0 offset " + s.offset() + " lies outside /0 ("
                                + t0.size() + " bytes)"));
                return;
            }
            expect = s.offset() + 1;
        }
        if (tm.streams.isEmpty() && t0.size() != 0) {
            ctx.report(
                    a.problemAt(t0.offset(), "/0 holds " + t0.size() + " bytes but /table_metadata lists no stream"));
        }
    }

    private static final java.util.regex.Pattern UUID = java.util.regex.Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    /** The properties clp-s itself writes have known shapes: a file name (no NUL), a split number, a UUID. */
    private void checkRangeProperties(VerifyContext ctx, int i, java.util.Map<String, Object> f) {
        Object fn = f.get("_filename");
        Object split = f.get("_file_split_number");
        Object id = f.get("_archive_creator_id");
        String bad = null;
        if (fn != null && (!(fn instanceof String s) || s.chars().anyMatch(c -> c < 0x20)))
            bad = "_filename is not a file name (it holds control characters)";
        else if (split != null && !(split instanceof Long l && l >= 0)) bad = "_file_split_number is not a count";
        else if (id != null
                && !(id instanceof String s && UUID.matcher(s.trim()).matches()))
            bad = "_archive_creator_id is not a UUID";
        for (String k : f.keySet()) {
            // Properties starting with '_' are reserved for clp-s itself, which writes only these three.
            if (bad == null
                    && k.startsWith("_")
                    && !k.equals("_filename")
                    && !k.equals("_file_split_number")
                    && !k.equals("_archive_creator_id")) {
                bad = "unknown clp-s property \"" + k + "\"";
            }
            if (bad == null && k.chars().anyMatch(c -> c < 0x20)) bad = "property name holds control characters";
        }
        if (bad != null)
            ctx.report(a.problemAt(ClpsHeader.SIZE, "metadata section: RangeIndex entry " + i + ": " + bad));
        if (bad == null && fn instanceof String s && ClpsRawText.hasRawBytes(s)) {
            // Sound (clp-s stores the path's bytes and reads them back), but no file can be made under that name here.
            int at = ClpsRawText.firstRawByte(s);
            ctx.report(Problem.warning(
                    a.source().name(),
                    ClpsHeader.SIZE,
                    "metadata section: RangeIndex entry " + i + ": _filename "
                            + EntryPathPolicy.quote(s) + " is not UTF-8 (byte 0x"
                            + String.format("%02X", s.charAt(at) & 0xff) + " at byte "
                            + ClpsRawText.bytes(s.substring(0, at)).length
                            + "); export writes each such byte as U+FFFD"));
        }
    }

    void checkRangeIndex(VerifyContext ctx, long records) {
        List<ClpsMetadata.RangeEntry> ri = a.metadata.rangeIndex;
        if (ri == null) return;
        long expect = 0;
        for (int i = 0; i < ri.size(); i++) {
            ClpsMetadata.RangeEntry e = ri.get(i);
            if (e.start() != expect || e.end() < e.start()) {
                ctx.report(a.problemAt(
                        ClpsHeader.SIZE,
                        "metadata section: RangeIndex entry " + i + " covers [" + e.start() + ", " + e.end()
                                + "), expected to start at " + expect
                                + " (entries must be ordered, disjoint and cover every record)"));
                return;
            }
            expect = e.end();
            checkRangeProperties(ctx, i, e.fields());
        }
        if (expect != records) {
            ctx.report(a.problemAt(
                    ClpsHeader.SIZE,
                    "metadata section: RangeIndex covers " + expect + " records, the tables hold " + records));
        }
    }
}
