package dev.vitrine.app.ui.hex;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bytes the hex view has seen, a page at a time, least recently used dropped first, so
 * memory stays flat however large the file. Used from one thread (the FX thread); the view
 * loads missing pages in the background and {@link #put}s them.
 */
public final class ByteCache {
    /** Value of a byte whose page is not loaded yet. */
    public static final int MISSING = -1;
    /** Value of a byte whose page could not be read. */
    public static final int UNREADABLE = -2;

    private final long size;
    private final int pageSize;
    private final int maxPages;
    private final LinkedHashMap<Long, byte[]> pages;
    private final Map<Long, Boolean> requested = new java.util.HashMap<>();
    private final Map<Long, String> failed = new java.util.HashMap<>();

    public ByteCache(long size, int pageSize, int maxPages) {
        this.size = size;
        this.pageSize = pageSize;
        this.maxPages = maxPages;
        this.pages = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
                return size() > ByteCache.this.maxPages;
            }
        };
    }

    public int pageSize() {
        return pageSize;
    }

    public long pageOf(long offset) {
        return offset / pageSize;
    }

    public long pageStart(long page) {
        return page * pageSize;
    }

    /** Bytes in {@code page} (the last page is short). */
    public int pageLength(long page) {
        return (int) Math.max(0, Math.min(pageSize, size - pageStart(page)));
    }

    /** The byte at {@code offset} (0..255), or {@link #MISSING} / {@link #UNREADABLE}. */
    public int byteAt(long offset) {
        long p = pageOf(offset);
        byte[] b = pages.get(p);
        if (b != null) return b[(int) (offset - pageStart(p))] & 0xff;
        return failed.containsKey(p) ? UNREADABLE : MISSING;
    }

    public boolean has(long page) {
        return pages.containsKey(page);
    }

    /**
     * True when {@code page} is neither cached, failed nor already being loaded: the caller
     * should load it now. Marks it as being loaded.
     */
    public boolean claim(long page) {
        if (page < 0 || pageStart(page) >= size || pages.containsKey(page) || failed.containsKey(page)) return false;
        return requested.putIfAbsent(page, Boolean.TRUE) == null;
    }

    public void put(long page, byte[] bytes) {
        requested.remove(page);
        pages.put(page, bytes);
    }

    public void fail(long page, String why) {
        requested.remove(page);
        failed.put(page, why);
    }

    /** Forgets a claimed load that was abandoned, so it can be claimed again. */
    public void release(long page) {
        requested.remove(page);
    }

    public String failure(long page) {
        return failed.get(page);
    }

    public int cachedPages() {
        return pages.size();
    }

    public int pendingPages() {
        return requested.size();
    }
}
