package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The block buffers of every open remote object, bounded in bytes: cached blocks, blocks being
 * fetched and free buffers together never take more than the limit, so a remote verify of 10 GB
 * holds no more than this, whatever the object's size. Buffers are reused, not allocated per
 * fetch: a long scan then makes no garbage of its blocks (a heap churning through fetched blocks
 * grew to its cap, and its collector copied every cached block on its way to the old generation).
 * They are outside the Java heap: a heap holding the whole cache as live data was sized by the
 * collector at well over twice that.
 *
 * <p>A buffer being copied from is pinned, and is reused only once its last reader is done.
 */
final class BlockCache {
    record Key(long object, long block) {}

    /** One buffer: free, being filled, or holding a block ({@link #key} set). */
    static final class Block {
        final MemorySegment data;
        final int size;
        int length;
        Key key;
        int pins;
        /** Out of the cache while pinned: freed when its last reader is done. */
        boolean evicted;

        private Block(MemorySegment data) {
            this.data = data;
            this.size = (int) data.byteSize();
        }

        /** Reads up to {@code len} bytes of {@code in} into this buffer, through {@code stage}; the count read. */
        int readFrom(InputStream in, int len, byte[] stage) throws IOException {
            int done = 0;
            while (done < len) {
                int n = in.readNBytes(stage, 0, Math.min(stage.length, len - done));
                MemorySegment.copy(stage, 0, data, ValueLayout.JAVA_BYTE, done, n);
                done += n;
                if (n == 0) break;
            }
            return done;
        }

        void copyTo(int from, byte[] dst, int dstOffset, int n) {
            MemorySegment.copy(data, ValueLayout.JAVA_BYTE, from, dst, dstOffset, n);
        }
    }

    /** A new buffer's memory, freed by the collector once the cache lets go of it (when buffer sizes change). */
    static final IntFunction<MemorySegment> OFF_HEAP = size -> Arena.ofAuto().allocate(size, 64);

    /**
     * Where new buffers come from: {@link #OFF_HEAP}. Tests make it throw, as a direct memory
     * smaller than the cache's limit does ({@code OutOfMemoryError}), to check that no reader is
     * then left waiting for a block nobody fetches.
     */
    IntFunction<MemorySegment> allocator = OFF_HEAP;

    private final long capacity;
    private final LinkedHashMap<Key, Block> blocks = new LinkedHashMap<>(64, 0.75f, true);
    private final ArrayDeque<Block> free = new ArrayDeque<>();
    /** Blocks a front-to-back reader has passed ({@link #passed}), oldest first: reused before the cache grows. */
    private final ArrayDeque<Key> passed = new ArrayDeque<>();
    /** Bytes of every buffer alive: cached, being filled, pinned after eviction, free. */
    private long held;
    /** Bytes of buffers being filled. */
    private long filling;

    private long peak;

    /**
     * Heap bytes of the spans readers keep ({@link RemoteSource}'s recent spans), counted in
     * {@link #held} too: with them the cache is still within its limit, however many objects are open.
     */
    private long spans;

    private long spansPeak;

    /** The spans kept may take at most this fraction of the limit (8 MB of the default 256 MB). */
    static final int SPAN_SHARE = 32;

    BlockCache(long capacity) {
        this.capacity = capacity;
    }

    synchronized RemoteObject.CacheUse use() {
        return new RemoteObject.CacheUse(capacity, held, peak, spans, spansPeak);
    }

    /**
     * Counts {@code bytes} of a span a reader keeps, making room as for a block (a free buffer or
     * the least recently used block goes); false when the spans' share is used up or nothing can go.
     */
    synchronized boolean admitSpan(long bytes) {
        if (spans + bytes > capacity / SPAN_SHARE) return false;
        while (held + bytes > capacity) {
            Block f = free.poll();
            if (f == null) {
                f = leastRecentlyUsedUnpinned();
                if (f == null) return false;
                blocks.remove(f.key);
                f.key = null;
            }
            held -= f.size;
        }
        held += bytes;
        spans += bytes;
        peak = Math.max(peak, held);
        spansPeak = Math.max(spansPeak, spans);
        return true;
    }

    /** A span counted by {@link #admitSpan} is no longer kept. */
    synchronized void releaseSpan(long bytes) {
        held -= bytes;
        spans -= bytes;
        notifyAll();
    }

    /** The cached block {@code key}, or null; {@link #pin} it before reading its buffer. */
    synchronized Block get(Key key) {
        return blocks.get(key);
    }

    /** Pins {@code b} if it still holds {@code key}; false when it was reused meanwhile. */
    synchronized boolean pin(Block b, Key key) {
        if (!key.equals(b.key)) return false;
        b.pins++;
        return true;
    }

    synchronized void unpin(Block b) {
        if (--b.pins > 0) return;
        if (b.evicted) recycle(b);
        else notifyAll(); // evictable again: a reader waiting for room may take it
    }

    /**
     * A buffer of {@code size} bytes to fill, or null when there is no room: every buffer is
     * being filled or read. Read-ahead ({@code ahead}) may fill at most half of the limit, so
     * that blocks fetched ahead do not push out those still to be read.
     */
    synchronized Block reserve(int size, boolean ahead) {
        if (ahead && filling + size > capacity / 2) return null;
        Block b = take(size);
        if (b != null) filling += size;
        return b;
    }

    /** Like {@link #reserve} for a reader that needs the block now: waits for a buffer to be free. */
    synchronized Block reserveWaiting(int size) throws InterruptedException {
        for (; ; ) {
            Block b = reserve(size, false);
            if (b != null) return b;
            wait(50);
        }
    }

    private Block take(int size) {
        for (Iterator<Block> it = free.iterator(); it.hasNext(); ) {
            Block b = it.next();
            if (b.size == size) {
                it.remove();
                return b;
            }
        }
        // a block a scan has passed is reused before a new buffer is taken: a scan's buffers
        // are then its working span (read-ahead, chunks in flight), not the whole limit
        for (Key k; (k = passed.poll()) != null; ) {
            Block b = blocks.get(k);
            if (b == null || b.pins > 0 || b.size != size) continue;
            blocks.remove(k);
            b.key = null;
            return b;
        }
        for (; ; ) {
            if (held + size <= capacity) {
                Block b = new Block(allocator.apply(size));
                held += size;
                peak = Math.max(peak, held);
                return b;
            }
            // no room: drop a free buffer of another size, or push out the least recently used block
            Block f = free.poll();
            if (f != null) {
                held -= f.size;
                continue;
            }
            Block victim = leastRecentlyUsedUnpinned();
            if (victim == null) return null;
            blocks.remove(victim.key);
            victim.key = null;
            if (victim.size == size) return victim;
            held -= victim.size;
        }
    }

    private Block leastRecentlyUsedUnpinned() {
        for (Block b : blocks.values()) {
            if (b.pins == 0) return b;
        }
        return null;
    }

    /**
     * A front-to-back reader will not come back to block {@code key} (a verify has checked and
     * hashed it): it stays cached, but its buffer is the first to be reused. Like the pages of a
     * mapped file a verify releases behind itself ({@code PassedPages}).
     */
    synchronized void passed(Key key) {
        if (!blocks.containsKey(key)) return;
        passed.add(key);
        // keys of blocks pushed out meanwhile are dropped as they are met; never more than the blocks
        if (passed.size() > 2 * blocks.size() + 64) passed.removeIf(k -> !blocks.containsKey(k));
    }

    /** {@code b}, reserved and now holding {@code length} bytes of {@code key}, joins the cache. */
    synchronized void fill(Block b, Key key, int length) {
        filling -= b.size;
        b.length = length;
        b.key = key;
        Block old = blocks.put(key, b);
        if (old != null) evict(old);
        notifyAll();
    }

    /** A reserved buffer not filled after all (the fetch failed or was stopped). */
    synchronized void release(Block b) {
        filling -= b.size;
        recycle(b);
    }

    /** Drops every block of one object (it was closed, or found changed). */
    synchronized void drop(long object) {
        Iterator<Map.Entry<Key, Block>> it = blocks.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Key, Block> e = it.next();
            if (e.getKey().object() == object) {
                it.remove();
                evict(e.getValue());
            }
        }
    }

    private void evict(Block b) {
        if (b.pins > 0) {
            b.evicted = true;
        } else {
            recycle(b);
        }
    }

    private void recycle(Block b) {
        b.key = null;
        b.evicted = false;
        free.push(b);
        notifyAll();
    }
}
