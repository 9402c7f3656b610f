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

    private static volatile BlockCache sharedCache;
    private static final int STREAMS = 8;

    /** One sequential reader: where its next read would start, how long it has run, how far ahead it is fetched. */
    private static final class Stream {
        long next = -1;
        long run;
        long prefetchedTo;
        long used;
    }

    private final RangeTransport transport;
    private final RemoteSettings settings;
    private final BlockCache cache;
    private final long id = IDS.incrementAndGet();
    private final long size;
    private final String version;
    private final Map<Long, CompletableFuture<byte[]>> inFlight = new ConcurrentHashMap<>();
    private final Set<InputStream> openBodies = ConcurrentHashMap.newKeySet();
    private final Semaphore slots;
    private final RemoteStats stats = new RemoteStats();
    /** The sequential readers seen lately, each with its own read-ahead (a verify reads in several places at once). */
    private final Stream[] streams = new Stream[STREAMS];

    private long clock;
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
        for (int i = 0; i < STREAMS; i++) streams[i] = new Stream();
    }

    private static BlockCache cache(RemoteSettings settings) {
        BlockCache c = sharedCache;
        if (c == null) {
            synchronized (RemoteObject.class) {
                if (sharedCache == null) sharedCache = new BlockCache(settings.cacheBytes());
                c = sharedCache;
            }
        }
        return c;
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
        long len = Math.min(settings.blockBytes(), size);
        try (InputStream in = r.body()) {
            byte[] b = in.readNBytes((int) len);
            stats.bytes.addAndGet(b.length);
            // a short first body is not fatal: the block is simply asked for again when read
            if (b.length == len && r.start() == 0) cache.put(new BlockCache.Key(id, 0), b);
        } catch (IOException e) {
            // the same: the block is asked for again when read
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

    /** Reads exactly {@code len} bytes at {@code offset}; the caller has checked the bounds. */
    public void read(long offset, byte[] dst, int dstOffset, int len) throws IOException {
        if (len == 0) return;
        int bs = settings.blockBytes();
        long first = offset / bs;
        long last = (offset + len - 1) / bs;
        List<CompletableFuture<byte[]>> blocks = ensure(first, last, true);
        readAheadAfter(offset, len, last);
        for (long b = first; b <= last; b++) {
            byte[] block = await(blocks.get((int) (b - first)));
            long blockStart = b * bs;
            long from = Math.max(offset, blockStart);
            long to = Math.min(offset + len, blockStart + block.length);
            if (to - from <= 0 || from - blockStart + (to - from) > block.length) {
                throw new RemoteException(display(), "short block at offset " + blockStart);
            }
            System.arraycopy(
                    block, (int) (from - blockStart), dst, dstOffset + (int) (from - offset), (int) (to - from));
        }
    }

    /**
     * Reads ahead as far as the reader has already come in sequence (up to a bound), as the
     * kernel's read-ahead does: a few small reads fetch nothing extra, a long scan soon keeps
     * several requests in flight ahead of itself. Each sequential stream of reads is followed
     * on its own: a verify frames blocks, checks chunks and hashes the file on several threads
     * at several offsets, and taken as one stream its reads would look random and never read ahead.
     */
    private void readAheadAfter(long offset, int len, long lastBlock) {
        long bs = settings.blockBytes();
        long from;
        long to;
        synchronized (this) {
            Stream s = streamAt(offset, bs);
            s.run = s.next >= 0 ? s.run + len : 0;
            s.next = offset + len;
            s.used = ++clock;
            long blocksAhead = Math.min(settings.readAheadBytes(), s.run) / bs;
            // ask again only once half of what is ahead is used, so requests go out in long runs
            if (blocksAhead == 0 || s.prefetchedTo - lastBlock > blocksAhead / 2) return;
            to = Math.min((size - 1) / bs, lastBlock + blocksAhead);
            from = Math.max(lastBlock + 1, s.prefetchedTo + 1);
            if (from > to) return;
            s.prefetchedTo = to;
        }
        ensure(from, to, false);
    }

    /** The stream a read at {@code offset} continues, or the least recently used one, started afresh. */
    private Stream streamAt(long offset, long bs) {
        Stream oldest = streams[0];
        for (Stream s : streams) {
            if (s.next >= 0 && offset >= s.next - bs && offset <= s.next + bs) return s;
            if (s.used < oldest.used) oldest = s;
        }
        oldest.next = -1;
        oldest.run = 0;
        oldest.prefetchedTo = 0;
        return oldest;
    }

    /**
     * The futures of blocks {@code first..last}: cached ones done, ones already on their way
     * shared, the rest asked for in runs of at most {@code requestBytes}.
     */
    private List<CompletableFuture<byte[]>> ensure(long first, long last, boolean demand) {
        List<CompletableFuture<byte[]>> out = new ArrayList<>((int) (last - first + 1));
        List<long[]> runs = new ArrayList<>();
        long runBlocks = Math.max(1, settings.requestBytes() / settings.blockBytes());
        long gen;
        synchronized (this) {
            gen = generation;
            long runStart = -1;
            for (long b = first; b <= last; b++) {
                byte[] cached = cache.get(new BlockCache.Key(id, b));
                CompletableFuture<byte[]> f;
                if (cached != null) {
                    f = CompletableFuture.completedFuture(cached);
                    if (demand) stats.hits.incrementAndGet();
                } else if ((f = inFlight.get(b)) != null) {
                    if (demand) stats.hits.incrementAndGet();
                } else {
                    f = new CompletableFuture<>();
                    inFlight.put(b, f);
                    if (demand) stats.misses.incrementAndGet();
                    if (runStart < 0 || b - runStart >= runBlocks || runs.getLast()[1] != b - 1) {
                        runs.add(new long[] {b, b});
                        runStart = b;
                    } else {
                        runs.getLast()[1] = b;
                    }
                }
                out.add(f);
            }
        }
        for (long[] run : runs) {
            List<CompletableFuture<byte[]>> mine = out.subList((int) (run[0] - first), (int) (run[1] - first + 1));
            List<CompletableFuture<byte[]>> own = List.copyOf(mine);
            FETCHERS.execute(() -> fetch(run[0], run[1], own, gen));
        }
        return out;
    }

    /**
     * Fetches blocks {@code first..last} (whose futures are {@code mine}) with one request,
     * resuming a dropped body where it stopped, until {@link #cancelReads} moves past {@code gen}.
     */
    private void fetch(long first, long last, List<CompletableFuture<byte[]>> mine, long gen) {
        int bs = settings.blockBytes();
        long next = first;
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            fail(first, first, mine, new Stopped());
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
                next = readBody(r.body(), next, last, first, mine, gen);
                if (next > last) break;
                // dropped mid-body: resume from the first block not read; progress earns fresh retries
                if (next > before) attempt = 0;
                if (attempt >= settings.retries())
                    throw new RemoteException(display(), "connection dropped " + (attempt + 1) + " times");
                retryPause(attempt++, -1);
            }
        } catch (IOException e) {
            fail(next, first, mine, e);
        } finally {
            slots.release();
        }
    }

    /** Reads whole blocks from a body until it ends or fails; returns the first block not read. */
    private long readBody(
            InputStream raw, long next, long last, long first, List<CompletableFuture<byte[]>> mine, long gen) {
        int bs = settings.blockBytes();
        InputStream body = IdleWatch.watch(raw, settings.idleTimeout().toNanos());
        openBodies.add(body);
        try (body) {
            while (next <= last && gen == generation) {
                int len = (int) Math.min(bs, size - next * bs);
                byte[] b = body.readNBytes(len);
                stats.bytes.addAndGet(b.length);
                if (b.length < len) break;
                cache.put(new BlockCache.Key(id, next), b);
                CompletableFuture<byte[]> f = mine.get((int) (next - first));
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

    /** Fails this fetch's blocks from {@code from} on; a block asked for again since is another future, untouched. */
    private void fail(long from, long first, List<CompletableFuture<byte[]>> mine, IOException e) {
        for (long b = from; b < first + mine.size(); b++) {
            CompletableFuture<byte[]> f = mine.get((int) (b - first));
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

    private byte[] await(CompletableFuture<byte[]> f) throws IOException {
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
            for (Stream s : streams) {
                s.next = -1;
                s.run = 0;
                s.prefetchedTo = 0;
            }
        }
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
