package dev.vitrine.core.remote;

/**
 * Where to read ahead of the sequential readers of one object, as the kernel's read-ahead does:
 * as far as a reader has already come in sequence (up to a bound), so a few small reads fetch
 * nothing extra, nor does one large read past its end, and a long scan soon keeps several
 * requests in flight ahead of itself. Each sequential stream of reads is followed on its own: a
 * verify frames blocks, checks chunks and hashes the file on several threads at several offsets,
 * and taken as one stream its reads would look random and never read ahead. Thread-safe.
 */
final class ReadAhead {
    private static final int STREAMS = 8;

    /**
     * One sequential reader: where it started, where its next read would start, how long it has
     * run, how far ahead it is fetched, and up to where it said it has passed.
     */
    private static final class Stream {
        long start;
        long next = -1;
        long run;
        long prefetchedTo;
        long passedTo;
        long used;

        void reset() {
            next = -1;
            run = 0;
            prefetchedTo = 0;
        }
    }

    /** Blocks {@code from..to} to fetch ahead of {@code stream}. */
    record Range(Object stream, long from, long to) {}

    private final int blockBytes;
    private final long lastBlock;
    private final long mostBytes;
    private final Stream[] streams = new Stream[STREAMS];
    private long clock;

    /**
     * @param mostBytes the most bytes fetched ahead of one stream
     */
    ReadAhead(int blockBytes, long size, long mostBytes) {
        this.blockBytes = blockBytes;
        this.lastBlock = Math.max(0, (size - 1) / blockBytes);
        this.mostBytes = mostBytes;
        for (int i = 0; i < STREAMS; i++) streams[i] = new Stream();
    }

    /** What to fetch ahead after a read of {@code len} bytes at {@code offset} ending in block {@code last}, or null. */
    synchronized Range after(long offset, int len, long last) {
        Stream s = streamAt(offset);
        if (s.next < 0) s.start = s.passedTo = offset;
        long before = s.run; // 0 for a stream just started: its first read is not a run yet
        if (s.next >= 0) s.run += len;
        s.next = offset + len;
        s.used = ++clock;
        // A read of more than a block asks for exactly the span it needs (a clp-s var.dict of 18 MB,
        // read whole): it counts for the reads after it, not its own. Taken as a long run, it had
        // 16 MB of the next file fetched for a query that then needed nothing more.
        long run = len <= blockBytes ? s.run : before;
        long blocksAhead = Math.min(mostBytes, run) / blockBytes;
        // ask again only once half of what is ahead is used, so requests go out in long runs
        if (blocksAhead == 0 || s.prefetchedTo - last > blocksAhead / 2) return null;
        long to = Math.min(lastBlock, last + blocksAhead);
        // nor into a span another reader has read and passed: its blocks are being reused
        for (Stream t : streams) {
            if (t != s && t.next >= 0 && t.passedTo > t.start && t.start > offset)
                to = Math.min(to, (t.start - 1) / blockBytes);
        }
        long from = Math.max(last + 1, s.prefetchedTo + 1);
        if (from > to) return null;
        s.prefetchedTo = to;
        return new Range(s, from, to);
    }

    /**
     * The blocks {@code [from, to)} a reader that has come to {@code offset} leaves behind: those
     * wholly inside its own stream's span, not passed before. Several readers of one object (a
     * clp-s table stream and its dictionaries, decoded side by side) each pass their own span;
     * one reader's offset taken for all made the others' blocks, read ahead but not yet read, the
     * first to be reused, and fetched again. Null when no stream read there, or nothing is new.
     */
    synchronized long[] passed(long offset) {
        Stream best = null;
        for (Stream s : streams) {
            boolean reached = s.next >= 0 && s.start <= offset && offset <= s.next + blockBytes;
            if (reached && (best == null || s.start > best.start)) best = s;
        }
        if (best == null || offset <= best.passedTo) return null;
        // a block the span starts inside may hold the end of another reader's span
        long from = Math.max((best.start + blockBytes - 1) / blockBytes, best.passedTo / blockBytes);
        long to = offset / blockBytes;
        best.passedTo = offset;
        return from < to ? new long[] {from, to} : null;
    }

    /** Only {@code r.from..fetchedTo} of {@code r} could be asked for: the rest is asked for on a later read. */
    synchronized void shortened(Range r, long fetchedTo) {
        Stream s = (Stream) r.stream();
        if (s.prefetchedTo == r.to()) s.prefetchedTo = fetchedTo;
    }

    /** Forgets every stream (the reads were cancelled). */
    synchronized void reset() {
        for (Stream s : streams) s.reset();
    }

    /** The stream a read at {@code offset} continues, or the least recently used one, started afresh. */
    private Stream streamAt(long offset) {
        Stream oldest = streams[0];
        for (Stream s : streams) {
            if (s.next >= 0 && offset >= s.next - blockBytes && offset <= s.next + blockBytes) return s;
            if (s.used < oldest.used) oldest = s;
        }
        oldest.reset();
        return oldest;
    }
}
