package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One remote object read by byte ranges through a {@link BlockCache}. The first request is a
 * ranged GET, never a HEAD: it gives the size (Content-Range), the version (ETag) and the first
 * block at once. Every later request is pinned to that version, so an object replaced while it
 * is read is reported, never read as a mix of two versions. Readers of a block share one
 * request in flight; a sequential reader's read-ahead doubles up to a bound and is split into
 * several requests in flight; a dropped body is resumed where it stopped, with backoff.
 */
public final class RemoteObject implements AutoCloseable {
    private static final AtomicLong IDS = new AtomicLong();
    private static final ExecutorService FETCHERS = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("vitrine-fetch-", 0).factory());

    /** One cache per limit: every object opened with the same settings shares it. */
    private static final Map<Long, BlockCache> CACHES = new ConcurrentHashMap<>();

    /** A body is read into the cache's buffers (off the heap) through a heap array of this size. */
    private static final int STAGE_BYTES = 64 << 10;

    private final RangeTransport transport;
    private final RemoteSettings settings;
    private final BlockCache cache;
    private final long id = IDS.incrementAndGet();
    private final long size;
    private final String version;
    private final Map<Long, CompletableFuture<BlockCache.Block>> inFlight = new ConcurrentHashMap<>();
    private final Set<InputStream> openBodies = ConcurrentHashMap.newKeySet();
    private final Semaphore slots;
    private final RemoteStats stats = new RemoteStats();
    private final ReadAhead readAhead;
    private volatile boolean closed;
    /** Moved on by {@link #cancelReads}: fetches of an earlier generation stop. */
    private volatile long generation;

    private RemoteObject(RangeTransport transport, RemoteSettings settings, long size, String version) {
        this.transport = transport;
        this.settings = settings;
        this.cache = cache(settings);
        this.size = size;
        this.version = version;
        this.slots = new Semaphore(settings.inFlight());
        // a quarter of the cache at most: blocks fetched ahead must not push out those being read
        this.readAhead = new ReadAhead(
                settings.blockBytes(), size, Math.min(settings.readAheadBytes(), settings.cacheBytes() / 4));
    }

    private static BlockCache cache(RemoteSettings settings) {
        return CACHES.computeIfAbsent(settings.cacheBytes(), BlockCache::new);
    }

    /**
     * Opens {@code transport}'s object with one ranged GET of its first block. A server that
     * answers with the whole body (it ignores Range) throws {@link RangeIgnored}, carrying the
     * response so the caller can read it once into a temporary file.
     */
    public static RemoteObject open(RangeTransport transport, RemoteSettings settings) throws IOException {
        RangeTransport.Response r = null;
        for (int attempt = 0; ; attempt++) {
            try {
                r = transport.get(0, settings.blockBytes(), null);
            } catch (IOException e) {
                String reason = RemoteException.transportReason(e);
                // a refused connection or an unknown name is an answer: say it at once
                boolean final_ = reason.equals("connection refused") || reason.equals("name not resolved");
                if (e instanceof RemoteException
                        || e instanceof InterruptedIOException
                        || final_
                        || attempt >= settings.retries()) {
                    throw e instanceof RemoteException || e instanceof InterruptedIOException
                            ? e
                            : new RemoteException(transport.display(), reason, e);
                }
                pause(attempt, -1);
                continue;
            }
            if (r.retryable() && attempt < settings.retries()) {
                r.discard();
                pause(attempt, r.retryAfterMillis());
                continue;
            }
            break;
        }
        if (r.status() == 200) throw new RangeIgnored(transport.display(), r);
        if (r.status() == 416 && r.total() == 0) return new RemoteObject(transport, settings, 0, r.version());
        if (!r.partial())
            throw new RemoteException(transport.display(), RemoteException.statusReason(r.status(), r.errorCode()));
        if (r.total() < 0) {
            r.discard();
            throw new RemoteException(transport.display(), "server does not say the object's size (Content-Range */*)");
        }
        RemoteObject o = new RemoteObject(transport, settings, r.total(), r.version());
        o.stats.requests.incrementAndGet();
        o.adoptFirstBlock(r);
        return o;
    }

    private void adoptFirstBlock(RangeTransport.Response r) throws IOException {
        int len = (int) Math.min(settings.blockBytes(), size);
        BlockCache.Block b = cache.reserve(settings.blockBytes(), false);
        try (InputStream in = r.body()) {
            if (b == null) return; // every buffer is busy: the block is asked for again when read
            int n = b.readFrom(in, len, new byte[STAGE_BYTES]);
            stats.bytes.addAndGet(n);
            // a short first body is not fatal: the block is simply asked for again when read
            if (n == len && r.start() == 0) {
                cache.fill(b, new BlockCache.Key(id, 0), len);
                b = null;
            }
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
        return !closed && cache.admitSpan(bytes);
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
        List<CompletableFuture<BlockCache.Block>> blocks = ensure(first, last, true);
        readAheadAfter(offset, len, last);
        for (long b = first; b <= last; b++) {
            BlockCache.Key key = new BlockCache.Key(id, b);
            CompletableFuture<BlockCache.Block> f = blocks.get((int) (b - first));
            BlockCache.Block block;
            // a block is copied from pinned; one whose buffer was taken for another before we came is asked for again
            while ((block = f == null ? null : await(f)) == null || !cache.pin(block, key)) {
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

    /** Blocks before this one were passed by a front-to-back reader ({@link #passed}). */
    private long passedBlocks;

    /**
     * A front-to-back reader will not come back before {@code offset}: the blocks wholly before it
     * are reused first (see {@link BlockCache#passed}), so a long scan holds its working span of
     * buffers, not the whole cache. They stay cached until then.
     */
    public void passed(long offset) {
        long to = Math.min(offset, size) / settings.blockBytes();
        long from;
        synchronized (this) {
            from = passedBlocks;
            passedBlocks = to; // behind the last one: another scan, starting over
            if (to <= from) return;
        }
        for (long b = from; b < to; b++) cache.passed(new BlockCache.Key(id, b));
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

    /** Blocks {@code first..last} asked for by one request: their futures and the buffers they are read into. */
    private record Run(long first, List<CompletableFuture<BlockCache.Block>> futures, List<BlockCache.Block> buffers) {
        long last() {
            return first + futures.size() - 1;
        }
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
        List<Run> runs = new ArrayList<>();
        int bs = settings.blockBytes();
        long runBlocks = Math.max(1, settings.requestBytes() / bs);
        long gen;
        try {
            synchronized (this) {
                gen = generation;
                boolean full = false;
                for (long b = first; b <= last; b++) {
                    BlockCache.Block cached = cache.get(new BlockCache.Key(id, b));
                    CompletableFuture<BlockCache.Block> f;
                    if (cached != null) {
                        f = CompletableFuture.completedFuture(cached);
                        if (demand) stats.hits.incrementAndGet();
                    } else if ((f = inFlight.get(b)) != null) {
                        if (demand) stats.hits.incrementAndGet();
                    } else {
                        BlockCache.Block buffer = full ? null : given != null ? given : cache.reserve(bs, !demand);
                        given = null;
                        if (buffer == null) {
                            full = true;
                            out.add(null);
                            continue;
                        }
                        f = new CompletableFuture<>();
                        inFlight.put(b, f);
                        if (demand) stats.misses.incrementAndGet();
                        Run run = runs.isEmpty() ? null : runs.getLast();
                        if (run == null || run.last() != b - 1 || run.futures.size() >= runBlocks) {
                            run = new Run(b, new ArrayList<>(), new ArrayList<>());
                            runs.add(run);
                        }
                        run.futures.add(f);
                        run.buffers.add(buffer);
                    }
                    out.add(f);
                }
            }
        } catch (RuntimeException | Error e) {
            // a buffer the process could not allocate (direct memory under the cache's limit):
            // nothing asked for may be left pending, or its readers would wait for ever
            for (Run run : runs) fail(run.first(), run, new RemoteException(display(), String.valueOf(e), e));
            if (given != null) cache.release(given);
            throw e;
        }
        if (given != null) cache.release(given);
        for (Run run : runs) FETCHERS.execute(() -> fetch(run, gen));
        return out;
    }

    /**
     * Fetches a run of blocks with one request, resuming a dropped body where it stopped,
     * until {@link #cancelReads} moves past {@code gen}.
     */
    private void fetch(Run run, long gen) {
        int bs = settings.blockBytes();
        long first = run.first();
        long last = run.last();
        long next = first;
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            fail(first, run, new Stopped());
            return;
        }
        try {
            int attempt = 0;
            while (next <= last) {
                if (closed || gen != generation) throw new Stopped();
                long from = next * bs;
                long to = Math.min(size, (last + 1) * bs);
                RangeTransport.Response r;
                try {
                    stats.requests.incrementAndGet();
                    r = transport.get(from, to - from, version);
                } catch (IOException e) {
                    if (attempt >= settings.retries())
                        throw new RemoteException(display(), RemoteException.transportReason(e), e);
                    retryPause(attempt++, -1);
                    continue;
                }
                if (gen != generation) {
                    r.discard();
                    throw new Stopped(); // answered after a cancel: its body is not wanted
                }
                if (r.changed()) throw new RemoteException.Changed(display(), null);
                if (r.retryable() && attempt < settings.retries()) {
                    r.discard();
                    retryPause(attempt++, r.retryAfterMillis());
                    continue;
                }
                if (!r.partial()) {
                    r.discard();
                    throw new RemoteException(display(), RemoteException.statusReason(r.status(), r.errorCode()));
                }
                if (r.total() != size || (version != null && r.version() != null && !version.equals(r.version()))) {
                    r.discard();
                    throw new RemoteException.Changed(
                            display(), r.total() != size ? "was " + size + " bytes, now " + r.total() : null);
                }
                if (r.start() != from) {
                    r.discard();
                    throw new RemoteException(
                            display(), "server sent bytes from " + r.start() + " when asked for " + from);
                }
                long before = next;
                next = readBody(r.body(), next, run, gen);
                if (next > last) break;
                // dropped mid-body: resume from the first block not read; progress earns fresh retries
                if (next > before) attempt = 0;
                if (attempt >= settings.retries())
                    throw new RemoteException(display(), "connection dropped " + (attempt + 1) + " times");
                retryPause(attempt++, -1);
            }
        } catch (IOException e) {
            fail(next, run, e);
        } catch (RuntimeException e) {
            fail(next, run, new RemoteException(display(), String.valueOf(e), e));
        } catch (Error e) {
            fail(next, run, new RemoteException(display(), String.valueOf(e), e));
            throw e;
        } finally {
            slots.release();
        }
    }

    /**
     * Reads whole blocks from a body straight into their buffers until it ends or fails;
     * returns the first block not read.
     */
    private long readBody(InputStream raw, long next, Run run, long gen) {
        int bs = settings.blockBytes();
        InputStream body = IdleWatch.watch(raw, settings.idleTimeout().toNanos());
        byte[] stage = new byte[STAGE_BYTES];
        openBodies.add(body);
        try (body) {
            while (next <= run.last() && gen == generation && !closed) {
                int len = (int) Math.min(bs, size - next * bs);
                int i = (int) (next - run.first());
                BlockCache.Block b = run.buffers.get(i);
                int n = b.readFrom(body, len, stage);
                stats.bytes.addAndGet(n);
                if (n < len) break;
                cache.fill(b, new BlockCache.Key(id, next), len);
                CompletableFuture<BlockCache.Block> f = run.futures.get(i);
                inFlight.remove(next, f);
                f.complete(b);
                next++;
            }
        } catch (IOException e) {
            // dropped connection: the caller resumes from `next`
        } finally {
            openBodies.remove(body);
        }
        return next;
    }

    /**
     * Fails this fetch's blocks from {@code from} on and hands their buffers back; a block asked
     * for again since is another future, untouched.
     */
    private void fail(long from, Run run, IOException e) {
        for (long b = from; b <= run.last(); b++) {
            int i = (int) (b - run.first());
            cache.release(run.buffers.get(i));
            CompletableFuture<BlockCache.Block> f = run.futures.get(i);
            inFlight.remove(b, f);
            f.completeExceptionally(e);
        }
    }

    private void retryPause(int attempt, long retryAfter) throws InterruptedIOException {
        stats.retries.incrementAndGet();
        pause(attempt, retryAfter);
    }

    private static void pause(int attempt, long retryAfter) throws InterruptedIOException {
        long base = retryAfter >= 0 ? retryAfter : Math.min(5_000, 100L << Math.min(attempt, 6));
        try {
            Thread.sleep(base + ThreadLocalRandom.current().nextLong(Math.max(1, base / 2)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("cancelled");
        }
    }

    private BlockCache.Block await(CompletableFuture<BlockCache.Block> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("cancelled");
        } catch (CancellationException e) {
            throw new InterruptedIOException("cancelled");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Stopped) throw new Stopped();
            if (e.getCause() instanceof IOException io) {
                // a fresh exception per reader, with this reader's stack, keeping the reason
                if (io instanceof RemoteException.Changed) throw new RemoteException.Changed(display(), null);
                if (io instanceof RemoteException re) throw new RemoteException(display(), re.reason(), io);
                throw new IOException(io.getMessage(), io);
            }
            throw new RemoteException(display(), RemoteException.transportReason(e.getCause()), e.getCause());
        }
    }

    /**
     * Stops the requests in flight and the read-ahead (a cancelled verify or export must not go
     * on downloading), keeping the object open and its cached blocks. Readers waiting for a
     * stopped block get "cancelled" (the job being cancelled is the one waiting, and must not
     * wait for a stalled server); requests queued or retrying give up; later reads ask again.
     */
    public void cancelReads() {
        synchronized (this) {
            generation++;
        }
        readAhead.reset();
        stopInFlight(new Stopped());
    }

    private void stopInFlight(IOException why) {
        for (InputStream in : openBodies) {
            try {
                in.close();
            } catch (IOException ignored) {
                // closing only to stop the transfer
            }
        }
        for (var e : List.copyOf(inFlight.entrySet())) {
            if (inFlight.remove(e.getKey(), e.getValue())) e.getValue().completeExceptionally(why);
        }
    }

    /** Stops the requests in flight and forgets this object's blocks. */
    @Override
    public void close() {
        closed = true;
        stopInFlight(new InterruptedIOException("closed"));
        cache.drop(id);
        transport.close();
    }

    /** A block's request was stopped by {@link #cancelReads}, not failed. */
    private static final class Stopped extends InterruptedIOException {
        Stopped() {
            super("cancelled");
        }
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
