package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.LittleEndian;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The first records of an archive in log order, read without decoding it into memory: each
 * packed stream is decoded once through a small window, and of each table only its first rows
 * are kept, laid out as a table of that many records. A table's rows are in log order, so the
 * archive's first n records are among the first n rows of each table. The window's first page
 * of a one-stream archive thus costs one pass of zstd, not the stream decoded whole into fresh
 * memory and the whole order built; and of the dictionaries only their first entries are
 * decoded, as far as these records refer. Anything unusual (no log_event_idx, rows out of
 * order, damage anywhere in a stream's frame or in the entries read) gives null, and the caller
 * takes the whole path, which reports damage where it is. Damage in a dictionary past the
 * entries the page needs is found by the whole load, when a later page or verify reads it.
 */
final class ClpsFirstRows {
    private ClpsFirstRows() {}

    /** Most records read this way: a first page, not a substitute for decoding. */
    static final int MAX = 4096;

    /**
     * Records [0, n) in log order rendered as JSON lines into {@code out}, or null when this
     * cannot give them (see the class comment).
     */
    static ClpsJsonOut render(ClpsArchive archive, int n) throws IOException {
        return render(archive, n, FIRST_ENTRIES);
    }

    /** Like {@link #render(ClpsArchive, int)}, decoding the dictionaries' first {@code entries} first (tests: 1). */
    static ClpsJsonOut render(ClpsArchive archive, int n, int entries) throws IOException {
        ClpsLoaded<ClpsDecoding> shape = archive.shape();
        ClpsLoaded<ClpsTableMetadata> tm = archive.tableMetadata();
        if (n <= 0 || n > MAX || shape.problem() != null || tm.problem() != null) return null;
        ClpsDecoding d = shape.value();
        ClpsTableMetadata meta = tm.value();
        for (ClpsTableMetadata.Table t : meta.tables) if (ClpsLogOrder.orderColumn(d, t) < 0) return null;
        List<java.util.concurrent.Callable<List<ClpsTable>>> passes = new ArrayList<>();
        for (int s = 0; s < meta.streams.size(); s++) {
            List<ClpsTableMetadata.Table> ts = new ArrayList<>();
            for (ClpsTableMetadata.Table t : meta.tables) if (t.stream() == s && t.records() > 0) ts.add(t);
            if (ts.isEmpty()) continue;
            ts.sort(Comparator.comparingLong(ClpsTableMetadata.Table::offset));
            int stream = s;
            passes.add(() -> firstRows(archive, d, meta, stream, ts, n));
        }
        List<ClpsTable> tables = new ArrayList<>();
        for (List<ClpsTable> made : ClpsRecords.inParallel(passes)) { // streams on every core, as a whole decode
            if (made == null) return null;
            tables.addAll(made);
        }
        // (log_event_idx, table, row) of every row kept, in log order.
        List<long[]> rows = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            ClpsTable t = tables.get(i);
            long before = Long.MIN_VALUE;
            for (int r = 0; r < t.records; r++) {
                long idx = t.logEventIdx(r);
                if (idx <= before) return null; // not in order: only the whole order can place them
                before = idx;
                rows.add(new long[] {idx, t.meta.index(), r, i});
            }
        }
        rows.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        int count = (int) Math.min(n, meta.recordCount());
        if (rows.size() < count) return null;
        // Records 0..count-1 found: a later row of some table cannot come before them.
        for (int i = 0; i < count; i++) if (rows.get(i)[0] != i) return null;
        return renderWithFirstEntries(archive, tables, rows.subList(0, count), entries);
    }

    /** Dictionary entries decoded first for a page: its records' values are the archive's first, so their ids are small. */
    private static final int FIRST_ENTRIES = 1 << 12;

    /**
     * Renders {@code rows} with the dictionaries' first entries only, more of them as long as a
     * record refers past them: a var.dict can be tens of MB, decoded whole into fresh memory
     * beside the streams' pass, while a first page's values are among its first entries. An id
     * past the entries decoded fails the record (never a wrong value), so the page is rendered
     * again with more; with every entry decoded, a failure is damage: null, for the whole path.
     */
    private static ClpsJsonOut renderWithFirstEntries(
            ClpsArchive archive, List<ClpsTable> tables, List<long[]> rows, int entries) throws IOException {
        try (ClpsDictionaryPrefix vars = ClpsDictionaryPrefix.open(archive, ClpsArchive.VAR_DICT);
                ClpsDictionaryPrefix logs = ClpsDictionaryPrefix.open(archive, ClpsArchive.LOG_DICT);
                ClpsDictionaryPrefix arrays = ClpsDictionaryPrefix.open(archive, ClpsArchive.ARRAY_DICT)) {
            for (int n = Math.max(1, entries); ; n = n >= Integer.MAX_VALUE / 8 ? Integer.MAX_VALUE : n * 8) {
                ClpsDictionary var = first(archive, ClpsArchive.VAR_DICT, vars, n);
                ClpsDictionary log = first(archive, ClpsArchive.LOG_DICT, logs, n);
                ClpsDictionary array = first(archive, ClpsArchive.ARRAY_DICT, arrays, n);
                boolean some = var != null && log != null && array != null;
                // One that cannot be read this way: the whole load decides (and reports damage).
                ClpsDecoding decoding = some ? archive.withDictionaries(var, log, array) : full(archive);
                if (decoding == null) return null;
                ClpsJsonOut out = render(archive, tables, rows, decoding);
                if (out != null) return out;
                if (!some || whole(vars, n) && whole(logs, n) && whole(arrays, n)) return null;
            }
        }
    }

    /** The first {@code n} entries of dictionary {@code name}; empty when it has none; null when they cannot be read. */
    private static ClpsDictionary first(ClpsArchive archive, String name, ClpsDictionaryPrefix d, int n)
            throws IOException {
        if (d != null) return d.first(n, archive.spill);
        Long count = ClpsDictionaryFiles.count(archive.source(), archive.entry(name), name);
        return count != null && count == 0 ? ClpsDictionary.EMPTY : null;
    }

    private static boolean whole(ClpsDictionaryPrefix d, int n) {
        return d == null || d.whole(n);
    }

    /** The archive's whole dictionaries, or null when they do not load (the whole path reports why). */
    private static ClpsDecoding full(ClpsArchive archive) {
        ClpsLoaded<ClpsDecoding> d = archive.decoding();
        return d.problem() != null ? null : d.value();
    }

    /** The rows as JSON lines; null when one of them fails (an id past the entries decoded, or damage). */
    private static ClpsJsonOut render(ClpsArchive archive, List<ClpsTable> tables, List<long[]> rows, ClpsDecoding d) {
        ClpsJsonOut out = new ClpsJsonOut(rows.size() * 256);
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        try {
            for (long[] e : rows) ClpsRecords.renderRow(archive, tables.get((int) e[3]), (int) e[2], d, out, scratch);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return out;
    }

    /**
     * The first {@code n} rows of each of {@code ts} (the tables of stream {@code s}, by offset),
     * copied out of one windowed pass over the stream.
     */
    private static List<ClpsTable> firstRows(
            ClpsArchive archive, ClpsDecoding d, ClpsTableMetadata meta, int s, List<ClpsTableMetadata.Table> ts, int n)
            throws IOException {
        Plan plan = new Plan(d, ts, n);
        long[] at = archive.streams.compressedRange(meta, s);
        try {
            ClpsZstd.decompressWindows(
                    archive.source(), at[0], at[1], meta.streams.get(s).size(), "stream " + s, plan);
        } catch (ClpsZstd.FrameException e) {
            return null; // the whole decode says where
        }
        if (!plan.complete()) return null;
        MemorySegment data = MemorySegment.ofArray(Arrays.copyOf(plan.out, plan.len));
        List<ClpsTable> made = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) {
            ClpsTableMetadata.Table t = ts.get(i);
            var first = new ClpsTableMetadata.Table(
                    t.index(),
                    t.stream(),
                    plan.start[i],
                    plan.start[i + 1] - plan.start[i],
                    t.schemaId(),
                    Math.min(n, t.records()));
            try {
                made.add(ClpsTable.decode(d, first, data));
            } catch (ClpsDecodeException e) {
                return null;
            }
        }
        return made;
    }

    /**
     * What to copy out of one stream, worked out as it passes: each column's first values go
     * out in the layout of a table of that many records. A CLP string's encoded variables are
     * found only once its row count's worth of references and the variable count have passed,
     * so each next range is asked for once the one before it is in.
     */
    private static final class Plan implements ClpsZstd.Window {
        private final ClpsDecoding d;
        private final List<ClpsTableMetadata.Table> ts;
        private final int n;
        /** Where each kept table starts in {@link #out}; the last entry is the end. */
        final int[] start;

        byte[] out = new byte[1 << 12];
        int len;

        private int table = -1;
        private int column;
        private int[] nodes;
        /** Where the current column starts in the stream, and the step it is at. */
        private long base;

        private int step;
        private long refAfter; // the reference of the first row not kept (a CLP string's)
        /** The range asked for now: copied to {@link #out}, or read into {@link #peek}. */
        private long needAt;

        private int needLength;
        private int needDone;
        private boolean copy;
        private final byte[] peek = new byte[8];
        private boolean finished;
        private boolean broken;

        Plan(ClpsDecoding d, List<ClpsTableMetadata.Table> ts, int n) {
            this.d = d;
            this.ts = ts;
            this.n = n;
            this.start = new int[ts.size() + 1];
            nextTable();
        }

        boolean complete() {
            return finished && !broken;
        }

        @Override
        public boolean take(MemorySegment w, long made, int k) {
            while (!finished) {
                long from = Math.max(needAt + needDone, made);
                long to = Math.min(needAt + needLength, made + k);
                if (needAt + needDone < made) return fail(); // a range behind the window: the layout went wrong
                if (from < to) {
                    int m = (int) (to - from);
                    if (copy) {
                        room(m);
                        MemorySegment.copy(w, ValueLayout.JAVA_BYTE, from - made, out, len, m);
                        len += m;
                    } else {
                        MemorySegment.copy(w, ValueLayout.JAVA_BYTE, from - made, peek, needDone, m);
                    }
                    needDone += m;
                }
                if (needDone < needLength) return true; // the rest is in the next window
                advance();
            }
            // All copied; the rest is still decoded (not kept) so that a frame that is damaged further on, or
            // decodes to another size than the metadata says, sends the caller to the whole decode, which reports it.
            return !broken;
        }

        private boolean fail() {
            broken = finished = true;
            return false;
        }

        private void need(long at, long length, boolean copyIt) {
            if (length > Integer.MAX_VALUE - 16) {
                fail();
                return;
            }
            needAt = at;
            needLength = (int) length;
            needDone = 0;
            copy = copyIt;
        }

        private long peeked() {
            return MemorySegment.ofArray(peek).get(LittleEndian.U64, 0);
        }

        private void putLong(long v) {
            room(8);
            MemorySegment.ofArray(out).set(LittleEndian.U64, len, v);
            len += 8;
        }

        private void room(int m) {
            if (len + m > out.length) out = Arrays.copyOf(out, Math.max(out.length * 2, len + m));
        }

        /** Moves to the next range to copy or read, or to the end. */
        private void advance() {
            ClpsTableMetadata.Table t = ts.get(table);
            long rows = t.records();
            int keep = (int) Math.min(n, rows);
            int type = d.tree.type[nodes[column]];
            step++;
            if (ClpsColumn.variable(type)) {
                // references (kept) · the first reference not kept · variable count · variables (kept)
                switch (step) {
                    case 1 -> {
                        if (keep < rows) {
                            need(base + 8L * keep, 8, false);
                            return;
                        }
                        step = 2; // every row kept: no reference after them
                        need(base + 8 * rows, 8, false);
                        return;
                    }
                    case 2 -> {
                        refAfter = peeked();
                        need(base + 8 * rows, 8, false);
                        return;
                    }
                    case 3 -> {
                        long all = peeked();
                        long end = t.offset() + t.length();
                        if (all < 0 || all > (end - base - 8 * rows - 8) / 8) {
                            fail();
                            return;
                        }
                        long kept = keep < rows ? refAfter >>> 24 : all;
                        if (kept > all) {
                            fail();
                            return;
                        }
                        putLong(kept);
                        long vars = base + 8 * rows + 8;
                        base = vars + 8 * all; // where the next column starts
                        need(vars, 8 * kept, true);
                        return;
                    }
                    default -> nextColumn(base);
                }
                return;
            }
            long width = ClpsColumn.fixedBytes(type, 1);
            if (step == 1 && width > 8) {
                // formatted floats' format words, dates' and timestamps' pattern ids: after the n values
                need(base + 8 * rows, (width - 8) * keep, true);
                return;
            }
            nextColumn(base + width * rows);
        }

        /** Starts the column after the one that ended at {@code next}. */
        private void nextColumn(long next) {
            column++;
            if (column < nodes.length) {
                startColumn(next);
                return;
            }
            ClpsTableMetadata.Table t = ts.get(table);
            if (next != t.offset() + t.length()) {
                fail(); // the columns do not take the table's bytes: the whole decode says where
                return;
            }
            nextTable();
        }

        private void nextTable() {
            table++;
            start[table] = len;
            if (table == ts.size()) {
                finished = true;
                return;
            }
            ClpsTableMetadata.Table t = ts.get(table);
            try {
                nodes = d.template(t.schemaId()).columnNodes;
            } catch (ClpsDecodeException e) {
                fail();
                return;
            }
            column = 0;
            if (nodes.length == 0) {
                nextColumn(t.offset());
                return;
            }
            startColumn(t.offset());
        }

        private void startColumn(long at) {
            base = at;
            step = 0;
            ClpsTableMetadata.Table t = ts.get(table);
            int keep = (int) Math.min(n, t.records());
            int type = d.tree.type[nodes[column]];
            long width = type == ClpsNodeType.BOOLEAN ? 1 : 8;
            if (at + ClpsColumn.fixedBytes(type, t.records()) > t.offset() + t.length()) {
                fail();
                return;
            }
            need(at, width * keep, true);
        }
    }
}
