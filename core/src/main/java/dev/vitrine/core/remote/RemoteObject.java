package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One remote object read by byte ranges through a {@link BlockCache}. The first request is a
 * ranged GET, never a HEAD: it gives the size (Content-Range), the version (ETag) and the first
 * block at once. Every later request is pinned to that version, so an object replaced while it
 * is read is reported, never read as a mix of two versions. Readers of a block share one
 * request in flight; a sequential reader's read-ahead doubles up to a bound and is split into
 * several requests in flight. Getting the blocks asked for, with retries, is
 * {@link BlockFetcher}'s job.
 */
public final class RemoteObject implements AutoCloseable {
    private static final AtomicLong IDS = new AtomicLong();

    /** One cache per limit: every object opened with the same settings shares it. */
    private static final Map<Long, BlockCache> CACHES = new ConcurrentHashMap<>();

    private final RangeTransport transport;
    private final RemoteSettings settings;
    private final BlockCache cache;
    private final long id = IDS.incrementAndGet();
    private final long size;
    private final String version;
    private final RemoteStats stats = new RemoteStats();
    private final BlockFetcher fetcher;
    private final ReadAhead readAhead;
    /** The most bytes fetched ahead of one reader: a quarter of the cache at most. */
    private final long aheadBytes;
    /**
     * The blocks of each read under way, {first, last}: a read asks for all its blocks, then copies
     * them in order, and those it has not copied yet must not be offered for reuse by another
     * reader's {@link #passed} (two readers of adjacent spans, a clp-s dictionary and the stream
     * after it, were taken for one sequential reader: the stream's reader passed the dictionary's
     * blocks before they were copied, and they were fetched again, a quarter of the object).
     */
    private final List<long[]> reading = new ArrayList<>();

    private RemoteObject(
            RangeTransport transport, RemoteSettings settings, long size, String version, String lastModified) {
        this.transport = transport;
        this.settings = settings;
        this.cache = cache(settings);
        this.size = size;
        this.version = version;
        this.fetcher = new BlockFetcher(transport, settings, cache, id, size, version, lastModified, stats);
        // a quarter of the cache at most: blocks fetched ahead must not push out those being read
        this.aheadBytes = Math.min(settings.readAheadBytes(), settings.cacheBytes() / 4);
        this.readAhead = new ReadAhead(settings.blockBytes(), size, aheadBytes);
    }

    /** The cache objects opened with {@code settings} read through. */
    static BlockCache cache(RemoteSettings settings) {
        return CACHES.computeIfAbsent(settings.cacheBytes(), BlockCache::new);
    }

    /**
     * Opens {@code transport}'s object with one ranged GET of its first block. A server that
     * answers with the whole body (it ignores Range) throws {@link RangeIgnored}, carrying the
     * response so the caller can read it once into a temporary file.
     */
    public static RemoteObject open(RangeTransport transport, RemoteSettings settings) throws IOException {
        RangeTransport.Response r = BlockFetcher.first(transport, settings);
        if (r.status() == 200) throw new RangeIgnored(transport.display(), r.watched(settings));
        if (r.status() == 416 && r.total() == 0)
            return new RemoteObject(transport, settings, 0, r.version(), r.lastModified());
        if (!r.partial())
            throw new RemoteException(transport.display(), RemoteException.statusReason(r.status(), r.errorCode()));
        if (r.total() < 0) {
            r.discard();
            throw new RemoteException(
                    transport.display(), "server does not say the object's size (its Content-Range ends in /*)");
        }
        String shorter = BlockFetcher.shorter(r, 0, Math.min(settings.blockBytes(), r.total()));
        if (shorter != null) {
            r.discard();
            throw new RemoteException(transport.display(), shorter);
        }
        RemoteObject o = new RemoteObject(transport, settings, r.total(), r.version(), r.lastModified());
        o.stats.requests.incrementAndGet();
        o.adoptFirstBlock(r);
        return o;
    }

    /** Caches the first block from the opening body, watched like every body: a stalled one is asked for again. */
    private void adoptFirstBlock(RangeTransport.Response r) throws IOException {
        int len = (int) Math.min(settings.blockBytes(), size);
        BlockCache.Block b = cache.reserve(settings.blockBytes(), false);
        try (InputStream in = IdleWatch.watch(r.body(), settings)) {
            if (b == null) return; // every buffer is busy: the block is asked for again when read
            int n = b.readFrom(in, len, new byte[BlockFetcher.STAGE_BYTES]);
            stats.bytes.addAndGet(n);
            // a short first body is not fatal: the block is simply asked for again when read
            if (n == len && r.start() == 0) {
                cache.fill(b, new BlockCache.Key(id, 0), len);
                b = null;
            }
        } catch (IdleWatch.Stalled e) {
            fetcher.openingStalled(); // asked for again, as the second of a silent server's two tries
        } catch (IOException e) {
            // the same: the block is asked for again when read
        } finally {
            if (b != null) cache.release(b);
        }
    }

    public String display() {
        return transport.display();
    }

    public long size() {
        return size;
    }

    /** The version every request is pinned to (ETag, or Last-Modified), or null when the server gives none. */
    public String version() {
        return version;
    }

    public RemoteStats stats() {
        return stats;
    }

    /**
     * What a cache takes, in bytes: its limit; block buffers and kept spans together, now and at
     * most so far; and of that the spans readers keep, now and at most so far.
     */
    public record CacheUse(long limit, long held, long peak, long spans, long spansPeak) {}

    /** Counts a span a reader keeps within the cache's limit (see {@link BlockCache#admitSpan}); false to not keep it. */
    boolean admitSpan(long bytes) {
        return !fetcher.closed() && cache.admitSpan(bytes);
    }

    void releaseSpan(long bytes) {
        cache.releaseSpan(bytes);
    }

    /** The use of the cache that objects opened with {@code settings} read through. */
    public static CacheUse cacheUse(RemoteSettings settings) {
        return cache(settings).use();
    }

    /** Reads exactly {@code len} bytes at {@code offset}; the caller has checked the bounds. */
    public void read(long offset, byte[] dst, int dstOffset, int len) throws IOException {
        if (len == 0) return;
        int bs = settings.blockBytes();
        long first = offset / bs;
        long last = (offset + len - 1) / bs;
        long[] span = {first, last};
        synchronized (reading) {
            reading.add(span);
        }
        try {
            copy(offset, dst, dstOffset, len, first, last);
        } finally {
            synchronized (reading) {
                reading.remove(span);
            }
        }
    }

    private void copy(long offset, byte[] dst, int dstOffset, int len, long first, long last) throws IOException {
        int bs = settings.blockBytes();
        List<CompletableFuture<BlockCache.Block>> blocks = ensure(first, last, true);
        readAheadAfter(offset, len, last);
        for (long b = first; b <= last; b++) {
            BlockCache.Key key = new BlockCache.Key(id, b);
            CompletableFuture<BlockCache.Block> f = blocks.get((int) (b - first));
            BlockCache.Block block;
            // a block is copied from pinned; one whose buffer was taken for another before we came is asked for again
            while ((block = f == null ? null : fetcher.await(f)) == null || !cache.pin(block, key)) {
                f = ensure(b, b, true).getFirst();
                if (f == null) f = waitForRoom(b);
            }
            try {
                long blockStart = b * bs;
                long from = Math.max(offset, blockStart);
                long to = Math.min(offset + len, blockStart + block.length);
                if (to - from <= 0 || from - blockStart + (to - from) > block.length) {
                    throw new RemoteException(display(), "short block at offset " + blockStart);
                }
                block.copyTo((int) (from - blockStart), dst, dstOffset + (int) (from - offset), (int) (to - from));
            } finally {
                cache.unpin(block);
            }
        }
    }

    /**
     * A reader will read {@code [offset, offset + length)} front to back: its blocks, as many as a
     * read-ahead holds, are asked for now (where the cache has room for blocks fetched ahead),
     * shared with the reads that then come for them.
     */
    public void willRead(long offset, long length) {
        if (length <= 0 || offset < 0 || offset >= size || fetcher.closed()) return;
        int bs = settings.blockBytes();
        long first = offset / bs;
        long last = (Math.min(size, offset + length) - 1) / bs;
        ensure(first, Math.min(last, first + Math.max(1, aheadBytes / bs) - 1), false);
    }

    /**
     * A front-to-back reader will not come back before {@code offset}: the blocks of its own span
     * wholly before it are reused first (see {@link BlockCache#passed}), so a long scan holds its
     * working span of buffers, not the whole cache. They stay cached until then.
     */
    public void passed(long offset) {
        long[] blocks = readAhead.passed(Math.min(offset, size));
        if (blocks == null) return;
        for (long b = blocks[0]; b < blocks[1]; b++) if (!beingRead(b)) cache.passed(new BlockCache.Key(id, b));
    }

    /** Whether a read under way has block {@code b} still to copy (or is copying it). */
    private boolean beingRead(long b) {
        synchronized (reading) {
            for (long[] r : reading) if (b >= r[0] && b <= r[1]) return true;
        }
        return false;
    }

    /** Block {@code b} asked for once a buffer is free for it: every one was being filled or read. */
    private CompletableFuture<BlockCache.Block> waitForRoom(long b) throws IOException {
        BlockCache.Block buffer;
        try {
            buffer = cache.reserveWaiting(settings.blockBytes());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("cancelled");
        }
        return ensure(b, b, true, buffer).getFirst();
    }

    /** Asks for the blocks ahead of a sequential reader (see {@link ReadAhead}) that the cache has room for. */
    private void readAheadAfter(long offset, int len, long lastBlock) {
        ReadAhead.Range r = readAhead.after(offset, len, lastBlock);
        if (r == null) return;
        int asked = ensure(r.from(), r.to(), false).indexOf(null);
        if (asked >= 0) readAhead.shortened(r, r.from() + asked - 1);
    }

    private List<CompletableFuture<BlockCache.Block>> ensure(long first, long last, boolean demand) {
        return ensure(first, last, demand, null);
    }

    /**
     * The futures of blocks {@code first..last}: cached ones done, ones already on their way
     * shared, the rest asked for in runs of at most {@code requestBytes}, each into a buffer of
     * the cache ({@code given} for the first, when not null). Null from the first block for
     * which the cache has no room on: nothing is fetched that the cache could not hold.
     */
    private List<CompletableFuture<BlockCache.Block>> ensure(
            long first, long last, boolean demand, BlockCache.Block given) {
        List<CompletableFuture<BlockCache.Block>> out = new ArrayList<>((int) (last - first + 1));
        List<BlockFetcher.Run> runs = new ArrayList<>();
        int bs = settings.blockBytes();
        long runBlocks = Math.max(1, settings.requestBytes() / bs);
        long gen;
        try {
            synchronized (this) {
                gen = fetcher.generation();
                boolean full = false;
                for (long b = first; b <= last; b++) {
                    // on its way first, then cached: a fetch caches a block before it stops being on its
                    // way, so one missed here is found there. Asked the other way round, a block cached
                    // and done between the two looks was missed by both and fetched again.
                    CompletableFuture<BlockCache.Block> f = fetcher.pending(b);
                    if (f == null) {
                        BlockCache.Block cached = cache.get(new BlockCache.Key(id, b));
                        if (cached != null) f = CompletableFuture.completedFuture(cached);
                    }
                    if (f != null) {
                        if (demand) stats.hits.incrementAndGet();
                    } else {
                        BlockCache.Block buffer = full ? null : given != null ? given : cache.reserve(bs, !demand);
                        given = null;
                        if (buffer == null) {
                            full = true;
                            out.add(null);
                            continue;
                        }
                        if (demand) stats.misses.incrementAndGet();
                        BlockFetcher.Run run = runs.isEmpty() ? null : runs.getLast();
                        if (run == null || run.last() != b - 1 || run.futures().size() >= runBlocks) {
                            run = new BlockFetcher.Run(b, gen);
                            runs.add(run);
                        }
                        f = fetcher.ask(run, b, buffer);
                    }
                    out.add(f);
                }
            }
        } catch (RuntimeException | Error e) {
            // a buffer the process could not allocate (direct memory under the cache's limit):
            // nothing asked for may be left pending, or its readers would wait for ever
            for (BlockFetcher.Run run : runs)
                fetcher.fail(run.first(), run, new RemoteException(display(), String.valueOf(e), e));
            if (given != null) cache.release(given);
            throw e;
        }
        if (given != null) cache.release(given);
        runs.forEach(fetcher::start);
        return out;
    }

    /**
     * Stops the requests in flight and the read-ahead (a cancelled verify or export must not go
     * on downloading), keeping the object open and its cached blocks. Readers waiting for a
     * stopped block get "cancelled" (the job being cancelled is the one waiting, and must not
     * wait for a stalled server); requests queued or retrying give up; later reads ask again.
     */
    public void cancelReads() {
        synchronized (this) { // the lock under which ensure reads the generation and asks for blocks
            fetcher.newGeneration();
        }
        readAhead.reset();
        fetcher.stopAll();
    }

    /** Stops the requests in flight and forgets this object's blocks. */
    @Override
    public void close() {
        fetcher.close();
        cache.drop(id);
        transport.close();
    }

    /** The server answered the first ranged GET with the whole body: it ignores Range. */
    public static final class RangeIgnored extends RemoteException {
        private final transient RangeTransport.Response response;

        RangeIgnored(String display, RangeTransport.Response response) {
            super(display, "server ignores Range requests");
            this.response = response;
        }

        public RangeTransport.Response response() {
            return response;
        }
    }
}
