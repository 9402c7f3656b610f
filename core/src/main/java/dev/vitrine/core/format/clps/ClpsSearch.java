package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.clps.kql.KqlPrefilter;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;

/**
 * A query's records in log order without putting the whole archive in order first (clp-s reads
 * the tables its schemas may match one by one): each table the query may match is scanned on its
 * columns, a range of rows per task, for the records its prefilter does not rule out; only those
 * are put in log order (by their log_event_idx) and rendered, in order, by several threads. A
 * record the prefilter cannot decide is rendered once and decided by the JSON filter there, as
 * {@link ClpsRecords} does. The order is the one {@link ClpsLogOrder} gives: by log_event_idx
 * when the tables' indices are a permutation of 0..n-1, table order when a table has none; any
 * other archive is left to it (merged by index).
 */
final class ClpsSearch {
    /** Rows of one table judged per task. */
    private static final int SCAN = 1 << 16;

    private ClpsSearch() {}

    /** The records a scan task kept: their log positions, rows and verdicts ({@link KqlPrefilter#YES} or MAYBE). */
    private static final class Found {
        final int table;
        long[] pos = new long[256];
        int[] row = new int[256];
        byte[] verdict = new byte[256];
        int size;

        Found(int table) {
            this.table = table;
        }

        void add(long p, int r, int v) {
            if (size == pos.length) {
                int n = size * 2;
                pos = java.util.Arrays.copyOf(pos, n);
                row = java.util.Arrays.copyOf(row, n);
                verdict = java.util.Arrays.copyOf(verdict, n);
            }
            pos[size] = p;
            row[size] = r;
            verdict[size++] = (byte) v;
        }
    }

    /**
     * Whether the archive's order can be had this way: true when every table has a log_event_idx
     * column and their values are a permutation of 0..n-1 (then the order is by them), false when
     * some table has none (table order), null for anything else. Read, and refused when too many,
     * as {@link ClpsLogOrder#build} reads them, streams of tables not decoded yet by prefix.
     */
    static Boolean indexed(ClpsArchive archive, ClpsTables tables) throws IOException {
        ClpsTableMetadata tm = tables.meta;
        long n = tm.recordCount();
        ClpsLogOrder.refuseTooMany(n, archive.limits.maxBlockBytes() / 8);
        boolean indexed = !tm.tables.isEmpty();
        for (ClpsTableMetadata.Table t : tm.tables) indexed &= ClpsLogOrder.orderColumn(tables.decoding, t) >= 0;
        if (!indexed) return false;
        return permutation(archive, tables, n) ? true : null;
    }

    /**
     * Writes the records of {@code tables} (the streams of those {@code rows} does not rule out
     * decoded) that {@code rows} and {@code filter} accept, in log order ({@link #indexed} gave
     * {@code indexed}), and returns how many.
     */
    static long write(
            ClpsArchive archive,
            ClpsTables tables,
            boolean indexed,
            ClpsDecoding decoding,
            ClpsRowPrefilter rows,
            Predicate<RecordView> filter,
            OutputStream out,
            int chunk)
            throws IOException {
        ClpsTableMetadata tm = tables.meta;
        int nt = tm.tables.size();
        long[] first = new long[nt]; // table order: where each table's records start
        for (int t = 1; t < nt; t++)
            first[t] = first[t - 1] + tm.tables.get(t - 1).records();

        BitSet ruledOut = rows.ruledOut(tm, decoding);
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads, ClpsRecords.daemon());
        try {
            List<Future<Found>> scans = new ArrayList<>();
            for (int t = 0; t < nt; t++) {
                if (ruledOut.get(t)) continue;
                ClpsTable table = tables.table(t);
                KqlPrefilter p = rows.forTable(table, decoding);
                if (p == KqlPrefilter.NONE) continue;
                for (int from = 0; from < table.records; from += SCAN) {
                    int f = from, to = (int) Math.min(table.records, (long) from + SCAN), ti = t;
                    long base = indexed ? -1 : first[t];
                    scans.add(pool.submit(() -> scan(table, ti, p, f, to, base, decoding)));
                }
            }
            int found = 0;
            List<Found> parts = new ArrayList<>();
            for (Future<Found> s : scans) {
                Found f = ClpsRecords.take(s);
                if (f.size > 0) parts.add(f);
                found += f.size;
            }
            scans.clear(); // the futures hold their results too
            // One key per record found: its log position above, where it was found below (positions are below 2^31).
            long[] keys = new long[found];
            int[] tableOf = new int[found];
            int[] rowOf = new int[found];
            byte[] verdictOf = new byte[found];
            int k = 0;
            for (int j = 0; j < parts.size(); j++) {
                Found f = parts.set(j, null); // let each go once copied: not all of them twice at the peak
                for (int i = 0; i < f.size; i++, k++) {
                    keys[k] = f.pos[i] << 32 | k;
                    tableOf[k] = f.table;
                    rowOf[k] = f.row[i];
                    verdictOf[k] = f.verdict[i];
                }
            }
            if (indexed) java.util.Arrays.parallelSort(keys); // table order is the order they were found in
            return render(
                    archive, tables, decoding, filter, out, chunk, pool, threads, keys, tableOf, rowOf, verdictOf);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Whether every table's log_event_idx values together are 0..n-1, each once (read as {@link ClpsLogOrder} reads them). */
    private static boolean permutation(ClpsArchive archive, ClpsTables tables, long n) throws IOException {
        long[] seen = new long[(int) ((n + 63) >>> 6)];
        for (int t = 0; t < tables.size(); t++) {
            ClpsTable done = tables.ifDecoded(t);
            if (done != null && done.order != null) {
                // Copied a block at a time: a plain array loop is compiled soon, a segment read per value not.
                long[] block = new long[(int) Math.min(8192, done.records)];
                for (int r = 0; r < done.records; r += block.length) {
                    int m = Math.min(block.length, done.records - r);
                    MemorySegment.copy(done.data, ClpsTable.I64, done.order.base + 8L * r, block, 0, m);
                    for (int i = 0; i < m; i++) if (!place(seen, block[i], n)) return false;
                }
                continue;
            }
            for (long i : ClpsLogOrder.logEventIdx(archive, tables, t)) if (!place(seen, i, n)) return false;
        }
        return true;
    }

    private static boolean place(long[] seen, long i, long n) {
        if (i < 0 || i >= n) return false;
        int w = (int) (i >>> 6);
        long bit = 1L << i;
        if ((seen[w] & bit) != 0) return false;
        seen[w] |= bit;
        return true;
    }

    /** Rows [from, to) of {@code table} its prefilter {@code p} (null: none) does not rule out. */
    private static Found scan(
            ClpsTable table, int t, KqlPrefilter p, int from, int to, long base, ClpsDecoding decoding) {
        Found f = new Found(t);
        if (p == null) {
            for (int r = from; r < to; r++) f.add(base < 0 ? table.logEventIdx(r) : base + r, r, KqlPrefilter.MAYBE);
            return f;
        }
        ClpsRowPrefilter.RowValues values = new ClpsRowPrefilter.RowValues(decoding);
        values.table = table;
        values.prefilter = p;
        for (int r = from; r < to; r++) {
            values.row = r;
            int verdict = p.judge(values);
            if (verdict != KqlPrefilter.NO) f.add(base < 0 ? table.logEventIdx(r) : base + r, r, verdict);
        }
        return f;
    }

    /** Renders the records found, in the order of {@code keys}, a chunk per task, and writes them in order. */
    private static long render(
            ClpsArchive archive,
            ClpsTables tables,
            ClpsDecoding decoding,
            Predicate<RecordView> filter,
            OutputStream out,
            int chunk,
            ExecutorService pool,
            int threads,
            long[] keys,
            int[] tableOf,
            int[] rowOf,
            byte[] verdictOf)
            throws IOException {
        ConcurrentLinkedQueue<ClpsJsonOut> free = new ConcurrentLinkedQueue<>();
        ArrayDeque<Future<ClpsRecords.Chunk>> window = new ArrayDeque<>();
        long written = 0;
        int next = 0;
        while (next < keys.length || !window.isEmpty()) {
            while (next < keys.length && window.size() < threads * 3) {
                int from = next, to = (int) Math.min(keys.length, (long) next + chunk);
                window.add(pool.submit(() -> {
                    ClpsJsonOut o = free.poll();
                    if (o == null) o = new ClpsJsonOut((to - from) * 256);
                    o.reset();
                    return renderChunk(archive, tables, decoding, filter, keys, tableOf, rowOf, verdictOf, from, to, o);
                }));
                next = to;
            }
            ClpsRecords.Chunk c = ClpsRecords.take(window.poll());
            out.write(c.out().buf, 0, c.out().len);
            written += c.records();
            free.offer(c.out());
        }
        return written;
    }

    private static ClpsRecords.Chunk renderChunk(
            ClpsArchive archive,
            ClpsTables tables,
            ClpsDecoding decoding,
            Predicate<RecordView> filter,
            long[] keys,
            int[] tableOf,
            int[] rowOf,
            byte[] verdictOf,
            int from,
            int to,
            ClpsJsonOut out)
            throws IOException {
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        ClpsRecords.View view = new ClpsRecords.View(out);
        int kept = 0;
        for (int i = from; i < to; i++) {
            int c = (int) keys[i];
            ClpsTable table = tables.table(tableOf[c]);
            int row = rowOf[c];
            int start = out.len;
            ClpsRecords.renderRow(archive, table, row, decoding, out, scratch);
            if (filter != null && verdictOf[c] != KqlPrefilter.YES) {
                view.index = keys[i] >>> 32;
                view.offset = start;
                view.length = out.len - start - 1;
                if (!filter.test(view)) {
                    out.len = start;
                    continue;
                }
            }
            kept++;
        }
        return new ClpsRecords.Chunk(out, kept);
    }
}
