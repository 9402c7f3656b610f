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
 * @param idleTimeout       how long a body may stall before it is dropped and resumed
 * @param wholeBodyBytes    most bytes read into a temporary file from a server that ignores Range
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
        long wholeBodyBytes) {

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
            1L << 30);

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
                wholeBodyBytes);
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
                wholeBodyBytes);
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
                bytes);
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
                wholeBodyBytes);
    }
}
