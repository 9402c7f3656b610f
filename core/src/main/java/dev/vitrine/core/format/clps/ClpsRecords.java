package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.RowTable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;

/**
 * The records of a clp-s archive as JSON lines, byte for byte as `clp-s x --ordered` writes them
 * (0.4.1 and later). Streams are decoded in parallel, records are put back in log order
 * (log_event_idx) and written in chunks by several threads, then streamed out in order.
 * Archives without order information come out in table order.
 */
public final class ClpsRecords {
    private static final int CHUNK = 4096;
    private final ClpsArchive archive;
    private volatile Decoded cached;

    /** All tables of the archive decoded, and the order of their records. */
    record Decoded(ClpsDecoding decoding, ClpsTable[] tables, long[] order) {
        int table(long i) {
            return (int) (order[(int) i] >>> 32);
        }

        int row(long i) {
            return (int) order[(int) i];
        }
    }

    ClpsRecords(ClpsArchive archive) {
        this.archive = archive;
    }

    /** Number of records, from /table_metadata (no table is decoded); 0 when it cannot be read. */
    public long recordCount() {
        ClpsTableMetadata tm = archive.tableMetadata().value();
        return tm == null ? 0 : tm.recordCount();
    }

    /**
     * Writes every record (or those {@code filter} accepts; null for all) as one JSON line each,
     * in original order, and returns how many were written. The filter is called from several
     * threads with each record's JSON bytes.
     */
    public long writeJsonLines(Predicate<RecordView> filter, OutputStream out) throws IOException {
        Decoded d = cached != null ? cached : decode(archive);
        long n = d.order.length;
        long written = 0;
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        if (n <= CHUNK || threads == 1) {
            for (long from = 0; from < n; from += CHUNK) {
                Chunk c = render(d, from, (int) Math.min(CHUNK, n - from), filter);
                out.write(c.out.buf, 0, c.out.len);
                written += c.records;
            }
            return written;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemon());
        try {
            ArrayDeque<Future<Chunk>> window = new ArrayDeque<>();
            long next = 0;
            while (next < n || !window.isEmpty()) {
                while (next < n && window.size() < threads * 3) {
                    final long from = next;
                    final int count = (int) Math.min(CHUNK, n - from);
                    window.add(pool.submit(() -> render(d, from, count, filter)));
                    next += count;
                }
                Chunk c = take(window.poll());
                out.write(c.out.buf, 0, c.out.len);
                written += c.records;
            }
        } finally {
            pool.shutdownNow();
        }
        return written;
    }

    /** Rendered records of one chunk and how many of them passed the filter. */
    record Chunk(ClpsJsonOut out, int records) {}

    /** Records [from, from+count) in original order as JSON lines (with newlines); for the window and exports. */
    public List<String> lines(long from, int count) throws IOException {
        Decoded d = decoded();
        List<String> out = new ArrayList<>();
        long end = Math.min(d.order.length, from + (long) Math.max(0, count));
        for (long i = Math.max(0, from); i < end; i += CHUNK) {
            ClpsJsonOut o = render(d, i, (int) Math.min(CHUNK, end - i), null).out();
            int s = 0;
            for (int k = 0; k < o.len; k++) {
                if (o.buf[k] == '\n') {
                    out.add(new String(o.buf, s, k + 1 - s, StandardCharsets.UTF_8));
                    s = k + 1;
                }
            }
        }
        return out;
    }

    /** A row table over the records (index, JSON text); decodes the archive once and keeps it. */
    public RowTable table() {
        return new ClpsRecordTable(this);
    }

    Decoded decoded() throws IOException {
        Decoded d = cached;
        if (d == null) {
            synchronized (this) {
                if (cached == null) cached = decode(archive);
                d = cached;
            }
        }
        return d;
    }

    private static Chunk take(Future<Chunk> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while decoding records");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw new IOException(e.getCause());
        }
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread t = new Thread(r, "clps-decode");
            t.setDaemon(true);
            return t;
        };
    }

    Chunk render(Decoded d, long from, int count, Predicate<RecordView> filter) throws IOException {
        ClpsJsonOut out = new ClpsJsonOut(count * 256);
        int kept = 0;
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        View view = new View(out);
        for (long i = from; i < from + count; i++) {
            int t = d.table(i);
            int row = d.row(i);
            ClpsTable table = d.tables[t];
            int start = out.len;
            try {
                table.render(row, d.decoding, out, scratch);
            } catch (ClpsDecodeException e) {
                throw archive.streamProblem(table.meta, e);
            } catch (RuntimeException e) {
                // A reader bug or data we did not foresee: still one line naming where.
                throw archive.streamProblem(table.meta, new ClpsDecodeException(-1, "record " + row + ": " + e));
            }
            if (filter != null) {
                view.index = i;
                view.offset = start;
                view.length = out.len - start - 1;
                if (!filter.test(view)) {
                    out.len = start;
                    continue;
                }
            }
            kept++;
        }
        return new Chunk(out, kept);
    }

    private static final class View implements RecordView {
        final ClpsJsonOut out;
        long index;
        int offset;
        int length;

        View(ClpsJsonOut out) {
            this.out = out;
        }

        @Override
        public long index() {
            return index;
        }

        @Override
        public byte[] buffer() {
            return out.buf;
        }

        @Override
        public int offset() {
            return offset;
        }

        @Override
        public int length() {
            return length;
        }
    }

    /** Decodes every stream (in parallel) and puts the records in log order. */
    static Decoded decode(ClpsArchive a) throws IOException {
        ClpsLoaded<ClpsDecoding> dl = a.decoding();
        if (dl.problem() != null) throw asException(dl.problem());
        ClpsLoaded<ClpsTableMetadata> tl = a.tableMetadata();
        if (tl.problem() != null) throw asException(tl.problem());
        ClpsDecoding dec = dl.value();
        ClpsTableMetadata tm = tl.value();
        ClpsTable[] tables = new ClpsTable[tm.tables.size()];
        List<List<ClpsTableMetadata.Table>> byStream = new ArrayList<>();
        for (int s = 0; s < tm.streams.size(); s++) byStream.add(new ArrayList<>());
        for (ClpsTableMetadata.Table t : tm.tables) byStream.get(t.stream()).add(t);
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), tm.streams.size()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemon());
        try {
            List<Future<Void>> fs = new ArrayList<>();
            for (int s = 0; s < tm.streams.size(); s++) {
                if (byStream.get(s).isEmpty()) continue;
                final int si = s;
                fs.add(pool.submit(() -> {
                    byte[] data = a.stream(tm, si);
                    for (ClpsTableMetadata.Table t : byStream.get(si)) {
                        try {
                            tables[t.index()] = ClpsTable.decode(dec, t, data);
                        } catch (ClpsDecodeException e) {
                            throw a.streamProblem(t, e);
                        }
                    }
                    return null;
                }));
            }
            for (Future<Void> f : fs) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while decoding streams");
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) throw io;
                    if (e.getCause() instanceof RuntimeException re) throw re;
                    throw new IOException(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new Decoded(dec, tables, order(tables, a.limits.maxBlockBytes() / 8));
    }

    /** Log order: a permutation of 0..n-1 is placed directly; anything else is merged by index; no index at all keeps table order. */
    static long[] order(ClpsTable[] tables, long maxRecords) throws IOException {
        long n = 0;
        boolean indexed = tables.length > 0;
        for (ClpsTable t : tables) {
            n += t.records;
            indexed &= t.order != null;
        }
        if (n > Math.min(maxRecords, Integer.MAX_VALUE - 16)) {
            throw new IOException("archive has " + n + " records, more than the limits let this reader order at once (" + maxRecords + ")");
        }
        long[] order = new long[(int) n];
        if (!indexed) {
            int k = 0;
            for (int t = 0; t < tables.length; t++) for (int r = 0; r < tables[t].records; r++) order[k++] = ((long) t << 32) | r;
            return order;
        }
        java.util.Arrays.fill(order, -1);
        boolean permutation = true;
        outer:
        for (int t = 0; t < tables.length; t++) {
            for (int r = 0; r < tables[t].records; r++) {
                long idx = tables[t].logEventIdx(r);
                if (idx < 0 || idx >= n || order[(int) idx] != -1) {
                    permutation = false;
                    break outer;
                }
                order[(int) idx] = ((long) t << 32) | r;
            }
        }
        if (permutation) return order;
        // k-way merge of the tables by log_event_idx, as clp-s does.
        PriorityQueue<long[]> pq = new PriorityQueue<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        for (int t = 0; t < tables.length; t++) if (tables[t].records > 0) pq.add(new long[] {tables[t].logEventIdx(0), t, 0});
        int k = 0;
        while (!pq.isEmpty()) {
            long[] e = pq.poll();
            int t = (int) e[1];
            int r = (int) e[2];
            order[k++] = ((long) t << 32) | r;
            if (r + 1 < tables[t].records) pq.add(new long[] {tables[t].logEventIdx(r + 1), t, r + 1});
        }
        return order;
    }

    static IOException asException(dev.vitrine.core.verify.Problem p) {
        return new FormatException(p.file(), p.offset(), p.message());
    }
}
