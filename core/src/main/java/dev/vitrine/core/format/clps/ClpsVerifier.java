package dev.vitrine.core.format.clps;

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
 * permutation, timestamp ranges contain the data; the metadata's own checks are
 * {@link ClpsMetadataChecks}'. One stream is held at a time; repeated failures in a table are
 * reported once with a count.
 */
final class ClpsVerifier {
    private final ClpsArchive a;
    private final ClpsMetadataChecks meta;

    ClpsVerifier(ClpsArchive a) {
        this.a = a;
        this.meta = new ClpsMetadataChecks(a);
    }

    void run(VerifyContext ctx) throws IOException {
        if (a.header == null || a.metadata == null) return;
        ClpsPartScope scope = new ClpsPartScope(a, ctx);
        if (scope.metadata()) meta.checkMetadata(ctx);
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
            meta.checkPackets(ctx);
            meta.checkFileNames(ctx);
            meta.checkTypesForVersion(ctx);
            meta.checkTimestampColumns(ctx);
        }
        ctx.checkCancelled();
        ClpsTableMetadata tm = a.tableMetadata().value();
        if (tm == null) return;
        long n = tm.recordCount();
        if (scope.whole()) {
            meta.checkRangeIndex(ctx, n);
            meta.checkStreams(ctx, tm);
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
}
