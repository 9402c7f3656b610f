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
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Brings runs of one object's blocks from the server into the cache's buffers, one ranged GET a
 * run, and answers for everything that goes wrong on the way: it retries with backoff on dropped
 * connections, 5xx, 429 and S3's SlowDown, resumes a dropped body at the first block not read,
 * checks every answer against the pinned size and version, and completes every block it was
 * asked for, with its buffer or with a one-line reason, so no reader waits for ever. Which blocks
 * to ask for, and when, is {@link RemoteObject}'s job.
 */
final class BlockFetcher {
    /**
     * Platform threads, not virtual ones: the SDK's S3 client reads its sockets blocking, and a
     * virtual thread's blocking socket read starts the JDK's poller, a thread that waits in native
     * code for good; every command that had used one then spent 0.3 s in the JVM's exit, which
     * waits for threads in native code to stop (an s3:// `info`: 1.0 s, of which 0.3 s after its
     * last line). The fetches in flight are few (the settings' slots), so are these threads.
     */
    private static final ExecutorService FETCHERS = Executors.newCachedThreadPool(
            Thread.ofPlatform().daemon().name("vitrine-fetch-", 0).factory());

    /** A body is read into the cache's buffers (off the heap) through a heap array of this size. */
    static final int STAGE_BYTES = 64 << 10;

    private final RangeTransport transport;
    private final RemoteSettings settings;
    private final BlockCache cache;
    private final long id;
    private final long size;
    private final String version;
    /** The first answer's Last-Modified, compared when a later answer has no tag to compare. */
    private final String lastModified;

    private final RemoteStats stats;
    private final Map<Long, CompletableFuture<BlockCache.Block>> inFlight = new ConcurrentHashMap<>();
    private final Set<InputStream> openBodies = ConcurrentHashMap.newKeySet();
    private final Semaphore slots;
    private volatile boolean closed;
    /** The opening request's body stalled ({@link #openingStalled()}): one silent try of block 0 already. */
    private final AtomicBoolean openingStalled = new AtomicBoolean();
    /** Moved on by {@link #newGeneration}: fetches of an earlier generation stop. */
    private volatile long generation;

    /**
     * Blocks {@code first..last} asked for by one request in {@code generation}: their futures
     * and the buffers they are read into.
     */
    record Run(
            long first,
            long generation,
            List<CompletableFuture<BlockCache.Block>> futures,
            List<BlockCache.Block> buffers) {
        Run(long first, long generation) {
            this(first, generation, new ArrayList<>(), new ArrayList<>());
        }

        long last() {
            return first + futures.size() - 1;
        }
    }

    BlockFetcher(
            RangeTransport transport,
            RemoteSettings settings,
            BlockCache cache,
            long id,
            long size,
            String version,
            String lastModified,
            RemoteStats stats) {
        this.transport = transport;
        this.settings = settings;
        this.cache = cache;
        this.id = id;
        this.size = size;
        this.version = version;
        this.lastModified = lastModified;
        this.stats = stats;
        this.slots = new Semaphore(settings.inFlight());
    }

    /**
     * The answer to the first ranged GET of an object, tried again after a pause on a dropped
     * connection or a status worth retrying; a refused connection or an unknown name is an
     * answer at once. The caller judges the status.
     */
    static RangeTransport.Response first(RangeTransport transport, RemoteSettings settings) throws IOException {
        Backoff backoff = new Backoff(settings);
        for (int attempt = 0; ; attempt++) {
            RangeTransport.Response r;
            try {
                r = transport.get(0, settings.blockBytes(), null);
            } catch (IOException e) {
                String reason = RemoteException.transportReason(e);
                if (e instanceof RemoteException
                        || e instanceof InterruptedIOException
                        || hopeless(reason, reason.startsWith("timed out") ? attempt + 1 : 0)
                        || attempt >= settings.retries()
                        || !backoff.pause(attempt, -1)) {
                    throw e instanceof RemoteException || e instanceof InterruptedIOException
                            ? e
                            : new RemoteException(transport.display(), reason, e);
                }
                continue;
            }
            if (!r.retryable() || attempt >= settings.retries()) return r;
            r.discard();
            if (!backoff.pause(attempt, r.retryAfterMillis()))
                throw new RemoteException(
                        transport.display(),
                        Backoff.reason(RemoteException.statusReason(r.status(), r.errorCode()), r.retryAfterMillis()));
        }
    }

    /**
     * Whether a failure is not worth another try: {@code silences} is how many tries in a row the
     * server has kept silent (timed out, or a stalled body).
     */
    static boolean hopeless(String reason, int silences) {
        return reason.equals("connection refused")
                || reason.equals("name not resolved")
                // a certificate does not become trusted on a second try (five were 5 s)
                || reason.startsWith("TLS certificate")
                || reason.startsWith("not a TLS server")
                // nor does a handshake the server refused with a fatal alert (no protocol in common)
                || reason.startsWith("TLS handshake failed") && reason.contains("fatal alert")
                || reason.startsWith("redirect")
                // a Content-Range no object has, an encoded body: the server answers so every time
                || reason.startsWith("server sent")
                // A server that never answers is tried twice, not at every retry: each try waits out the
                // whole timeout (six tries of a black hole were three minutes before "timed out").
                || silences >= 2;
    }

    /** The opening request's body stalled before its block was read: a silent server is then tried once more, not twice. */
    void openingStalled() {
        openingStalled.set(true);
    }

    long generation() {
        return generation;
    }

    boolean closed() {
        return closed;
    }

    /** The future of block {@code b} if a request for it is on its way, else null. */
    CompletableFuture<BlockCache.Block> pending(long b) {
        return inFlight.get(b);
    }

    /** Adds block {@code b}, to be read into {@code buffer}, to {@code run}: its future, on its way from now on. */
    CompletableFuture<BlockCache.Block> ask(Run run, long b, BlockCache.Block buffer) {
        CompletableFuture<BlockCache.Block> f = new CompletableFuture<>();
        inFlight.put(b, f);
        run.futures.add(f);
        run.buffers.add(buffer);
        return f;
    }

    /** Sends {@code run}'s request, on a fetcher thread of its own. */
    void start(Run run) {
        FETCHERS.execute(() -> fetch(run));
    }

    /**
     * Fetches a run of blocks with one request, resuming a dropped body where it stopped,
     * until {@link #newGeneration} moves past the run's.
     */
    private void fetch(Run run) {
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
            Backoff backoff = new Backoff(settings);
            int attempt = 0; // failures since the last block read
            // of those, tries in a row the server kept silent (timed out, stalled); the opening body's counts
            int silences = first == 0 && openingStalled.getAndSet(false) ? 1 : 0;
            int stalls = 0; // bodies of this run that stalled, with or without progress
            while (next <= last) {
                if (closed || run.generation() != generation) throw new Stopped();
                long from = next * bs;
                long to = Math.min(size, (last + 1) * bs);
                RangeTransport.Response r;
                try {
                    stats.requests.incrementAndGet();
                    r = transport.get(from, to - from, version);
                } catch (IOException e) {
                    String reason = RemoteException.transportReason(e);
                    if (reason.startsWith("timed out")) silences++;
                    if (hopeless(reason, silences)
                            || attempt >= settings.retries()
                            || !retryPause(backoff, attempt++, -1)) throw new RemoteException(display(), reason, e);
                    continue;
                }
                if (run.generation() != generation) {
                    r.discard();
                    throw new Stopped(); // answered after a cancel: its body is not wanted
                }
                if (r.changed()) throw new RemoteException.Changed(display(), null);
                if (r.retryable() && attempt < settings.retries()) {
                    r.discard();
                    if (!retryPause(backoff, attempt++, r.retryAfterMillis()))
                        throw new RemoteException(
                                display(),
                                Backoff.reason(
                                        RemoteException.statusReason(r.status(), r.errorCode()), r.retryAfterMillis()));
                    continue;
                }
                check(r, from, to);
                long before = next;
                Body got = readBody(r.body(), next, run);
                next = got.next();
                if (next > last) break;
                // dropped or stalled mid-body: resume from the first block not read; progress earns fresh retries
                if (next > before) attempt = silences = 0;
                if (got.stall() != null) {
                    silences++;
                    stalls++;
                    // a server that stalls at every try, even after some blocks, is given up like a silent one
                    if (silences >= 2 || stalls > settings.retries())
                        throw new RemoteException(
                                display(), "timed out (" + got.stall().getMessage() + ")");
                }
                if (attempt >= settings.retries() || !retryPause(backoff, attempt++, -1))
                    throw new RemoteException(
                            display(),
                            got.stall() != null
                                    ? "timed out (" + got.stall().getMessage() + ")"
                                    : "connection dropped " + (attempt + 1) + " times, the last in the bytes from "
                                            + next * bs);
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

    /** Throws, the body discarded, unless {@code r} is the range {@code [from, to)} of the pinned version. */
    private void check(RangeTransport.Response r, long from, long to) throws IOException {
        if (!r.partial()) {
            r.discard();
            throw new RemoteException(display(), RemoteException.statusReason(r.status(), r.errorCode()));
        }
        if (r.total() != size || !RangeTransport.sameVersion(version, lastModified, r.version(), r.lastModified())) {
            r.discard();
            throw new RemoteException.Changed(
                    display(),
                    r.total() != size
                            ? "was " + size + " bytes, now " + r.total()
                            : r.version() == null ? "the server no longer names its version" : null);
        }
        if (r.start() != from) {
            r.discard();
            throw new RemoteException(display(), "server sent bytes from " + r.start() + " when asked for " + from);
        }
        String shorter = shorter(r, from, to);
        if (shorter != null) {
            r.discard();
            throw new RemoteException(display(), shorter);
        }
    }

    /**
     * Why {@code r} is not all of {@code [from, to)}, by its Content-Range, or null when it is (or
     * does not say). A shorter range, said honestly, comes short again at every try: it is no
     * dropped connection to retry.
     */
    static String shorter(RangeTransport.Response r, long from, long to) {
        if (r.end() < 0 || r.end() >= to - 1) return null;
        return "server sent bytes " + r.start() + "-" + r.end() + " when asked for " + from + "-" + (to - 1);
    }

    /** What a body gave: the first block not read, and why it ended early if it stalled (else null). */
    private record Body(long next, IdleWatch.Stalled stall) {}

    /**
     * Reads whole blocks from a body straight into their buffers until it ends or fails;
     * returns the first block not read.
     */
    private Body readBody(InputStream raw, long next, Run run) {
        int bs = settings.blockBytes();
        InputStream body = IdleWatch.watch(raw, settings);
        IdleWatch.Stalled stall = null;
        byte[] stage = new byte[STAGE_BYTES];
        openBodies.add(body);
        try (body) {
            while (next <= run.last() && run.generation() == generation && !closed) {
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
            // A body read to its end: its end is read too. Closed before the client saw it, the body
            // is cancelled, and the JDK's client may close the connection after it has gone back to
            // the pool with the next request on it, which it then sends again on another (one range
            // fetched twice, seen in nginx's log).
            if (next > run.last()) body.read();
        } catch (IdleWatch.Stalled e) {
            stall = e; // the caller resumes from `next`, or gives the server up as silent
        } catch (IOException e) {
            // dropped connection: the caller resumes from `next`
        } finally {
            openBodies.remove(body);
        }
        return new Body(next, stall);
    }

    /**
     * Fails {@code run}'s blocks from {@code from} on and hands their buffers back; a block asked
     * for again since is another future, untouched.
     */
    void fail(long from, Run run, IOException e) {
        for (long b = from; b <= run.last(); b++) {
            int i = (int) (b - run.first());
            cache.release(run.buffers.get(i));
            CompletableFuture<BlockCache.Block> f = run.futures.get(i);
            inFlight.remove(b, f);
            f.completeExceptionally(e);
        }
    }

    /** Pauses before another try; false when {@code backoff}'s budget has no room for it. */
    private boolean retryPause(Backoff backoff, int attempt, long retryAfter) throws InterruptedIOException {
        if (!backoff.pause(attempt, retryAfter)) return false;
        stats.retries.incrementAndGet();
        return true;
    }

    /** Waits for a block; a failed one throws a fresh exception for this reader, with the reason its fetch gave. */
    BlockCache.Block await(CompletableFuture<BlockCache.Block> f) throws IOException {
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
                if (io instanceof RemoteException.Changed c) throw new RemoteException.Changed(display(), c.detail());
                if (io instanceof RemoteException re) throw new RemoteException(display(), re.reason(), io);
                throw new IOException(io.getMessage(), io);
            }
            throw new RemoteException(display(), RemoteException.transportReason(e.getCause()), e.getCause());
        }
    }

    /**
     * Requests of earlier generations give up: ones queued or retrying at their next step, ones
     * whose answer comes after this unread. The caller holds the lock under which runs read
     * {@link #generation}.
     */
    void newGeneration() {
        generation++;
    }

    /** Stops the bodies being read and fails the blocks on their way: readers waiting for them get "cancelled". */
    void stopAll() {
        stop(new Stopped());
    }

    /** Stops every request for good: readers waiting get "closed". */
    void close() {
        closed = true;
        stop(new InterruptedIOException("closed"));
    }

    private void stop(IOException why) {
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

    private String display() {
        return transport.display();
    }

    /** A block's request was stopped by a cancel, not failed. */
    private static final class Stopped extends InterruptedIOException {
        Stopped() {
            super("cancelled");
        }
    }
}
