package dev.vitrine.app.ui.table;

import dev.vitrine.core.model.RowTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The rows a table has looked at, a page at a time, least recently used dropped first: a table
 * over a billion rows holds a few pages. Asking for a row whose page is absent returns a
 * placeholder at once and starts loading its page; rows fill in when it arrives. Used from one
 * thread; the {@link PageLoader} decides where reads run.
 */
public final class RowWindow {

    /** Reads rows {@code [from, from+count)} somewhere else and reports back on the owner's thread. */
    public interface PageLoader {
        void load(long from, int count, Consumer<List<RowTable.Row>> done, Consumer<Throwable> failed);
    }

    private final int pageSize;
    private final int maxPages;
    private final PageLoader loader;
    private final LinkedHashMap<Long, LazyRow[]> pages;
    private long size;
    private volatile long lastPage = -1;
    private int loads;

    public RowWindow(long size, int pageSize, int maxPages, PageLoader loader) {
        this.size = size;
        this.pageSize = pageSize;
        this.maxPages = maxPages;
        this.loader = loader;
        this.pages = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, LazyRow[]> eldest) {
                return size() > RowWindow.this.maxPages;
            }
        };
    }

    public long size() {
        return size;
    }

    /**
     * The table grew to {@code n} rows (a filter found more matches): a short last page is
     * forgotten so that it is read again with its new rows.
     */
    public void grow(long n) {
        if (n <= size) return;
        if (size % pageSize != 0) pages.remove(size / pageSize);
        size = n;
    }

    public int pageSize() {
        return pageSize;
    }

    /** The row at {@code index}; starts loading its page if needed. */
    public LazyRow row(long index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException("row " + index + " of " + size);
        long page = index / pageSize;
        lastPage = page;
        LazyRow[] rows = pages.get(page);
        if (rows == null) {
            long from = page * pageSize;
            int n = (int) Math.min(pageSize, size - from);
            rows = new LazyRow[n];
            for (int i = 0; i < n; i++) rows[i] = new LazyRow(from + i);
            pages.put(page, rows);
            LazyRow[] target = rows;
            loads++;
            loader.load(from, n, got -> fill(target, got), err -> {
                String why = dev.vitrine.app.ui.Human.error(err);
                for (LazyRow r : target) if (!r.isLoaded()) r.fail(why);
            });
        }
        return rows[(int) (index - page * pageSize)];
    }

    private static void fill(LazyRow[] target, List<RowTable.Row> got) {
        for (int i = 0; i < target.length; i++) {
            if (i < got.size()) target[i].set(got.get(i));
            else target[i].fail("no such row (the table ended early)");
        }
    }

    /** The page most recently asked for: loaders skip pages the user has scrolled far away from. */
    public long lastPage() {
        return lastPage;
    }

    /**
     * Whether a load of the page starting at {@code from} is still worth doing: false once the
     * user has scrolled far away. Safe to call from the loading thread.
     */
    public boolean stillWanted(long from) {
        return Math.abs(from / pageSize - lastPage) <= 4;
    }

    /** Forgets a page whose load was skipped, so that asking for it again reloads it. */
    public void forget(long from) {
        pages.remove(from / pageSize);
    }

    /** Forgets every page (rows asked for later are read again); loads under way fill rows no one holds. */
    public void release() {
        pages.clear();
    }

    public int cachedPages() {
        return pages.size();
    }

    /** Page loads started so far. */
    public int loadsStarted() {
        return loads;
    }
}
