package dev.vitrine.core.format.clps;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;

/**
 * Every check of a clp-s archive beyond what opening found: the files-section parts decode and
 * parse, each packed stream decodes to its size, each table's columns consume exactly its bytes,
 * every record decodes (dictionary ids, encoded variables, patterns), log_event_idx is a
 * permutation, timestamp ranges contain the data, the range index covers the records. One
 * stream is held at a time; repeated failures in a table are reported once with a count.
 */
final class ClpsVerifier {
    private final ClpsArchive a;

    ClpsVerifier(ClpsArchive a) {
        this.a = a;
    }

    void run(VerifyContext ctx) throws IOException {
        if (a.header == null || a.metadata == null) return;
        ClpsPartScope scope = new ClpsPartScope(a, ctx);
        if (scope.metadata()) checkMetadata(ctx);
        for (ClpsLoaded<?> l : List.of(
                a.schemaTree(),
                a.schemaMap(),
                a.tableMetadata(),
                a.dictionary(ClpsArchive.VAR_DICT),
                a.dictionary(ClpsArchive.LOG_DICT),
                a.dictionary(ClpsArchive.ARRAY_DICT))) {
            if (l.problem() != null && ctx.holds(l.problem())) ctx.report(l.problem());
        }
        if (scope.metadata()) {
            checkPackets(ctx);
            checkFileNames(ctx);
            checkTypesForVersion(ctx);
            checkTimestampColumns(ctx);
        }
        ctx.checkCancelled();
        ClpsTableMetadata tm = a.tableMetadata().value();
        if (tm == null) return;
        long n = tm.recordCount();
        if (scope.whole()) {
            checkRangeIndex(ctx, n);
            checkStreams(ctx, tm);
        }
        // Each record was at least "{}" in the input: a smaller original size cannot be right.
        long orig = a.header.originalUncompressedSize();
        if (scope.whole() && n > 0 && (orig < 0 || orig < 2 * n)) {
            ctx.report(a.problemAt(
                    8,
                    "original_uncompressed_size " + Long.toUnsignedString(orig) + " is too small for " + n
                            + " records"));
        }
        long origChecked = n > 0 && orig >= 2 * n ? orig : -1;
        ClpsLoaded<ClpsDecoding> dl = a.decoding();
        ClpsDecoding dec = dl.value();
        ClpsFileEntry t0 = a.entry(ClpsArchive.TABLES);
        long total = scope.total(tm, t0 == null ? 0 : t0.size());
        long done = 0;
        ctx.progress(0, total);
        BitSet seen = n <= Integer.MAX_VALUE ? new BitSet() : null;
        long badIdx = 0;
        long firstBadIdxOffset = -1;
        String firstBadIdx = null;
        boolean anyOrder = dec != null && dec.logEventIdxNode >= 0;
        long[][] tsMinMax = null;
        if (a.metadata.timestamps != null) {
            tsMinMax = new long[a.metadata.timestamps.ranges().size()][];
        }
        for (ClpsTableMetadata.Stream s : tm.streams) {
            ctx.checkCancelled();
            long[] r = a.streams.streamRange(tm, s.index());
            if (!scope.stream(r)) continue;
            if (r != null) {
                // The stream's bytes must be exactly one frame.
                byte[] comp = a.source().read(r[0], (int) Math.min(r[1], Integer.MAX_VALUE - 16));
                long fs = ClpsZstd.frameSize(comp, 0, comp.length);
                if (fs >= 0 && fs != comp.length)
                    ctx.report(a.problemAt(
                            r[0] + fs,
                            "stream " + s.index() + ": " + (comp.length - fs) + " bytes follow its zstd frame"));
                done += r[1];
            }
            byte[] data;
            try {
                data = a.streams.stream(tm, s.index());
            } catch (FormatException e) {
                ctx.report(a.problemAt(e.offset(), e.detail()));
                continue;
            }
            if (dec == null) continue;
            // Rendered from native memory as `cat` renders: with one kind of segment the JIT compiles the rendering
            // code once, for it (a heap segment here made a later `cat` of the same process compile it again).
            try (java.lang.foreign.Arena local = java.lang.foreign.Arena.ofConfined()) {
                java.lang.foreign.MemorySegment decoded =
                        local.allocate(Math.max(1, data.length)).asSlice(0, data.length);
                java.lang.foreign.MemorySegment.copy(
                        data, 0, decoded, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, data.length);
                data = null; // the heap copy can go
                for (ClpsTableMetadata.Table t : tm.tables) {
                    if (t.stream() != s.index()) continue;
                    ClpsTable table;
                    try {
                        table = ClpsTable.decode(dec, t, decoded);
                    } catch (ClpsDecodeException e) {
                        ctx.report(a.problemAt(
                                r == null ? -1 : r[0], e.where("stream " + s.index() + ", table " + t.index())));
                        continue;
                    }
                    if (anyOrder && table.order == null) {
                        ctx.report(a.problemAt(
                                r == null ? -1 : r[0],
                                "stream " + s.index() + ", table " + t.index()
                                        + " has no log_event_idx column though the archive keeps log order"));
                    }
                    checkRecords(ctx, dec, table, r);
                    if (table.order != null && seen != null) {
                        for (int row = 0; row < table.records; row++) {
                            long idx = table.logEventIdx(row);
                            if (idx < 0 || idx >= n || seen.get((int) idx)) {
                                if (badIdx++ == 0) {
                                    firstBadIdx = "stream " + s.index() + ", table " + t.index() + ", record " + row
                                            + ": log_event_idx " + idx
                                            + (idx < 0 || idx >= n ? " is outside 0.." + (n - 1) : " appears twice");
                                    firstBadIdxOffset = r == null ? -1 : r[0];
                                }
                            } else {
                                seen.set((int) idx);
                            }
                        }
                    }
                    if (tsMinMax != null) timestampBounds(dec, table, tsMinMax);
                }
            }
            // a remote object reuses the cache's buffers for what lies behind
            if (r != null) a.source().passed(r[0] + r[1]);
            ctx.progress(done, total);
        }
        scope.finish();
        if (!scope.whole()) return; // the rest needs every stream
        if (badIdx > 0) {
            ctx.report(a.problemAt(
                    firstBadIdxOffset,
                    firstBadIdx + (badIdx > 1 ? " (and " + (badIdx - 1) + " more bad indexes)" : "")
                            + ": log_event_idx is not a permutation of the records"));
        }
        if (tsMinMax != null) checkTimestamps(ctx, tsMinMax);
        // The input was JSON much like what the records decode to (KV-IR input is more compact):
        // a size far outside that is damage, though small changes cannot be seen.
        if (origChecked >= 0
                && decodedBytes > 0
                && !renderFailed
                && (origChecked > 16 * decodedBytes + 4096 || origChecked < decodedBytes / 16)) {
            ctx.report(Problem.warning(
                    a.source().name(),
                    8,
                    "original_uncompressed_size " + origChecked + " is implausible for records that decode to "
                            + decodedBytes + " bytes of JSON"));
        }
    }

    /** The metadata section names its entries and segments. */
    private void checkMetadata(VerifyContext ctx) {
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

    private long decodedBytes;
    private boolean renderFailed;

    private void checkRecords(VerifyContext ctx, ClpsDecoding dec, ClpsTable table, long[] r) {
        ClpsJsonOut out = new ClpsJsonOut(4096);
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        long bad = 0;
        String first = null;
        // Without columns every record of a table is the same text: one render checks them all.
        int rows = table.columns.length == 0 ? Math.min(1, table.records) : table.records;
        for (int row = 0; row < rows; row++) {
            out.reset();
            try {
                table.render(row, dec, out, scratch);
                decodedBytes += (long) out.len * (table.columns.length == 0 ? table.records : 1);
            } catch (ClpsDecodeException | RuntimeException e) {
                renderFailed = true;
                if (bad++ == 0) first = "record " + row + ": " + e.getMessage();
            }
            if ((row & 0xfff) == 0) ctx.checkCancelled();
        }
        if (bad > 0) {
            ctx.report(a.problemAt(
                    r == null ? -1 : r[0],
                    "stream " + table.meta.stream() + ", table " + table.meta.index() + ": " + first
                            + (bad > 1 ? " (and " + (bad - 1) + " more records of this table)" : "")));
        }
    }

    /** Min and max of each timestamp range's columns, in the range's unit (ms for epoch, double bits for 2). */
    private void timestampBounds(ClpsDecoding dec, ClpsTable table, long[][] mm) {
        List<ClpsTimestampDictionary.Range> ranges = a.metadata.timestamps.ranges();
        for (int i = 0; i < ranges.size(); i++) {
            ClpsTimestampDictionary.Range rg = ranges.get(i);
            for (ClpsColumn c : table.columns) {
                boolean mine = false;
                for (int id : rg.columnIds()) mine |= id == c.node;
                if (!mine) continue;
                for (int row = 0; row < table.records; row++) {
                    long v;
                    switch (c.type) {
                        case ClpsNodeType.TIMESTAMP -> v = Math.floorDiv(table.i64(c.base + 8L * row), 1_000_000L);
                        case ClpsNodeType.DELTA_INTEGER -> v = table.i64(c.base + 8L * row);
                        case ClpsNodeType.INTEGER, ClpsNodeType.DATE_STRING -> v = table.i64(c.base + 8L * row);
                        case ClpsNodeType.FLOAT, ClpsNodeType.FORMATTED_FLOAT -> {
                            if (rg.encoding() != 2) continue;
                            v = Double.doubleToRawLongBits(table.f64(c.base + 8L * row));
                        }
                        default -> {
                            continue;
                        }
                    }
                    if (rg.encoding() == 2 && c.type != ClpsNodeType.FLOAT && c.type != ClpsNodeType.FORMATTED_FLOAT) {
                        v = Double.doubleToRawLongBits((double) v);
                    }
                    if (mm[i] == null) mm[i] = new long[] {v, v};
                    else if (rg.encoding() == 2) {
                        if (Double.longBitsToDouble(v) < Double.longBitsToDouble(mm[i][0])) mm[i][0] = v;
                        if (Double.longBitsToDouble(v) > Double.longBitsToDouble(mm[i][1])) mm[i][1] = v;
                    } else {
                        mm[i][0] = Math.min(mm[i][0], v);
                        mm[i][1] = Math.max(mm[i][1], v);
                    }
                }
            }
        }
    }

    private void checkTimestamps(VerifyContext ctx, long[][] mm) {
        List<ClpsTimestampDictionary.Range> ranges = a.metadata.timestamps.ranges();
        for (int i = 0; i < ranges.size(); i++) {
            if (mm[i] == null) continue;
            ClpsTimestampDictionary.Range r = ranges.get(i);
            boolean inside = r.encoding() == 2
                    ? Double.longBitsToDouble(r.startBits()) <= Double.longBitsToDouble(mm[i][0])
                            && Double.longBitsToDouble(mm[i][1]) <= Double.longBitsToDouble(r.endBits())
                    : r.startBits() <= mm[i][0] && mm[i][1] <= r.endBits();
            if (!inside) {
                Object lo = r.encoding() == 2 ? Double.longBitsToDouble(mm[i][0]) : mm[i][0];
                Object hi = r.encoding() == 2 ? Double.longBitsToDouble(mm[i][1]) : mm[i][1];
                ctx.report(a.problemAt(
                        ClpsHeader.SIZE,
                        "metadata section: timestamp range of \"" + r.key() + "\" [" + r.start() + ", " + r.end()
                                + "] does not contain the column's values [" + lo + ", " + hi + "]"));
            }
        }
    }

    /**
     * Writers of the known versions emit ArchiveInfo, ArchiveFileInfo, TimestampDictionary and
     * (unless log order is off) RangeIndex, once each in that order; anything else there is
     * damage, though a reader of a newer version would skip unknown packets.
     */
    private void checkPackets(VerifyContext ctx) {
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
    private void checkFileNames(VerifyContext ctx) {
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
    private void checkTypesForVersion(VerifyContext ctx) {
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
    private void checkTimestampColumns(VerifyContext ctx) {
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
    private void checkStreams(VerifyContext ctx, ClpsTableMetadata tm) {
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

    private void checkRangeIndex(VerifyContext ctx, long records) {
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
