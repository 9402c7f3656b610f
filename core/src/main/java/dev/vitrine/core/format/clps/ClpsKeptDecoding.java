package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.clps.ClpsRecords.Decoded;
import java.io.IOException;
import java.util.BitSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one decoding of the archive (tables and log order) that the window's pages and exports
 * share: made on first use, let go when the window's tab is hidden (the next read decodes again),
 * freed on close. Kept apart from {@link ClpsRecords}, which renders records from whatever
 * decoding it is given, so that the rules of when decoded memory lives are in one place.
 */
final class ClpsKeptDecoding {
    /** Archives whose streams decode to at most this many bytes are decoded whole on first use rather than as pages need them. */
    static final long EAGER_BYTES = 256L << 20;

    private final ClpsArchive archive;
    private volatile Decoded cached;
    private volatile long wholeBelow = EAGER_BYTES;
    private boolean closed;
    /**
     * Frees each decoding's tables not freed yet (the current one and those let go but maybe still
     * read): run on close. Each leaves the set once its tables are freed ({@link ClpsTables}).
     */
    private final Set<Runnable> freers = ConcurrentHashMap.newKeySet();
    /** Releases so far: a decoding that met one while it ran is not kept. */
    private final AtomicInteger releases = new AtomicInteger();

    ClpsKeptDecoding(ClpsArchive archive) {
        this.archive = archive;
    }

    /** The first page read without decoding ({@link ClpsFirstRows}): {@code count} records asked for, as JSON lines. */
    record FirstPage(int count, ClpsJsonOut lines) {}

    /** The first page kept, till a release or the close, like the decoding (null when none is). */
    private volatile FirstPage first;

    FirstPage first() {
        return first;
    }

    synchronized void keepFirst(FirstPage page) {
        if (!closed) first = page;
    }

    /** The decoding kept, or null when none is (not made yet, or let go). */
    Decoded kept() {
        return cached;
    }

    /** Sets the size under which an archive is decoded whole on first use (tests of the lazy path set 0). */
    void decodeWholeBelow(long bytes) {
        wholeBelow = bytes;
    }

    /**
     * The kept decoding, made when there is none. With {@code all} every stream is decoded (in
     * parallel); without {@code wholeIfSmall} a small archive is not decoded whole on first use (a
     * query decodes what it needs); streams of the tables in {@code first} (when given) are
     * decoded before the order is built.
     */
    Decoded get(boolean all, boolean wholeIfSmall, BitSet first) throws IOException {
        Decoded d = cached;
        if (d == null) {
            synchronized (this) {
                if (closed) throw new IOException("the archive is closed");
                d = cached;
                if (d == null) {
                    int releasesBefore = releases.get();
                    ClpsTables tables = tables(archive, freers);
                    // var.dict can be tens of MB: it decodes on its own thread while streams decode and the order is
                    // built.
                    CompletableFuture<ClpsLoaded<ClpsDecoding>> full = ClpsDecoding.inBackground(archive);
                    try {
                        // Decoded before ordering, the log_event_idx columns are read from the tables rather than again
                        // from the streams.
                        // A small archive is decoded whole at once (in parallel): its first page needs most of its
                        // streams anyway.
                        if (all || (wholeIfSmall && tables.decodedBytes() <= wholeBelow)) tables.decode(null);
                        else if (first != null) tables.decode(first);
                        d = new Decoded(
                                tables, ClpsLogOrder.build(archive, tables, archive.limits.maxBlockBytes() / 8), full);
                    } catch (IOException | RuntimeException e) {
                        tables.close();
                        throw e;
                    }
                    // Let go while it was being decoded (the tab was hidden meanwhile): this read uses it,
                    // nothing keeps it.
                    if (releases.get() == releasesBefore) cached = d;
                }
            }
        }
        if (all) d.tables().decode(null);
        return d;
    }

    /** Fresh tables, none decoded, kept by nothing here (a query's own): freed on close if still held. */
    synchronized ClpsTables fresh() throws IOException {
        if (closed) throw new IOException("the archive is closed");
        return tables(archive, freers);
    }

    /**
     * Lets the kept decoding go. Never waits (the window calls it on its thread, maybe while a
     * first decode holds this object's lock); reads under way keep what they hold, and its memory
     * is freed when the last of them lets go ({@link ClpsTables}).
     */
    void release() {
        releases.incrementAndGet();
        cached = null;
        first = null;
    }

    /** How many decodings' free actions are kept for {@link #close} (tests: released ones must not pile up). */
    int keptFreers() {
        return freers.size();
    }

    /** About how many decoded bytes {@link #release} would let go. */
    long keptBytes() {
        FirstPage f = first;
        long page = f == null ? 0 : f.lines().buf.length;
        Decoded d = cached;
        if (d == null) return page;
        return page + d.tables().keptBytes() + (d.order().onHeap() ? 8 * d.order().size : 0);
    }

    synchronized void close() {
        closed = true;
        cached = null;
        first = null;
        for (Runnable f : freers) f.run();
        freers.clear();
    }

    /** The archive's tables, none decoded yet, or the first problem that prevents decoding them. */
    private static ClpsTables tables(ClpsArchive a, Set<Runnable> freers) throws IOException {
        ClpsLoaded<ClpsDecoding> dl = a.shape();
        if (dl.problem() != null) throw ClpsRecords.asException(dl.problem());
        ClpsLoaded<ClpsTableMetadata> tl = a.tableMetadata();
        if (tl.problem() != null) throw ClpsRecords.asException(tl.problem());
        return new ClpsTables(a, dl.value(), tl.value(), freers);
    }
}
