package dev.vitrine.core.remote;

import java.time.Duration;

/**
 * How remote objects are read. The cache is shared by every open remote object and bounded in
 * bytes; blocks are aligned so that readers of nearby bytes share one request.
 *
 * @param blockBytes        the unit of caching and of requests (aligned)
 * @param cacheBytes        most bytes the shared block cache holds
 * @param readAheadBytes    most bytes fetched ahead of a sequential reader; it doubles from one
 *                          block while the reads stay sequential
 * @param requestBytes      most bytes one request asks for: a longer run is split so that
 *                          several requests are in flight on a high-latency link
 * @param inFlight          most requests in flight for one object
 * @param retries           how many times a failed request is tried again
 * @param connectTimeout    how long a connection may take
 * @param responseTimeout   how long a server may take to answer a request (to its headers)
 * @param idleTimeout       how long a body may stall before it is dropped and resumed; also the
 *                          window over which {@code minBytesPerSecond} is measured
 * @param wholeBodyBytes    most bytes read into a temporary file from a server that ignores Range
 * @param minBytesPerSecond a body slower than this over a whole idle window counts as stalled
 *                          (curl's --speed-limit, with the idle timeout as its --speed-time)
 * @param retryWait         most time one request spends pausing between its tries, all pauses together
 */
public record RemoteSettings(
        int blockBytes,
        long cacheBytes,
        long readAheadBytes,
        long requestBytes,
        int inFlight,
        int retries,
        Duration connectTimeout,
        Duration responseTimeout,
        Duration idleTimeout,
        long wholeBodyBytes,
        long minBytesPerSecond,
        Duration retryWait) {

    /**
     * 1 KB/s: below it one 256 KB block takes over four minutes, and a read never ends in a useful
     * time; a server trickling a byte every second or two (a tarpit, a stuck proxy) otherwise kept
     * a command running for ever, since each byte reset the idle timeout. Measured over the whole
     * idle window, so a short pause on a working link is not a stall.
     */
    static final long MIN_BYTES_PER_SECOND = 1024;

    /**
     * One minute of pauses per request: the backoff of five retries is about 5 s, so this bounds
     * only a server's Retry-After, which five retries honoured each up to a minute (six minutes
     * before a 429 with Retry-After: 100000 was given up). A Retry-After beyond it is given up at once.
     */
    static final Duration RETRY_WAIT = Duration.ofSeconds(60);

    /**
     * Read-ahead is 32 MB: a reader refills it when half is used, so 16 to 32 MB are on their
     * way, enough for a link of 20 ms at the ~500 MB/s a verify uses. A 1 GB verify over
     * loopback with 20 ms added took 5.6-6.0 s with 16 MB and 4.9 s with 32 MB; 64 MB gained
     * nothing more.
     */
    public static final RemoteSettings DEFAULT = new RemoteSettings(
            256 << 10,
            256L << 20,
            32L << 20,
            4L << 20,
            8,
            5,
            Duration.ofSeconds(10),
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            1L << 30,
            MIN_BYTES_PER_SECOND,
            RETRY_WAIT);

    /** Settings with the default minimum rate and retry wait. */
    public RemoteSettings(
            int blockBytes,
            long cacheBytes,
            long readAheadBytes,
            long requestBytes,
            int inFlight,
            int retries,
            Duration connectTimeout,
            Duration responseTimeout,
            Duration idleTimeout,
            long wholeBodyBytes) {
        this(
                blockBytes,
                cacheBytes,
                readAheadBytes,
                requestBytes,
                inFlight,
                retries,
                connectTimeout,
                responseTimeout,
                idleTimeout,
                wholeBodyBytes,
                MIN_BYTES_PER_SECOND,
                RETRY_WAIT);
    }

    public RemoteSettings {
        if (blockBytes <= 0 || cacheBytes < blockBytes || requestBytes < blockBytes || inFlight <= 0 || retries < 0) {
            throw new IllegalArgumentException("bad remote settings");
        }
    }

    public RemoteSettings withCacheBytes(long bytes) {
        return new RemoteSettings(
                blockBytes,
                Math.max(bytes, blockBytes),
                readAheadBytes,
                requestBytes,
                inFlight,
                retries,
                connectTimeout,
                responseTimeout,
                idleTimeout,
                wholeBodyBytes,
                minBytesPerSecond,
                retryWait);
    }

    public RemoteSettings withBlockBytes(int bytes) {
        return new RemoteSettings(
                bytes,
                Math.max(cacheBytes, bytes),
                readAheadBytes,
                Math.max(requestBytes, bytes),
                inFlight,
                retries,
                connectTimeout,
                responseTimeout,
                idleTimeout,
                wholeBodyBytes,
                minBytesPerSecond,
                retryWait);
    }

    public RemoteSettings withWholeBodyBytes(long bytes) {
        return new RemoteSettings(
                blockBytes,
                cacheBytes,
                readAheadBytes,
                requestBytes,
                inFlight,
                retries,
                connectTimeout,
                responseTimeout,
                idleTimeout,
                bytes,
                minBytesPerSecond,
                retryWait);
    }

    public RemoteSettings withTimeouts(Duration connect, Duration response, Duration idle) {
        return new RemoteSettings(
                blockBytes,
                cacheBytes,
                readAheadBytes,
                requestBytes,
                inFlight,
                retries,
                connect,
                response,
                idle,
                wholeBodyBytes,
                minBytesPerSecond,
                retryWait);
    }

    /** These settings with a body's minimum rate and one request's total of pauses. */
    public RemoteSettings withPatience(long minBytesPerSecond, Duration retryWait) {
        return new RemoteSettings(
                blockBytes,
                cacheBytes,
                readAheadBytes,
                requestBytes,
                inFlight,
                retries,
                connectTimeout,
                responseTimeout,
                idleTimeout,
                wholeBodyBytes,
                minBytesPerSecond,
                retryWait);
    }
}
