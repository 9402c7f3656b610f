package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.clps.kql.KqlPrefilter;
import dev.vitrine.core.io.LittleEndian;
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

    /**
     * One record found, as a long: its log position (bits 62-32, below 2^31), whether the prefilter
     * accepted it for certain (bit 31), and its row counted across all tables in table order (bits
     * 30-0). Sorted, these are the records in log order.
     */
    private static long key(long pos, boolean yes, long globalRow) {
        return pos << 32 | (yes ? 1L << 31 : 0) | globalRow;
    }

    /** The keys ({@link #key}) a scan task found. */
    private static final class Found {
        long[] keys = new long[256];
        int size;

        void add(long key) {
            if (size == keys.length) keys = java.util.Arrays.copyOf(keys, size * 2);
            keys[size++] = key;
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
                    int f = from, to = (int) Math.min(table.records, (long) from + SCAN);
                    long base = first[t];
                    scans.add(pool.submit(() -> scan(table, p, f, to, base, indexed, decoding)));
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
            long[] keys = new long[found];
            int k = 0;
            for (int j = 0; j < parts.size(); j++) {
                Found f = parts.set(j, null); // let each go once copied: not all of them twice at the peak
                System.arraycopy(f.keys, 0, keys, k, f.size);
                k += f.size;
            }
            if (indexed) java.util.Arrays.parallelSort(keys); // table order is the order they were found in
            return render(archive, tables, first, decoding, filter, out, chunk, pool, threads, keys);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Whether every table's log_event_idx values together are 0..n-1, each once (read as {@link ClpsLogOrder} reads them). */
    private static boolean permutation(ClpsArchive archive, ClpsTables tables, long n) throws IOException {
        long[] seen = new long[(int) ((n + 63) >>> 6)];
        return ClpsLogOrder.forEachLogEventIdx(archive, tables, (t, undecoded) -> {
            if (undecoded != null) {
                for (long i : undecoded) if (!place(seen, i, n)) return false;
                return true;
            }
            ClpsTable done = tables.ifDecoded(t);
            if (done == null || done.order == null) {
                for (long i : ClpsLogOrder.logEventIdx(archive, tables, t)) if (!place(seen, i, n)) return false;
                return true;
            }
            // Copied a block at a time: a plain array loop is compiled soon, a segment read per value not.
            long[] block = new long[(int) Math.min(8192, done.records)];
            for (int r = 0; r < done.records; r += block.length) {
                int m = Math.min(block.length, done.records - r);
                MemorySegment.copy(done.data, LittleEndian.U64, done.order.base + 8L * r, block, 0, m);
                for (int i = 0; i < m; i++) if (!place(seen, block[i], n)) return false;
            }
            return true;
        });
    }

    private static boolean place(long[] seen, long i, long n) {
        if (i < 0 || i >= n) return false;
        int w = (int) (i >>> 6);
        long bit = 1L << i;
        if ((seen[w] & bit) != 0) return false;
        seen[w] |= bit;
        return true;
    }

    /** Rows [from, to) of {@code table}, whose rows start at {@code base} in table order, that its prefilter {@code p} (null: none) does not rule out. */
    private static Found scan(
            ClpsTable table, KqlPrefilter p, int from, int to, long base, boolean indexed, ClpsDecoding decoding) {
        Found f = new Found();
        if (p == null) {
            for (int r = from; r < to; r++) f.add(key(indexed ? table.logEventIdx(r) : base + r, false, base + r));
            return f;
        }
        ClpsRowPrefilter.RowValues values = new ClpsRowPrefilter.RowValues(decoding);
        values.readInBlocks(); // rows in order, one table
        values.table = table;
        values.prefilter = p;
        for (int r = from; r < to; r++) {
            values.row = r;
            int verdict = p.judge(values);
            if (verdict != KqlPrefilter.NO)
                f.add(key(indexed ? table.logEventIdx(r) : base + r, verdict == KqlPrefilter.YES, base + r));
        }
        return f;
    }

    /** Renders the records found, in the order of {@code keys}, a chunk per task, and writes them in order. */
    private static long render(
            ClpsArchive archive,
            ClpsTables tables,
            long[] first,
            ClpsDecoding decoding,
            Predicate<RecordView> filter,
            OutputStream out,
            int chunk,
            ExecutorService pool,
            int threads,
            long[] keys)
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
                    return renderChunk(archive, tables, first, decoding, filter, keys, from, to, o);
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

    /** The table holding row {@code global} of all tables in table order (an empty table starts where the next does). */
    private static int tableOf(long[] first, long global) {
        int lo = 0, hi = first.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (first[mid] <= global) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    private static ClpsRecords.Chunk renderChunk(
            ClpsArchive archive,
            ClpsTables tables,
            long[] first,
            ClpsDecoding decoding,
            Predicate<RecordView> filter,
            long[] keys,
            int from,
            int to,
            ClpsJsonOut out)
            throws IOException {
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        ClpsRecords.View view = new ClpsRecords.View(out);
        int kept = 0;
        for (int i = from; i < to; i++) {
            long key = keys[i];
            long global = key & 0x7FFFFFFFL;
            int t = tableOf(first, global);
            ClpsTable table = tables.table(t);
            int row = (int) (global - first[t]);
            int start = out.len;
            ClpsRecords.renderRow(archive, table, row, decoding, out, scratch);
            if (filter != null && (key & 1L << 31) == 0) {
                view.index = key >>> 32;
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
