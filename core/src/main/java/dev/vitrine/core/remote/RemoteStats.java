package dev.vitrine.core.remote;

import java.util.concurrent.atomic.AtomicLong;

/** What reading one remote object has cost so far: for the status bar, progress lines and tests. */
public final class RemoteStats {
    final AtomicLong requests = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong hits = new AtomicLong();
    final AtomicLong misses = new AtomicLong();
    final AtomicLong retries = new AtomicLong();

    /** Requests sent, retries included. */
    public long requests() {
        return requests.get();
    }

    /** Body bytes received. */
    public long bytes() {
        return bytes.get();
    }

    /** Blocks found in the cache (or already on their way) when read. */
    public long hits() {
        return hits.get();
    }

    /** Blocks that had to be asked for when read. */
    public long misses() {
        return misses.get();
    }

    public long retries() {
        return retries.get();
    }

    @Override
    public String toString() {
        return requests() + " requests, " + bytes() + " bytes, " + hits() + " cache hits";
    }
}
