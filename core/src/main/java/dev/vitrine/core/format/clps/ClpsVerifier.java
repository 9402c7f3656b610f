package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.FormatException;
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
        String name = a.source().name();
        for (String required : List.of(ClpsArchive.SCHEMA_TREE, ClpsArchive.SCHEMA_IDS, ClpsArchive.TABLE_METADATA, ClpsArchive.VAR_DICT,
                ClpsArchive.LOG_DICT, ClpsArchive.TABLES)) {
            if (a.metadata.files != null && a.entry(required) == null) ctx.report(a.problemAt(ClpsHeader.SIZE, "metadata section: ArchiveFileInfo has no " + required + " entry"));
        }
        if (a.metadata.archiveInfo == null) ctx.report(a.problemAt(ClpsHeader.SIZE, "metadata section: no readable ArchiveInfo packet"));
        for (ClpsLoaded<?> l : List.of(a.schemaTree(), a.schemaMap(), a.tableMetadata(), a.dictionary(ClpsArchive.VAR_DICT),
                a.dictionary(ClpsArchive.LOG_DICT), a.dictionary(ClpsArchive.ARRAY_DICT))) {
            if (l.problem() != null) ctx.report(l.problem());
        }
        ctx.checkCancelled();
        ClpsTableMetadata tm = a.tableMetadata().value();
        if (tm == null) return;
        long n = tm.recordCount();
        checkRangeIndex(ctx, n);
        ClpsLoaded<ClpsDecoding> dl = a.decoding();
        ClpsDecoding dec = dl.value();
        ClpsFileEntry t0 = a.entry(ClpsArchive.TABLES);
        long total = t0 == null ? 0 : t0.size();
        long done = 0;
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
            long[] r = a.streamRange(tm, s.index());
            if (r != null) {
                // The stream's bytes must be exactly one frame.
                byte[] comp = a.source().read(r[0], (int) Math.min(r[1], Integer.MAX_VALUE - 16));
                long fs = ClpsZstd.frameSize(comp, 0, comp.length);
                if (fs >= 0 && fs != comp.length) ctx.report(a.problemAt(r[0] + fs, "stream " + s.index() + ": " + (comp.length - fs) + " bytes follow its zstd frame"));
                done += r[1];
            }
            byte[] data;
            try {
                data = a.stream(tm, s.index());
            } catch (FormatException e) {
                ctx.report(a.problemAt(e.offset(), e.detail()));
                continue;
            }
            if (dec == null) continue;
            for (ClpsTableMetadata.Table t : tm.tables) {
                if (t.stream() != s.index()) continue;
                ClpsTable table;
                try {
                    table = ClpsTable.decode(dec, t, data);
                } catch (ClpsDecodeException e) {
                    ctx.report(a.problemAt(r == null ? -1 : r[0], e.where("stream " + s.index() + ", table " + t.index())));
                    continue;
                }
                if (anyOrder && table.order == null) {
                    ctx.report(a.problemAt(r == null ? -1 : r[0], "stream " + s.index() + ", table " + t.index() + " has no log_event_idx column though the archive keeps log order"));
                }
                checkRecords(ctx, dec, table, r);
                if (table.order != null && seen != null) {
                    for (int row = 0; row < table.records; row++) {
                        long idx = table.logEventIdx(row);
                        if (idx < 0 || idx >= n || seen.get((int) idx)) {
                            if (badIdx++ == 0) {
                                firstBadIdx = "stream " + s.index() + ", table " + t.index() + ", record " + row + ": log_event_idx " + idx
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
            ctx.progress(done, total);
        }
        if (badIdx > 0) {
            ctx.report(a.problemAt(firstBadIdxOffset, firstBadIdx + (badIdx > 1 ? " (and " + (badIdx - 1) + " more bad indexes)" : "")
                    + ": log_event_idx is not a permutation of the records"));
        }
        if (tsMinMax != null) checkTimestamps(ctx, tsMinMax);
    }

    private void checkRecords(VerifyContext ctx, ClpsDecoding dec, ClpsTable table, long[] r) {
        ClpsJsonOut out = new ClpsJsonOut(4096);
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        long bad = 0;
        String first = null;
        for (int row = 0; row < table.records; row++) {
            out.reset();
            try {
                table.render(row, dec, out, scratch);
            } catch (ClpsDecodeException | RuntimeException e) {
                if (bad++ == 0) first = "record " + row + ": " + e.getMessage();
            }
            if ((row & 0xfff) == 0) ctx.checkCancelled();
        }
        if (bad > 0) {
            ctx.report(a.problemAt(r == null ? -1 : r[0], "stream " + table.meta.stream() + ", table " + table.meta.index() + ": " + first
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
                        case ClpsNodeType.TIMESTAMP -> v = Math.floorDiv(c.values[row], 1_000_000L);
                        case ClpsNodeType.DELTA_INTEGER -> v = c.values[row];
                        case ClpsNodeType.INTEGER, ClpsNodeType.DATE_STRING -> v = (long) ClpsCursor.I64.get(table.data, c.base + 8 * row);
                        case ClpsNodeType.FLOAT, ClpsNodeType.FORMATTED_FLOAT -> {
                            if (rg.encoding() != 2) continue;
                            v = Double.doubleToRawLongBits((double) ClpsCursor.F64.get(table.data, c.base + 8 * row));
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
                    ? Double.longBitsToDouble(r.startBits()) <= Double.longBitsToDouble(mm[i][0]) && Double.longBitsToDouble(mm[i][1]) <= Double.longBitsToDouble(r.endBits())
                    : r.startBits() <= mm[i][0] && mm[i][1] <= r.endBits();
            if (!inside) {
                Object lo = r.encoding() == 2 ? Double.longBitsToDouble(mm[i][0]) : mm[i][0];
                Object hi = r.encoding() == 2 ? Double.longBitsToDouble(mm[i][1]) : mm[i][1];
                ctx.report(a.problemAt(ClpsHeader.SIZE, "metadata section: timestamp range of \"" + r.key() + "\" [" + r.start() + ", " + r.end()
                        + "] does not contain the column's values [" + lo + ", " + hi + "]"));
            }
        }
    }

    private void checkRangeIndex(VerifyContext ctx, long records) {
        List<ClpsMetadata.RangeEntry> ri = a.metadata.rangeIndex;
        if (ri == null) return;
        long expect = 0;
        for (int i = 0; i < ri.size(); i++) {
            ClpsMetadata.RangeEntry e = ri.get(i);
            if (e.start() != expect || e.end() < e.start()) {
                ctx.report(a.problemAt(ClpsHeader.SIZE, "metadata section: RangeIndex entry " + i + " covers [" + e.start() + ", " + e.end()
                        + "), expected to start at " + expect + " (entries must be ordered, disjoint and cover every record)"));
                return;
            }
            expect = e.end();
        }
        if (expect != records) {
            ctx.report(a.problemAt(ClpsHeader.SIZE, "metadata section: RangeIndex covers " + expect + " records, the tables hold " + records));
        }
    }

}
