package dev.vitrine.core.format.clps;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The tables of an archive, each packed stream decoded once, when a table in it is first
 * needed, into the spill (mapped, off the heap) and kept there. The window's first page thus
 * decodes only the streams holding its records; `cat` asks for all of them at once, decoded
 * in parallel. A stream that fails to decode fails the same way every time, without decoding
 * it again. The decoded bytes live in a spill of their own: when the archive lets its tables go
 * ({@link ClpsKeptDecoding#release}), their memory is freed once nothing reads them any more (the
 * collector finds these tables unreachable), or when the archive closes.
 */
final class ClpsTables implements AutoCloseable {
    private final ClpsArchive archive;
    final ClpsDecoding decoding;
    final ClpsTableMetadata meta;
    private final ClpsSpill spill;
    private final AtomicReferenceArray<ClpsTable> tables;
    private final AtomicReferenceArray<IOException> failed;
    private final Object[] streamLocks;
    private final List<List<ClpsTableMetadata.Table>> byStream = new ArrayList<>();
    private final AtomicInteger streamsDecoded = new AtomicInteger();
    /** Each packed stream's decoded bytes once allocated: all its tables written, or only some ({@link #decodeOnly}). */
    private final MemorySegment[] streamData;
    /** Streams counted in {@link #streamsDecoded} (a stream decoded in two passes counts once). */
    private final boolean[] counted;
    /** Per table not decoded: where a pass for other tables of its stream kept its log_event_idx column, else null. */
    private final AtomicReferenceArray<long[]> orderKept;

    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();
    /** Closes {@link #spill}: when these tables become unreachable, or at once from {@link #close}. */
    private final java.lang.ref.Cleaner.Cleanable freed;

    /**
     * {@code held}: where the action that frees these tables waits for the archive's close while
     * they may be read; it leaves the set once it has run, so decodings let go leave nothing behind.
     */
    ClpsTables(ClpsArchive archive, ClpsDecoding decoding, ClpsTableMetadata meta, java.util.Set<Runnable> held) {
        this.archive = archive;
        this.decoding = decoding;
        this.meta = meta;
        this.spill = archive.spill.generation();
        // the action must not hold this object, or it would never become unreachable
        Freer freer = new Freer(spill, held);
        held.add(freer);
        this.freed = CLEANER.register(this, freer);
        this.tables = new AtomicReferenceArray<>(meta.tables.size());
        this.failed = new AtomicReferenceArray<>(meta.streams.size());
        this.streamLocks = new Object[meta.streams.size()];
        this.streamData = new MemorySegment[meta.streams.size()];
        this.counted = new boolean[meta.streams.size()];
        this.orderKept = new AtomicReferenceArray<>(meta.tables.size());
        for (int s = 0; s < streamLocks.length; s++) {
            streamLocks[s] = new Object();
            byStream.add(new ArrayList<>());
        }
        for (ClpsTableMetadata.Table t : meta.tables) byStream.get(t.stream()).add(t);
    }

    int size() {
        return tables.length();
    }

    /** Table {@code t}, its stream decoded first if no table of it has been. */
    ClpsTable table(int t) throws IOException {
        ClpsTable tb = tables.get(t);
        if (tb != null) return tb;
        decodeStream(meta.tables.get(t).stream(), null);
        return tables.get(t);
    }

    /** The table if its stream is decoded already, else null (never decodes). */
    ClpsTable ifDecoded(int t) {
        return tables.get(t);
    }

    /** What all the packed streams decode to, as /table_metadata gives it. */
    long decodedBytes() {
        long sum = 0;
        for (ClpsTableMetadata.Stream st : meta.streams) sum += Math.max(0, st.size());
        return sum;
    }

    /** How many packed streams have been decoded so far (what a first page cost). */
    int streamsDecoded() {
        return streamsDecoded.get();
    }

    /** Decodes the streams holding the tables in {@code which} (all when null), in parallel. */
    void decode(BitSet which) throws IOException {
        decode(which, false);
    }

    /**
     * Decodes the tables in {@code which} only (a query's: the others cannot match): where a packed
     * stream holds other tables too, it is decoded whole but only these tables' bytes are kept, and
     * of the others only their log_event_idx columns (the order needs them). Another table of such a
     * stream asked for later decodes the stream again.
     */
    void decodeOnly(BitSet which) throws IOException {
        decode(which, true);
    }

    private void decode(BitSet which, boolean only) throws IOException {
        List<Integer> streams = new ArrayList<>();
        for (int s = 0; s < byStream.size(); s++) {
            boolean wanted = false;
            for (ClpsTableMetadata.Table t : byStream.get(s))
                wanted |= tables.get(t.index()) == null && (which == null || which.get(t.index()));
            if (wanted) streams.add(s);
        }
        BitSet keep = only ? which : null;
        willRead(streams);
        List<java.util.concurrent.Callable<Void>> work = new ArrayList<>();
        for (int s : streams) {
            work.add(() -> {
                decodeStream(s, keep);
                return null;
            });
        }
        ClpsRecords.inParallel(work);
    }

    /**
     * Tells a source read by ranges (a remote object) of every stream about to be decoded, in order:
     * their first blocks are then on their way while the first streams decode, not asked for as each
     * decode starts (a round trip each over a slow link); a local file ignores it. A damaged range is
     * left to its decode.
     */
    private void willRead(List<Integer> streams) {
        dev.vitrine.core.io.ByteSource src = archive.source();
        for (int s : streams) {
            try {
                long[] at = archive.streams.compressedRange(meta, s);
                src.willRead(at[0], at[1]);
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Table {@code t}'s log_event_idx values kept by a {@link #decodeOnly} pass, or null. */
    long[] orderOnly(int t) {
        return orderKept.get(t);
    }

    /** Decodes stream {@code s}: all its tables, or those in {@code only} when it holds others too. */
    private void decodeStream(int s, BitSet only) throws IOException {
        synchronized (streamLocks[s]) {
            IOException earlier = failed.get(s);
            if (earlier != null) throw earlier;
            List<ClpsTableMetadata.Table> ts = new ArrayList<>();
            boolean some = false;
            for (ClpsTableMetadata.Table t : byStream.get(s)) {
                if (tables.get(t.index()) != null) continue;
                if (only == null || only.get(t.index())) ts.add(t);
                else some = true;
            }
            if (ts.isEmpty()) return;
            try {
                MemorySegment data = some ? partly(s, ts) : null;
                if (data == null) data = streamInto(s);
                ClpsTable[] made = new ClpsTable[ts.size()];
                for (int i = 0; i < made.length; i++) {
                    try {
                        made[i] = ClpsTable.decode(decoding, ts.get(i), data);
                    } catch (ClpsDecodeException e) {
                        throw archive.streams.streamProblem(ts.get(i), e);
                    }
                }
                for (int i = 0; i < made.length; i++) tables.set(ts.get(i).index(), made[i]);
                if (!counted[s]) streamsDecoded.incrementAndGet();
                counted[s] = true;
                streamData[s] = data;
            } catch (IOException e) {
                failed.set(s, e);
                throw e;
            }
        }
    }

    /**
     * Stream {@code s} decoded whole, of which only the bytes of {@code ts} and the other tables'
     * log_event_idx columns are kept in its segment; null when its frame does not decode (decoded
     * again whole then, so the problem is said in the words a whole decode says it).
     */
    private MemorySegment partly(int s, List<ClpsTableMetadata.Table> ts) throws IOException {
        long size = meta.streams.get(s).size();
        List<long[]> ranges = new ArrayList<>();
        for (ClpsTableMetadata.Table t : ts) ranges.add(new long[] {t.offset(), t.length()});
        java.util.Map<ClpsTableMetadata.Table, ClpsLogOrder.OrderColumn> orderOf = new java.util.LinkedHashMap<>();
        for (ClpsTableMetadata.Table t : byStream.get(s)) {
            if (tables.get(t.index()) != null || ts.contains(t) || orderKept.get(t.index()) != null) continue;
            ClpsLogOrder.OrderColumn c = ClpsLogOrder.orderLayout(decoding, t);
            if (c != null) {
                ranges.add(new long[] {c.start(), c.bytes()});
                orderOf.put(t, c);
            }
        }
        ranges.sort(java.util.Comparator.comparingLong(r -> r[0]));
        long[] at = archive.streams.compressedRange(meta, s);
        MemorySegment data = streamData[s] != null ? streamData[s] : spill.allocate(size);
        if (data.isNative() && streamData[s] == null) {
            // only the kept ranges are written, from the first: their far pages are asked for meanwhile
            spill.populateFromEnd(ranges.stream()
                    .filter(r -> r[0] >= 0 && r[1] >= 0 && r[0] <= size - r[1]) // metadata may lie
                    .map(r -> data.asSlice(r[0], r[1]))
                    .toList());
        }
        try {
            ClpsZstd.decompressRanges(
                    archive.source(), at[0], at[1], data, size, ranges.toArray(long[][]::new), "stream " + s);
        } catch (ClpsZstd.FrameException e) {
            streamData[s] = data; // reused by the whole decode
            return null;
        }
        orderOf.forEach((t, c) -> orderKept.set(t.index(), c.values(data, c.start())));
        return data;
    }

    /** Stream {@code s} decoded whole into its segment: the one a {@link #decodeOnly} pass wrote part of, or a fresh spill segment of exactly its size. */
    private MemorySegment streamInto(int s) throws IOException {
        long size = meta.streams.get(s).size();
        dev.vitrine.core.io.ByteSource src = archive.source();
        long[] at = archive.streams.compressedRange(meta, s);
        if (streamData[s] == null && src.whole().isPresent()) {
            MemorySegment done = inPlace(s, size, at);
            if (done != null) return done;
        }
        MemorySegment out = streamData[s] != null ? streamData[s] : spill.allocate(size);
        if (src.whole().isEmpty() && out.isNative()) {
            // A source read by ranges (a remote object) is decoded as it arrives, never held whole.
            try {
                ClpsZstd.decompressExact(
                        src,
                        at[0],
                        at[1],
                        out.asByteBuffer(),
                        (int) size,
                        "stream " + s,
                        d -> spill.whileMapped(d::run));
                return out;
            } catch (ClpsZstd.FrameException e) {
                // A damaged frame is decoded again whole, below, so it is reported in the words a local copy's is.
            }
        }
        if (out.isNative()) {
            try (Arena local = Arena.ofConfined()) {
                // Read into memory of our own: native code must never read a mapped file, where a page of a
                // file that shrank is a SIGBUS (a read says so as an error instead).
                MemorySegment fresh = dev.vitrine.core.io.AnonymousMemory.allocate(at[1], local);
                MemorySegment in = fresh != null ? fresh : local.allocate(Math.max(1, at[1]));
                src.read(at[0], in.asSlice(0, at[1]).asByteBuffer());
                // zstd writes through the mapping natively: the archive closing meanwhile must wait,
                // not unmap under it.
                spill.whileMapped(() -> ClpsZstd.decompressExact(
                        in.asSlice(0, at[1]).asByteBuffer(), out.asByteBuffer(), (int) size, "stream " + s));
            } catch (ClpsZstd.FrameException e) {
                throw archive.streams.streamFrameProblem(meta, s, e);
            }
        } else {
            byte[] b = (byte[]) out.heapBase().orElseThrow();
            byte[] comp = src.read(at[0], Math.toIntExact(at[1]));
            try {
                byte[] d = ClpsZstd.decompressExact(comp, 0, comp.length, (int) size, "stream " + s);
                System.arraycopy(d, 0, b, 0, d.length);
            } catch (ClpsZstd.FrameException e) {
                throw archive.streams.streamFrameProblem(meta, s, e);
            }
        }
        return out;
    }

    /**
     * Stream {@code s} decoded in place (zstd's single-pass decoding allows it): its compressed bytes
     * are read into the end of the segment it decodes into, a margin past the stream's size, and
     * overwritten as they are consumed. Fresh memory is what a decode costs most of (each new page a
     * fault): a separate buffer for the compressed bytes was 0.16-0.27 s of a 30 MB stream's decode.
     * Null when that cannot be done (the memory is on the heap, or the frame does not decode: then
     * the usual way decodes into the same memory, and reports a bad frame in its own words).
     */
    private MemorySegment inPlace(int s, long size, long[] at) throws IOException {
        long room = size + ClpsZstd.inPlaceMargin(size);
        if (at[1] > room || room > Integer.MAX_VALUE) return null;
        MemorySegment whole = spill.allocate(room);
        if (!whole.isNative()) { // on the heap (short of memory): the usual way decodes into it
            streamData[s] = whole.asSlice(0, size);
            return null;
        }
        // zstd writes the stream from its start: the pages of its far end are asked for meanwhile
        spill.populateFromEnd(List.of(whole));
        MemorySegment in = whole.asSlice(room - at[1], at[1]);
        archive.source().read(at[0], in.asByteBuffer());
        MemorySegment out = whole.asSlice(0, size);
        try {
            spill.whileMapped(
                    () -> ClpsZstd.decompressExact(in.asByteBuffer(), out.asByteBuffer(), (int) size, "stream " + s));
            return out;
        } catch (ClpsZstd.FrameException e) {
            streamData[s] = out; // decoded again (into the same memory) the usual way, which says why it fails
            return null;
        }
    }

    /** A spill segment for other decoded data kept with the tables (the log order). */
    MemorySegment allocate(long bytes) throws IOException {
        return spill.allocate(bytes);
    }

    /** Bytes decoded and kept (streams and the log order when in the spill). */
    long keptBytes() {
        return spill.used();
    }

    /** Frees the decoded bytes now (the archive closes): a read still under way fails with an IllegalStateException. */
    @Override
    public void close() {
        freed.clean();
    }

    /**
     * Closes one decoding's spill (idempotent), then leaves the set that kept it for the archive's
     * close: run by the cleaner once the tables are unreachable, by {@link #close}, or by the archive.
     */
    private static final class Freer implements Runnable {
        private final ClpsSpill spill;
        private final java.util.Set<Runnable> held;

        Freer(ClpsSpill spill, java.util.Set<Runnable> held) {
            this.spill = spill;
            this.held = held;
        }

        @Override
        public void run() {
            spill.close();
            held.remove(this);
        }
    }
}
