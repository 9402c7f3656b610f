package dev.vitrine.core.format.clps;

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
 * memory and the whole order built. Anything unusual (no log_event_idx, rows out of order,
 * damage anywhere in a stream's frame) gives null, and the caller takes the whole path, which
 * reports damage where it is.
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
        ClpsLoaded<ClpsDecoding> shape = archive.shape();
        ClpsLoaded<ClpsTableMetadata> tm = archive.tableMetadata();
        if (n <= 0 || n > MAX || shape.problem() != null || tm.problem() != null) return null;
        ClpsDecoding d = shape.value();
        ClpsTableMetadata meta = tm.value();
        for (ClpsTableMetadata.Table t : meta.tables) if (ClpsLogOrder.orderColumn(d, t) < 0) return null;
        var full = ClpsDecoding.inBackground(archive); // the dictionaries, while the streams pass
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
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), passes.size()));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(threads, ClpsRecords.daemon());
        try {
            List<java.util.concurrent.Future<List<ClpsTable>>> fs = new ArrayList<>();
            for (var pass : passes) fs.add(pool.submit(pass)); // streams on every core, as a whole decode does
            for (var f : fs) {
                List<ClpsTable> made = ClpsRecords.take(f);
                if (made == null) return null;
                tables.addAll(made);
            }
        } finally {
            pool.shutdownNow();
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
        ClpsJsonOut out = new ClpsJsonOut(count * 256);
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        try {
            ClpsDecoding decoding = ClpsDecoding.of(full);
            for (int i = 0; i < count; i++) {
                long[] e = rows.get(i);
                ClpsRecords.renderRow(archive, tables.get((int) e[3]), (int) e[2], decoding, out, scratch);
            }
        } catch (IOException e) {
            return null; // a damaged dictionary or record: the whole decode reports it, naming where
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

        Plan(ClpsDecoding d, List<ClpsTableMetadata.Table> ts, int n) throws IOException {
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
            return MemorySegment.ofArray(peek).get(ClpsTable.I64, 0);
        }

        private void putLong(long v) {
            room(8);
            MemorySegment.ofArray(out).set(ClpsTable.I64, len, v);
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
            try {
                nextTable();
            } catch (IOException e) {
                fail();
            }
        }

        private void nextTable() throws IOException {
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
