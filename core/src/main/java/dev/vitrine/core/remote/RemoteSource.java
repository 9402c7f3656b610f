package dev.vitrine.core.remote;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.TruncatedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;

/**
 * A {@link ByteSource} over a {@link RemoteObject}. Reads go through the shared block cache;
 * {@link #segment} copies the range into memory, so formats read large spans in pieces (a
 * remote archive is never held whole).
 *
 * <p>The spans copied lately are kept, a few megabytes of them, and a span inside one of them is
 * a view of it instead of a fresh copy: a verify checks a block's CRC, walks its records and
 * hashes its payload, three reads of the same bytes that otherwise made three copies. The copies
 * are the reader's as a mapping is: nobody writes to them. They count within the block cache's
 * limit, in a share of it that every open object's spans share (see {@link BlockCache#admitSpan}),
 * and {@link #releaseCaches} lets go of them (the window does for a tab not shown).
 */
public final class RemoteSource implements ByteSource {
    /** Most bytes of spans one source keeps (the cache's share for all of them may be less), and the largest span kept. */
    private static final long RECENT_BYTES = 8L << 20;

    private static final long RECENT_SPAN = 1L << 20;

    private final RemoteObject object;
    private final String name;
    private final long maxSegment;
    /** Spans copied lately, newest first, with where each starts in the object. */
    private final java.util.ArrayDeque<Span> recent = new java.util.ArrayDeque<>();
    /**
     * The same spans by where they start: a verify keeps a hundred or more small ones, and
     * scanning them all for every read cost a fifth of its reading thread's time.
     */
    private final java.util.TreeMap<Long, Span> byOffset = new java.util.TreeMap<>();

    private long recentBytes;

    private record Span(long offset, MemorySegment bytes) {}

    public RemoteSource(RemoteObject object, String name, long maxSegment) {
        this.object = object;
        this.name = name;
        this.maxSegment = maxSegment;
    }

    public RemoteObject object() {
        return object;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return object.size();
    }

    @Override
    public void read(long offset, byte[] dst, int dstOffset, int len) throws TruncatedException {
        checkRange(offset, len, null);
        try {
            object.read(offset, dst, dstOffset, len);
        } catch (IOException e) {
            // ByteSource reads throw only truncation; a failed transfer is not damage to report
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public MemorySegment segment(long offset, long length) throws TruncatedException {
        checkRange(offset, length, null);
        if (length > maxSegment) {
            throw new UncheckedIOException(new RemoteException(
                    object.display(),
                    "a read of " + length + " bytes at offset " + offset
                            + " is more than is held in memory from a remote object"));
        }
        MemorySegment kept = recentView(offset, length);
        if (kept != null) return kept;
        byte[] b = new byte[(int) length];
        read(offset, b, 0, (int) length);
        MemorySegment copy = MemorySegment.ofArray(b);
        if (length <= RECENT_SPAN) keep(new Span(offset, copy));
        return copy;
    }

    /**
     * A view of a kept span holding the range, or null. Only the span starting nearest below is
     * looked at: a longer one starting earlier may hold the range too, but missing it costs
     * only a copy.
     */
    private synchronized MemorySegment recentView(long offset, long length) {
        var e = byOffset.floorEntry(offset);
        if (e == null) return null;
        Span s = e.getValue();
        long at = offset - s.offset;
        return at + length <= s.bytes.byteSize() ? s.bytes.asSlice(at, length) : null;
    }

    private synchronized void keep(Span s) {
        long n = s.bytes.byteSize();
        while (!recent.isEmpty() && recentBytes + n > RECENT_BYTES) dropOldest();
        // the cache's share for spans may be used by other objects': then the oldest of ours go
        while (!object.admitSpan(n)) {
            if (recent.isEmpty()) return;
            dropOldest();
        }
        Span replaced = byOffset.put(s.offset, s);
        if (replaced != null) forget(replaced);
        recent.addFirst(s);
        recentBytes += n;
    }

    private void dropOldest() {
        Span s = recent.removeLast();
        byOffset.remove(s.offset, s);
        release(s);
    }

    /** A span replaced in the map by a newer one at the same offset leaves the deque too. */
    private void forget(Span s) {
        recent.remove(s);
        release(s);
    }

    private void release(Span s) {
        long n = s.bytes.byteSize();
        recentBytes -= n;
        object.releaseSpan(n);
    }

    @Override
    public void willRead(long offset, long length) {
        object.willRead(offset, length);
    }

    @Override
    public void passed(long offset) {
        object.passed(offset);
    }

    /** The recent spans go; reads after this copy again. What a reader already holds stays valid. */
    @Override
    public synchronized void releaseCaches() {
        while (!recent.isEmpty()) dropOldest();
    }

    /** Bytes of the recent spans kept. */
    @Override
    public synchronized long cachedBytes() {
        return recentBytes;
    }

    @Override
    public void close() {
        releaseCaches();
        object.close();
    }
}
