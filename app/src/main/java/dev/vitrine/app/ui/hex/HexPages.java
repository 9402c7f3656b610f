package dev.vitrine.app.ui.hex;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.io.ByteSource;

/**
 * The hex view's bytes: pages of its source read in the background into a small LRU cache,
 * only those near the rows on screen. A new source drops the old one's pages and answers.
 */
final class HexPages {
    static final int PAGE = 16 * 1024;
    static final int MAX_PAGES = 96;

    private final Background background;
    private final Runnable loaded;
    private ByteSource source;
    private ByteCache cache = new ByteCache(0, PAGE, MAX_PAGES);
    private volatile int generation;
    private boolean paused;
    /** Checked on the loading thread: skip pages scrolled far out of view while they waited. */
    private volatile long wantedFrom, wantedTo;

    /** {@code loaded} runs on the FX thread when a page arrives or fails (the view redraws). */
    HexPages(Background background, Runnable loaded) {
        this.background = background;
        this.loaded = loaded;
    }

    void setSource(ByteSource src) {
        generation++;
        source = src;
        cache = new ByteCache(src == null ? 0 : src.size(), PAGE, MAX_PAGES);
    }

    ByteSource source() {
        return source;
    }

    /** The byte at {@code offset}, or a negative {@link ByteCache} marker when not loaded (or unreadable). */
    int byteAt(long offset) {
        return cache.byteAt(offset);
    }

    /**
     * Drops every page read so far and reads none until {@link #resume} (the tab went behind
     * another: its bytes are read again when it is shown).
     */
    void release() {
        generation++;
        paused = true;
        cache = new ByteCache(source == null ? 0 : source.size(), PAGE, MAX_PAGES);
    }

    void resume() {
        paused = false;
    }

    /** Pages held now (tests: a hidden tab holds none). */
    int cachedPages() {
        return cache.cachedPages();
    }

    /** Asks for the pages of [from, to) that are not cached. */
    void request(long from, long to) {
        if (paused) return;
        wantedFrom = from;
        wantedTo = to;
        long p0 = cache.pageOf(from), p1 = cache.pageOf(Math.max(from, to - 1));
        for (long page = p0; page <= p1; page++) {
            if (!cache.claim(page)) continue;
            ByteSource src = source;
            ByteCache c = cache;
            int gen = generation;
            long start = c.pageStart(page);
            int len = c.pageLength(page);
            long pg = page;
            background.run(
                    () -> wanted(gen, start, len) ? src.read(start, len) : null,
                    bytes -> {
                        if (gen != generation) return;
                        if (bytes == null) {
                            c.release(pg);
                            return;
                        }
                        c.put(pg, bytes);
                        loaded.run();
                    },
                    err -> {
                        if (gen != generation) return;
                        c.fail(pg, Human.error(err));
                        loaded.run();
                    });
        }
    }

    private boolean wanted(int gen, long start, int len) {
        return gen == generation && start + len > wantedFrom - PAGE * 4L && start < wantedTo + PAGE * 4L;
    }

    /** Whether every byte of [from, to) is loaded or known unreadable. */
    boolean settled(long from, long to) {
        for (long pg = cache.pageOf(from); from < to && pg <= cache.pageOf(to - 1); pg++) {
            if (!cache.has(pg) && cache.failure(pg) == null) return false;
        }
        return true;
    }
}
