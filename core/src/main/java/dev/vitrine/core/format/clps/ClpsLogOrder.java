package dev.vitrine.core.format.clps;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.vitrine.core.io.LittleEndian;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Where each record of the original order is: (table, row) for every log_event_idx, one i64
 * per record, on the heap when that is at most an eighth of it, else in the spill. A table whose stream is not decoded yet gives its log_event_idx
 * column from a prefix of its stream (zstd stops once the column is out), so ordering needs
 * neither the other columns nor the heap; a permutation of 0..n-1 is placed directly, anything
 * else falls back to decoding every table and merging them by index, as clp-s does. Archives
 * without order information keep table order.
 */
final class ClpsLogOrder {
    /** The order when it fits the heap comfortably (plain array work stays fast before the JIT gets to it), else null. */
    private final long[] heap;
    /** The order in the spill when it does not. */
    private final MemorySegment spilled;

    final long size;

    private ClpsLogOrder(long[] heap, MemorySegment spilled, long size) {
        this.heap = heap;
        this.spilled = spilled;
        this.size = size;
    }

    private long at(long i) {
        return heap != null ? heap[(int) i] : spilled.getAtIndex(LittleEndian.U64, i);
    }

    /** Whether the order is a long[] on the heap (else in the tables' spill, counted there). */
    boolean onHeap() {
        return heap != null;
    }

    int table(long i) {
        return (int) (at(i) >>> 32);
    }

    int row(long i) {
        return (int) at(i);
    }

    /** One (table, row) per record: a long[] of at most an eighth of the heap, else spill memory. */
    private interface Slots {
        long get(long i);

        void set(long i, long v);
    }

    static ClpsLogOrder build(ClpsArchive a, ClpsTables tables, long maxRecords) throws IOException {
        ClpsTableMetadata tm = tables.meta;
        long n = tm.recordCount();
        refuseTooMany(n, maxRecords);
        long[] heap = 8 * n <= Runtime.getRuntime().maxMemory() / 8 ? new long[(int) n] : null;
        MemorySegment seg = heap == null ? tables.allocate(8 * n) : null;
        Slots order = heap != null
                ? new Slots() {
                    public long get(long i) {
                        return heap[(int) i];
                    }

                    public void set(long i, long v) {
                        heap[(int) i] = v;
                    }
                }
                : new Slots() {
                    public long get(long i) {
                        return seg.getAtIndex(LittleEndian.U64, i);
                    }

                    public void set(long i, long v) {
                        seg.setAtIndex(LittleEndian.U64, i, v);
                    }
                };
        int nt = tm.tables.size();
        boolean indexed = nt > 0;
        for (ClpsTableMetadata.Table t : tm.tables) indexed &= orderColumn(tables.decoding, t) >= 0;
        if (!indexed) {
            long k = 0;
            for (int t = 0; t < nt; t++)
                for (int r = 0; r < tm.tables.get(t).records(); r++) order.set(k++, ((long) t << 32) | r);
            return new ClpsLogOrder(heap, seg, n);
        }
        if (heap != null) java.util.Arrays.fill(heap, -1);
        else seg.fill((byte) -1);
        boolean permutation = forEachLogEventIdx(a, tables, (t, undecoded) -> {
            long[] idx = undecoded != null ? undecoded : logEventIdx(a, tables, t);
            if (heap != null) {
                // The same placement as below on the array itself: this runs before the JIT has compiled much.
                for (int r = 0; r < idx.length; r++) {
                    long i = idx[r];
                    if (i < 0 || i >= n || heap[(int) i] != -1) return false;
                    heap[(int) i] = ((long) t << 32) | r;
                }
                return true;
            }
            for (int r = 0; r < idx.length; r++) {
                long i = idx[r];
                if (i < 0 || i >= n || order.get(i) != -1) return false;
                order.set(i, ((long) t << 32) | r);
            }
            return true;
        });
        if (permutation) return new ClpsLogOrder(heap, seg, n);
        // k-way merge of the tables by log_event_idx, as clp-s does.
        tables.decode(null);
        ClpsTable[] ts = new ClpsTable[nt];
        for (int t = 0; t < nt; t++) ts[t] = tables.table(t);
        PriorityQueue<long[]> pq =
                new PriorityQueue<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        for (int t = 0; t < nt; t++) if (ts[t].records > 0) pq.add(new long[] {ts[t].logEventIdx(0), t, 0});
        long k = 0;
        while (!pq.isEmpty()) {
            long[] e = pq.poll();
            int t = (int) e[1];
            int r = (int) e[2];
            order.set(k++, ((long) t << 32) | r);
            if (r + 1 < ts[t].records) pq.add(new long[] {ts[t].logEventIdx(r + 1), t, r + 1});
        }
        return new ClpsLogOrder(heap, seg, n);
    }

    /** Fails when {@code n} records are more than can be ordered at once. */
    static void refuseTooMany(long n, long maxRecords) throws IOException {
        if (n > Math.min(maxRecords, Integer.MAX_VALUE - 16)) {
            throw new IOException("archive has " + n + " records, more than the limits let this reader order at once ("
                    + maxRecords + ")");
        }
    }

    /** Position of the log_event_idx column in table {@code t}'s schema, or -1. */
    static int orderColumn(ClpsDecoding d, ClpsTableMetadata.Table t) throws IOException {
        ClpsTemplate tpl;
        try {
            tpl = d.template(t.schemaId());
        } catch (ClpsDecodeException e) {
            return -1;
        }
        for (int i = 0; i < tpl.columnNodes.length; i++) if (tpl.columnNodes[i] == d.logEventIdxNode) return i;
        return -1;
    }

    /** Takes one table's log_event_idx values; false stops the walk. */
    interface TableIdx {
        /** {@code undecoded}: the values of a table not decoded; null for a decoded one (read it as it suits). */
        boolean take(int t, long[] undecoded) throws IOException;
    }

    /**
     * Hands every table to {@code each} in table order, with the log_event_idx values of those
     * not decoded, until it returns false; returns whether it never did. Those values come from
     * a prefix of each table's stream (see {@link #logEventIdx}): read on every core at once, as
     * many tables at a time as there are cores, so only that many arrays are held.
     */
    static boolean forEachLogEventIdx(ClpsArchive a, ClpsTables tables, TableIdx each) throws IOException {
        int batch = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<Integer> pending = new ArrayList<>();
        for (int t = 0; t < tables.size(); t++) {
            boolean decoded = tables.ifDecoded(t) != null;
            if (!decoded) pending.add(t);
            if (decoded || pending.size() == batch || t == tables.size() - 1) {
                // the undecoded tables so far, together, then this one if it is decoded
                List<java.util.concurrent.Callable<long[]>> reads = new ArrayList<>();
                for (int u : pending) reads.add(() -> logEventIdx(a, tables, u));
                List<long[]> got = ClpsRecords.inParallel(reads);
                for (int i = 0; i < pending.size(); i++) if (!each.take(pending.get(i), got.get(i))) return false;
                pending.clear();
                if (decoded && !each.take(t, null)) return false;
            }
        }
        return true;
    }

    /**
     * Table {@code t}'s log_event_idx values: read from the table when its stream is decoded,
     * else from the column a query's pass over its stream kept ({@link ClpsTables#decodeOnly}),
     * else streamed out of the prefix of its stream that ends with that column (when the
     * columns before it have fixed sizes), else from the table decoded whole.
     */
    static long[] logEventIdx(ClpsArchive a, ClpsTables tables, int t) throws IOException {
        ClpsTableMetadata.Table meta = tables.meta.tables.get(t);
        ClpsTable done = tables.ifDecoded(t);
        if (done == null) {
            long[] v = tables.orderOnly(t);
            if (v == null) v = fromPrefix(a, tables, meta);
            if (v != null) return v;
            done = tables.table(t);
        }
        long[] v = new long[done.records];
        if (done.order != null) MemorySegment.copy(done.data, LittleEndian.U64, done.order.base, v, 0, v.length);
        else java.util.Arrays.fill(v, -1);
        return v;
    }

    private static long[] fromPrefix(ClpsArchive a, ClpsTables tables, ClpsTableMetadata.Table meta)
            throws IOException {
        OrderColumn at = orderLayout(tables.decoding, meta);
        if (at == null) return null;
        long[] range = a.streams.compressedRange(tables.meta, meta.stream());
        byte[] column;
        // Read as far as the column ends: the stream's compressed bytes are not copied whole (nor fetched, when
        // remote).
        try (InputStream in = new ZstdInputStreamNoFinalizer(
                new dev.vitrine.core.io.SourceRangeInputStream(a.source(), range[0], range[1]))) {
            in.skipNBytes(at.start());
            column = in.readNBytes((int) at.bytes());
        } catch (IOException | RuntimeException e) {
            return null; // the whole decode reports the frame with its offset
        }
        if (column.length != at.bytes()) return null;
        return at.values(MemorySegment.ofArray(column), 0);
    }

    /**
     * Where a table's log_event_idx column lies in its decoded stream ({@code bytes} from
     * {@code start}), and whether it holds deltas rather than the values.
     */
    record OrderColumn(long start, long bytes, boolean delta) {
        /** The column's values, from its copy at {@code at} of {@code data}. */
        long[] values(MemorySegment data, long at) {
            long[] v = new long[(int) (bytes / 8)];
            MemorySegment.copy(data, LittleEndian.U64, at, v, 0, v.length);
            if (delta) {
                long s = 0;
                for (int r = 0; r < v.length; r++) v[r] = s += v[r];
            }
            return v;
        }
    }

    /**
     * Table {@code meta}'s log_event_idx column, when the columns before it have fixed sizes;
     * null when it has none, or they do not, or the table is too short for it (damaged: the
     * whole decode says where).
     */
    static OrderColumn orderLayout(ClpsDecoding d, ClpsTableMetadata.Table meta) throws IOException {
        int col = orderColumn(d, meta);
        if (col < 0) return null;
        ClpsTemplate tpl;
        try {
            tpl = d.template(meta.schemaId());
        } catch (ClpsDecodeException e) {
            return null;
        }
        long n = meta.records();
        long before = 0;
        for (int i = 0; i < col; i++) {
            int type = d.tree.type[tpl.columnNodes[i]];
            if (ClpsColumn.variable(type)) return null;
            before += ClpsColumn.fixedBytes(type, n);
        }
        if (before + 8 * n > meta.length() || n > Integer.MAX_VALUE / 8) return null;
        boolean delta = d.tree.type[tpl.columnNodes[col]] == ClpsNodeType.DELTA_INTEGER;
        return new OrderColumn(meta.offset() + before, 8 * n, delta);
    }
}
