package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.clps.kql.KqlPrefilter;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.RowTable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;

/**
 * The records of a clp-s archive as JSON lines, byte for byte as `clp-s x --ordered` writes them
 * (0.4.1 and later). Streams are decoded (in parallel) into mapped spill files as their tables
 * are needed, records are put back in log order (log_event_idx) and written in chunks by
 * several threads, then streamed out in order. Archives without order information come out in
 * table order. The heap holds cursors, one chunk of output per thread and the stream being
 * decoded, never the decoded archive.
 */
public final class ClpsRecords implements AutoCloseable {
    private static final int CHUNK = 4096;

    private final ClpsArchive archive;
    private final ClpsKeptDecoding kept;
    /** Records per rendered chunk (tests make it small so that chunk buffers are reused many times). */
    private int chunk = CHUNK;

    /**
     * The archive's tables (decoded as needed), the order of their records, and everything
     * rendering needs (the dictionaries: decoded on their own thread meanwhile).
     */
    record Decoded(
            ClpsTables tables,
            ClpsLogOrder order,
            java.util.concurrent.CompletableFuture<ClpsLoaded<ClpsDecoding>> full) {
        ClpsDecoding decoding() throws IOException {
            return ClpsDecoding.of(full);
        }

        long size() {
            return order.size;
        }
    }

    ClpsRecords(ClpsArchive archive) {
        this.archive = archive;
        this.kept = new ClpsKeptDecoding(archive);
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
        ClpsRowPrefilter rows = ClpsQueryFilter.Filter.rowsOf(filter);
        java.util.BitSet first = rows != null && kept.kept() == null ? schemasThatMayMatch(rows) : null;
        if (first != null && !first.isEmpty() && rows.looksUpDictionary()) {
            // The query's values are looked up in var.dict before any table is read, as clp-s does: a value no entry
            // holds rules out every schema that needs it. The lookup decodes entries only until one passes (a value
            // that is there is usually met early); the whole dictionary loads below, while the streams decode. A
            // damaged dictionary is left for that load to report.
            try (ClpsDictionaryPrefix vars = ClpsDictionaryPrefix.forLookups(archive, ClpsArchive.VAR_DICT)) {
                if (vars != null) {
                    java.util.BitSet none = rows.ruledOutByDictionary(
                            archive.tableMetadata().value(), archive.shape().value(), first, vars);
                    rows.ruleOut(none);
                    first.andNot(none);
                }
            }
        }
        if (first != null && !first.isEmpty() && rows.looksUpLogTypes()) {
            java.util.BitSet none = ClpsLogTypeLookup.ruledOut(archive, rows, first);
            rows.ruleOut(none);
            first.andNot(none);
        }
        if (first != null && first.isEmpty()) return 0; // nothing to decode: clp-s's "no matching schemas"
        if (rows != null && kept.kept() == null) {
            // Nothing decoded yet (the command line): only the records the query may match are put in order.
            Long w = search(rows, first, filter, out);
            if (w != null) return w;
        }
        // The streams a query needs are decoded before the order is built: tables packed in one stream then give
        // their log_event_idx from the decoded stream instead of each decompressing a prefix of it again.
        Decoded d = rows == null ? decoded(true) : decoded(false, false, first);
        ClpsDecoding decoding =
                d.decoding(); // a damaged dictionary fails the whole output, even of an archive without records
        if (rows != null) {
            // A query decodes only the streams of tables whose schema it can match (as clp-s does); the rest give only
            // their order.
            java.util.BitSet wanted = new java.util.BitSet();
            wanted.set(0, d.tables.size());
            wanted.andNot(rows.ruledOut(d.tables.meta, decoding));
            d.tables.decode(wanted);
        }
        long n = d.size();
        long written = 0;
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        if (n <= chunk || threads == 1) {
            ClpsJsonOut buffer = null;
            for (long from = 0; from < n; from += chunk) {
                Chunk c = render(d, from, (int) Math.min(chunk, n - from), filter, rows, null, buffer);
                out.write(c.out.buf, 0, c.out.len);
                written += c.records;
                buffer = c.out;
            }
            return written;
        }
        // Chunk buffers go back to a pool once written: a handful of them, grown once to a chunk's size, carry
        // the whole output (no fresh megabyte per chunk to zero, grow and collect).
        java.util.concurrent.ConcurrentLinkedQueue<ClpsJsonOut> free =
                new java.util.concurrent.ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemon());
        try {
            ArrayDeque<Future<Chunk>> window = new ArrayDeque<>();
            long next = 0;
            while (next < n || !window.isEmpty()) {
                while (next < n && window.size() < threads * 3) {
                    final long from = next;
                    final int count = (int) Math.min(chunk, n - from);
                    window.add(pool.submit(() -> render(d, from, count, filter, rows, null, free.poll())));
                    next += count;
                }
                Chunk c = take(window.poll());
                out.write(c.out.buf, 0, c.out.len);
                written += c.records;
                free.offer(c.out);
            }
        } finally {
            pool.shutdownNow();
        }
        return written;
    }

    /** Rendered records of one chunk and how many of them passed the filter. */
    record Chunk(ClpsJsonOut out, int records) {}

    /**
     * The tables the query may match by their schema alone (read from the schema tree and map, nothing decoded),
     * or null when that cannot be worked out here.
     */
    private java.util.BitSet schemasThatMayMatch(ClpsRowPrefilter rows) {
        ClpsLoaded<ClpsDecoding> shape = archive.shape();
        ClpsTableMetadata tm = archive.tableMetadata().value();
        if (shape.problem() != null || tm == null || tm.tables.isEmpty())
            return null; // decoding reports the problem (a damaged dictionary fails even an empty archive)
        java.util.BitSet may = new java.util.BitSet();
        may.set(0, tm.tables.size());
        may.andNot(rows.ruledOut(tm, shape.value()));
        return may;
    }

    /** Records [from, from+count) in original order as JSON lines (with newlines); for the window and exports. */
    public List<String> lines(long from, int count) throws IOException {
        List<String> out = new ArrayList<>();
        if (from == 0 && kept.kept() == null && archive.source().whole().isPresent()) {
            // The first page before anything is decoded (the window opening): read without decoding the archive. Not
            // for a remote one, whose streams the next page would then fetch a second time.
            ClpsKeptDecoding.FirstPage page = kept.first();
            if (page == null || page.count() < count) {
                ClpsJsonOut o = ClpsFirstRows.render(archive, count);
                page = o == null ? null : new ClpsKeptDecoding.FirstPage(count, o);
                if (page != null) kept.keepFirst(page); // asked again (a filter cleared, the tab shown again): at once
            }
            if (page != null) {
                split(page.lines(), out);
                return out.size() > count ? new ArrayList<>(out.subList(0, Math.max(0, count))) : out;
            }
        }
        Decoded d = decoded(false);
        long end = Math.min(d.size(), from + (long) Math.max(0, count));
        for (long i = Math.max(0, from); i < end; i += CHUNK)
            split(render(d, i, (int) Math.min(CHUNK, end - i), null).out(), out);
        return out;
    }

    /** Adds each line of {@code o} (with its newline) to {@code out}. */
    private static void split(ClpsJsonOut o, List<String> out) {
        int s = 0;
        for (int k = 0; k < o.len; k++) {
            if (o.buf[k] == '\n') {
                out.add(new String(o.buf, s, k + 1 - s, StandardCharsets.UTF_8));
                s = k + 1;
            }
        }
    }

    /** Where record {@code index} (in original order) lies in its decoded stream (see {@link ClpsRecordBytes}). */
    public dev.vitrine.core.model.Decoded cells(long index) throws IOException {
        Decoded d = decoded(false);
        if (index < 0 || index >= d.size())
            throw new IOException("no record " + index + " (the archive has " + d.size() + ")");
        return ClpsRecordBytes.of(archive, d, index);
    }

    /** A row table over the records (index, JSON text); decodes the archive once and keeps it. */
    public RowTable table() {
        return new ClpsRecordTable(this);
    }

    /** Sets the number of records rendered per chunk (tests). */
    void chunkRecords(int records) {
        chunk = Math.max(1, records);
    }

    /** Sets the size under which an archive is decoded whole on first use (tests of the lazy path set 0). */
    void decodeWholeBelow(long bytes) {
        kept.decodeWholeBelow(bytes);
    }

    /** Tables and order; with {@code all} every stream is decoded first (in parallel), else streams are decoded as records need them. */
    Decoded decoded(boolean all) throws IOException {
        return decoded(all, true);
    }

    /** Like {@link #decoded(boolean)}; without {@code wholeIfSmall}, a small archive is not decoded whole either (a query decodes what it needs). */
    Decoded decoded(boolean all, boolean wholeIfSmall) throws IOException {
        return decoded(all, wholeIfSmall, null);
    }

    /** Like {@link #decoded(boolean, boolean)}, decoding the streams of the tables in {@code first} (when given) before ordering. */
    private Decoded decoded(boolean all, boolean wholeIfSmall, java.util.BitSet first) throws IOException {
        return kept.get(all, wholeIfSmall, first);
    }

    /**
     * A query's records through {@link ClpsSearch}: its own tables, decoded as the query needs
     * them and freed at the end, and no order of the whole archive. Null when the archive's order
     * is not one it can give (nothing written then).
     */
    private Long search(ClpsRowPrefilter rows, java.util.BitSet first, Predicate<RecordView> filter, OutputStream out)
            throws IOException {
        ClpsTables tables = kept.fresh();
        try {
            var full = ClpsDecoding.inBackground(archive);
            // Decoded, checked and failing in the order the full order's build would.
            if (first != null) tables.decodeOnly(first);
            Boolean indexed = ClpsSearch.indexed(archive, tables);
            if (indexed == null) return null;
            ClpsDecoding decoding = ClpsDecoding.of(full);
            java.util.BitSet wanted = new java.util.BitSet();
            wanted.set(0, tables.size());
            wanted.andNot(rows.ruledOut(tables.meta, decoding));
            tables.decodeOnly(wanted);
            return ClpsSearch.write(archive, tables, indexed, decoding, rows, filter, out, chunk);
        } finally {
            searchedStreams = tables.streamsDecoded();
            tables.close(); // its free action leaves the set as it runs
        }
    }

    /** Lets the decoded tables and the log order go (the window's tab is hidden): the next read decodes again. */
    void release() {
        kept.release();
    }

    /** How many decodings' free actions are kept for the archive's close (tests). */
    int keptFreers() {
        return kept.keptFreers();
    }

    /** About how many decoded bytes {@link #release} would let go. */
    long keptBytes() {
        return kept.keptBytes();
    }

    /**
     * How many packed streams have been decoded so far (0 before any record was asked for); without
     * decoded tables kept, how many the last query decoded (and freed).
     */
    public int streamsDecoded() {
        Decoded d = kept.kept();
        return d == null ? searchedStreams : d.tables.streamsDecoded();
    }

    /** Streams the last query through {@link #search} decoded. */
    private volatile int searchedStreams;

    @Override
    public void close() {
        kept.close();
    }

    /**
     * Runs each of {@code work} (independent jobs, one per packed stream) on up to one thread per
     * core and returns their results in order; the first failure is thrown. A single job runs on
     * the calling thread.
     */
    static <T> List<T> inParallel(List<java.util.concurrent.Callable<T>> work) throws IOException {
        List<T> out = new ArrayList<>(work.size());
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), work.size()));
        if (threads == 1) {
            for (java.util.concurrent.Callable<T> w : work) {
                try {
                    out.add(w.call());
                } catch (IOException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IOException(e);
                }
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemon());
        try {
            List<Future<T>> fs = new ArrayList<>();
            for (java.util.concurrent.Callable<T> w : work) fs.add(pool.submit(w));
            for (Future<T> f : fs) out.add(take(f));
        } finally {
            pool.shutdownNow();
        }
        return out;
    }

    static <T> T take(Future<T> f) throws IOException {
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

    static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread t = new Thread(r, "clps-decode");
            t.setDaemon(true);
            return t;
        };
    }

    Chunk render(Decoded d, long from, int count, Predicate<RecordView> filter) throws IOException {
        return render(d, from, count, filter, ClpsQueryFilter.Filter.rowsOf(filter), null);
    }

    /**
     * Renders records [from, from+count) that {@code rows} (when given) does not rule out and
     * {@code filter} (when given) accepts; a record {@code rows} accepts for certain skips the
     * filter. With {@code hits}, the accepted records' indices go there instead and nothing is
     * kept (records accepted for certain are not even rendered).
     */
    Chunk render(
            Decoded d,
            long from,
            int count,
            Predicate<RecordView> filter,
            ClpsRowPrefilter rows,
            java.util.function.LongConsumer hits)
            throws IOException {
        return render(d, from, count, filter, rows, hits, null);
    }

    /** Like {@link #render(Decoded, long, int, Predicate, ClpsRowPrefilter, java.util.function.LongConsumer)}, into {@code reuse} (emptied first) when given. */
    Chunk render(
            Decoded d,
            long from,
            int count,
            Predicate<RecordView> filter,
            ClpsRowPrefilter rows,
            java.util.function.LongConsumer hits,
            ClpsJsonOut reuse)
            throws IOException {
        ClpsJsonOut out = reuse != null ? reuse : new ClpsJsonOut(hits != null ? 4096 : count * 256);
        out.reset();
        int kept = 0;
        ClpsJsonOut scratch = new ClpsJsonOut(256);
        View view = new View(out);
        ClpsDecoding decoding = d.decoding();
        // Tables the query rules out by their schema are skipped without decoding their streams.
        java.util.BitSet ruledOut = rows == null ? new java.util.BitSet() : rows.ruledOut(d.tables.meta, decoding);
        java.util.BitSet needed = new java.util.BitSet();
        for (long i = from; i < from + count; i++) needed.set(d.order.table(i));
        needed.andNot(ruledOut);
        d.tables.decode(needed);
        ClpsRowPrefilter.RowValues values = rows == null ? null : new ClpsRowPrefilter.RowValues(decoding);
        for (long i = from; i < from + count; i++) {
            int row = d.order.row(i);
            int t = d.order.table(i);
            if (ruledOut.get(t)) continue;
            ClpsTable table = d.tables.table(t);
            int verdict = KqlPrefilter.MAYBE;
            if (rows != null) {
                // Records the query cannot match are never rendered.
                if (table != values.table) {
                    values.table = table;
                    values.prefilter = rows.forTable(table, decoding);
                }
                KqlPrefilter p = values.prefilter;
                if (p == KqlPrefilter.NONE) continue;
                if (p != null) {
                    values.row = row;
                    verdict = p.judge(values);
                    if (verdict == KqlPrefilter.NO) continue;
                }
            }
            if (hits != null && verdict == KqlPrefilter.YES) {
                hits.accept(i);
                continue;
            }
            int start = out.len;
            renderRow(archive, table, row, decoding, out, scratch);
            if (filter != null && verdict != KqlPrefilter.YES) {
                view.index = i;
                view.offset = start;
                view.length = out.len - start - 1;
                if (!filter.test(view)) {
                    out.len = start;
                    continue;
                }
            }
            if (hits != null) {
                hits.accept(i);
                out.len = start;
                continue;
            }
            kept++;
        }
        // The tables' memory is freed when they become unreachable (after a release): not while rows are read from
        // them.
        java.lang.ref.Reference.reachabilityFence(d);
        return new Chunk(out, kept);
    }

    /** Appends record {@code row} of {@code table}; damage, or data we did not foresee, as one line naming where. */
    static void renderRow(
            ClpsArchive archive, ClpsTable table, int row, ClpsDecoding decoding, ClpsJsonOut out, ClpsJsonOut scratch)
            throws IOException {
        try {
            table.render(row, decoding, out, scratch);
        } catch (ClpsDecodeException e) {
            throw archive.streams.streamProblem(table.meta, e);
        } catch (RuntimeException e) {
            // A reader bug or data we did not foresee: still one line naming where.
            throw archive.streams.streamProblem(table.meta, new ClpsDecodeException(-1, "record " + row + ": " + e));
        }
    }

    /** A rendered record as filters see it. */
    static final class View implements RecordView {
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

    static IOException asException(dev.vitrine.core.model.Problem p) {
        return new FormatException(p.file(), p.offset(), p.message());
    }
}
