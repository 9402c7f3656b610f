package dev.vitrine.app.ui.table;

/**
 * Which rows of a table of {@code total} rows (a long: billions are fine) are on screen, and
 * how the keyboard and mouse move the selection and the view. The records grid draws exactly
 * {@link #visible()} rows from {@link #top()}. No toolkit.
 */
public final class RowViewport {

    public enum Move {
        UP,
        DOWN,
        PAGE_UP,
        PAGE_DOWN,
        HOME,
        END
    }

    private long total;
    private int visible = 1;
    private long top;
    private final RowSelection selection = new RowSelection();

    public RowViewport(long total) {
        this.total = Math.max(0, total);
    }

    public long total() {
        return total;
    }

    public long top() {
        return top;
    }

    public int visible() {
        return visible;
    }

    public RowSelection selection() {
        return selection;
    }

    public void setTotal(long n) {
        total = Math.max(0, n);
        selection.clip(total);
        scrollTo(top);
    }

    /** Rows that fit; the view keeps its top row unless that would leave empty space at the end. */
    public void setVisible(int rows) {
        visible = Math.max(1, rows);
        scrollTo(top);
    }

    public long maxTop() {
        return Math.max(0, total - visible);
    }

    public void scrollTo(long row) {
        top = Math.max(0, Math.min(row, maxTop()));
    }

    public void scrollBy(long rows) {
        scrollTo(top + rows);
    }

    /** Number of rows shown: {@link #visible()}, fewer at the end of a short table. */
    public int shown() {
        return (int) Math.max(0, Math.min(visible, total - top));
    }

    /** Scrolls the least needed to show row {@code i}. */
    public void reveal(long i) {
        if (i < top) scrollTo(i);
        else if (i >= top + visible) scrollTo(i - visible + 1);
    }

    /** Like a click on row {@code i}: select it, extend to it (shift), or toggle it (ctrl). */
    public void click(long i, boolean shift, boolean ctrl) {
        if (i < 0 || i >= total) return;
        if (shift) selection.extendTo(i);
        else if (ctrl) selection.toggle(i);
        else selection.select(i);
    }

    /** Arrow, page and home/end keys: move the lead (extending with shift) and keep it in view. */
    public void move(Move m, boolean shift) {
        if (total == 0) return;
        long lead = selection.lead() < 0 ? top : selection.lead();
        long to = switch (m) {
            case UP -> lead - 1;
            case DOWN -> lead + 1;
            case PAGE_UP -> lead - Math.max(1, visible - 1);
            case PAGE_DOWN -> lead + Math.max(1, visible - 1);
            case HOME -> 0;
            case END -> total - 1;
        };
        to = Math.max(0, Math.min(total - 1, to));
        if (shift) selection.extendTo(to);
        else selection.select(to);
        reveal(to);
    }

    /** Selects row {@code i} and brings it near the top (jump to record). */
    public void jumpTo(long i) {
        if (i < 0 || i >= total) return;
        selection.select(i);
        scrollTo(i - Math.min(2, visible / 4));
    }
}
