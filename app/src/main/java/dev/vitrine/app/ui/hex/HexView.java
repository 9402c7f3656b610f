package dev.vitrine.app.ui.hex;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.io.ByteSource;
import java.util.List;
import java.util.function.LongConsumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * A virtualized hex view: only the visible rows are drawn, on a canvas, and a scroll bar maps
 * to long row indices, so a 10 GB file scrolls like a small one. Bytes come from a
 * {@link ByteSource} a page at a time, read in the background and kept in a small LRU cache:
 * memory stays flat. Columns: offset, hex, ASCII. Marks colour the selected node, its fields,
 * search matches and problems; a click reports the byte under the pointer.
 */
public final class HexView extends Region {
    static final int PAGE = 16 * 1024;
    static final int MAX_PAGES = 96;

    private final Background background;
    private final Canvas canvas = new Canvas();
    private final ScrollBar bar = new ScrollBar();
    private final Tooltip tip = new Tooltip();
    private final ObjectProperty<HexPalette> palette = new SimpleObjectProperty<>(this, "palette", HexPalette.LIGHT);

    private ByteSource source;
    private HexLayout layout = new HexLayout(0);
    private ByteCache cache = new ByteCache(0, PAGE, MAX_PAGES);
    private String emptyMessage = "";
    private HexMarks marks = HexMarks.none();
    private long topRow;
    private long caret = -1;
    private boolean adjustingBar;
    private LongConsumer onByteClicked = o -> {};
    private volatile int generation;
    private long drawCount;

    private Font font = Font.font("DejaVu Sans Mono", 13);
    private double charW;
    private double rowH;
    private double baseline;

    public HexView(Background background) {
        this.background = background;
        getStyleClass().add("hex-view");
        setFocusTraversable(true);
        bar.setOrientation(Orientation.VERTICAL);
        bar.setMin(0);
        getChildren().addAll(canvas, bar);
        measure();
        bar.valueProperty().addListener((o, a, v) -> {
            if (!adjustingBar) scrollToRow(Math.round(v.doubleValue()));
        });
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPressed);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
        addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        addEventHandler(KeyEvent.KEY_PRESSED, this::onKey);
        tip.setShowDelay(Duration.millis(350));
        Tooltip.install(canvas, tip);
        palette.addListener((o, a, b) -> redraw());
        setMinSize(200, 80);
    }

    private void measure() {
        Text t = new Text("0123456789abcdef");
        t.setFont(font);
        charW = t.getLayoutBounds().getWidth() / 16.0;
        rowH = Math.ceil(t.getLayoutBounds().getHeight() + 4);
        baseline = Math.round(rowH * 0.5);
    }

    /** Shows {@code src} (null shows {@code message} instead). Drops the cache; keeps nothing of the old file. */
    public void setSource(ByteSource src, String message) {
        generation++;
        source = src;
        long size = src == null ? 0 : src.size();
        layout = new HexLayout(size);
        cache = new ByteCache(size, PAGE, MAX_PAGES);
        emptyMessage = message == null ? "" : message;
        marks = HexMarks.none();
        caret = -1;
        topRow = 0;
        updateBar();
        redraw();
    }

    public ObjectProperty<HexPalette> paletteProperty() {
        return palette;
    }

    public void setOnByteClicked(LongConsumer handler) {
        onByteClicked = handler == null ? o -> {} : handler;
    }

    public HexLayout layoutModel() {
        return layout;
    }

    public long topRow() {
        return topRow;
    }

    public long caret() {
        return caret;
    }

    public HexMarks marks() {
        return marks;
    }

    /** Number of full redraws so far (the stall benchmark and tests read it). */
    public long drawCount() {
        return drawCount;
    }

    /** Rows that fit in the view. */
    public int visibleRows() {
        return Math.max(1, (int) Math.floor((canvas.getHeight() - rowH) / rowH));
    }

    /** Replaces the marks and scrolls so the node mark is framed (unless part of it is visible). */
    public void setMarks(HexMarks newMarks, boolean frame) {
        marks = newMarks == null ? HexMarks.none() : newMarks;
        HexMark node = marks.node();
        if (frame && node != null) scrollToRow(layout.frame(node.start(), node.end(), topRow, visibleRows()));
        else redraw();
    }

    /** Puts the caret on {@code offset} and scrolls it into view. */
    public void setCaret(long offset) {
        caret = offset;
        if (offset >= 0) scrollToRow(layout.reveal(offset, topRow, visibleRows()));
        else redraw();
    }

    public void goTo(long offset) {
        setCaret(Math.min(offset, Math.max(0, layout.size() - 1)));
    }

    public void scrollToRow(long row) {
        long clamped = layout.clampTopRow(row, visibleRows());
        topRow = clamped;
        adjustingBar = true;
        try {
            bar.setValue(clamped);
        } finally {
            adjustingBar = false;
        }
        redraw();
    }

    private void updateBar() {
        adjustingBar = true;
        try {
            int vis = visibleRows();
            long max = layout.maxTopRow(vis);
            bar.setMax(Math.max(0, max));
            bar.setVisibleAmount(Math.max(1, Math.min(max + 1, vis)));
            bar.setBlockIncrement(Math.max(1, vis - 1));
            bar.setUnitIncrement(1);
            bar.setDisable(max == 0);
            topRow = layout.clampTopRow(topRow, vis);
            bar.setValue(topRow);
        } finally {
            adjustingBar = false;
        }
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth(), h = getHeight();
        double bw = bar.prefWidth(-1);
        bar.resizeRelocate(w - bw, 0, bw, h);
        if (canvas.getWidth() != w - bw || canvas.getHeight() != h) {
            canvas.setWidth(Math.max(0, w - bw));
            canvas.setHeight(Math.max(0, h));
            updateBar();
            redraw();
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        return charW * (layout.totalColumns() + 4) + bar.prefWidth(-1);
    }

    @Override
    protected double computePrefHeight(double width) {
        return rowH * 12;
    }

    /** Draws the visible rows; asks for pages that are not cached. */
    public void redraw() {
        drawCount++;
        HexPalette p = palette.get();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.setFill(p.background());
        g.fillRect(0, 0, w, h);
        g.setFont(font);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        double x0 = Math.round(charW);
        drawHeader(g, p, w, x0);
        if (source == null || layout.size() == 0) {
            g.setFill(p.muted());
            g.fillText(emptyMessage.isEmpty() ? "no bytes" : emptyMessage, x0, rowH * 2);
            return;
        }
        int rows = visibleRows() + 1;
        long first = topRow, firstOff = layout.rowStart(first);
        long lastOff = Math.min(layout.size(), layout.rowStart(first + rows));
        requestPages(firstOff, lastOff);
        for (HexMark m : marks.within(firstOff, lastOff)) drawMark(g, p, m, first, rows, x0);
        if (caret >= firstOff && caret < lastOff) drawCaret(g, p, x0, first);
        StringBuilder run = new StringBuilder(48);
        for (int r = 0; r < rows; r++) {
            long row = first + r;
            int n = layout.bytesInRow(row);
            if (n == 0) break;
            double y = rowH * (r + 1) + baseline;
            g.setFill(p.muted());
            g.fillText(layout.offsetText(row), x0, y);
            drawBytes(g, p, row, n, x0, y, run);
        }
    }

    private void drawHeader(GraphicsContext g, HexPalette p, double w, double x0) {
        g.setFill(p.headerBackground());
        g.fillRect(0, 0, w, rowH);
        g.setStroke(p.rule());
        g.setLineWidth(1);
        g.strokeLine(0, rowH - 0.5, w, rowH - 0.5);
        g.setFill(p.muted());
        double y = baseline;
        g.fillText("offset", x0, y);
        for (int i = 0; i < HexLayout.BYTES_PER_ROW; i++) {
            g.fillText(HexLayout.hexByte(i), x0 + layout.hexColumn(i) * charW, y);
        }
        g.fillText("ascii", x0 + layout.asciiColumn(0) * charW, y);
    }

    private void drawBytes(GraphicsContext g, HexPalette p, long row, int n, double x0, double y, StringBuilder run) {
        long start = layout.rowStart(row);
        // Runs of bytes of one colour: normal, zero (faint), not loaded yet (faint dots).
        int i = 0;
        while (i < n) {
            int cls = colourClass(cache.byteAt(start + i));
            int j = i + 1;
            while (j < n && colourClass(cache.byteAt(start + j)) == cls && j != HexLayout.BYTES_PER_ROW / 2) j++;
            run.setLength(0);
            StringBuilder ascii = new StringBuilder(j - i);
            for (int k = i; k < j; k++) {
                int b = cache.byteAt(start + k);
                if (k > i) run.append(' ');
                if (b < 0) {
                    run.append(b == ByteCache.UNREADABLE ? "??" : "··");
                    ascii.append(b == ByteCache.UNREADABLE ? '?' : '·');
                } else {
                    run.append(HexLayout.hexByte(b));
                    ascii.append(HexLayout.printable(b));
                }
            }
            g.setFill(cls == 0 ? p.text() : cls == 1 ? p.faint() : p.muted());
            g.fillText(run.toString(), x0 + layout.hexColumn(i) * charW, y);
            g.setFill(cls == 0 ? p.text() : p.faint());
            g.fillText(ascii.toString(), x0 + layout.asciiColumn(i) * charW, y);
            i = j;
        }
    }

    private static int colourClass(int b) {
        if (b < 0) return 2;
        return b == 0 ? 1 : 0;
    }

    private void drawMark(GraphicsContext g, HexPalette p, HexMark m, long firstRow, int rows, double x0) {
        Color fill = switch (m.kind()) {
            case NODE -> p.node();
            case FIELD -> p.field(m.tint());
            case RECORD -> p.field(3);
            case MATCH -> p.match();
            case PROBLEM -> p.problem();
        };
        g.setFill(fill);
        for (int r = 0; r < rows; r++) {
            long row = firstRow + r;
            long rs = layout.rowStart(row), re = rs + HexLayout.BYTES_PER_ROW;
            if (m.end() <= rs || m.start() >= re) continue;
            int a = (int) (Math.max(m.start(), rs) - rs);
            int b = (int) (Math.min(m.end(), re) - rs) - 1;
            double y = rowH * (r + 1);
            double hx = x0 + layout.hexColumn(a) * charW - charW * 0.5;
            double hw = (layout.hexColumn(b) + 2.5 - layout.hexColumn(a)) * charW;
            g.fillRect(hx, y + 1, hw, rowH - 2);
            g.fillRect(x0 + layout.asciiColumn(a) * charW, y + 1, (b - a + 1) * charW, rowH - 2);
            if (m.kind() == HexMark.Kind.NODE) {
                g.setStroke(p.nodeEdge());
                g.setLineWidth(1);
                if (m.start() >= rs) g.strokeLine(hx + 0.5, y + 1, hx + 0.5, y + rowH - 1);
                if (m.end() <= re) g.strokeLine(hx + hw - 0.5, y + 1, hx + hw - 0.5, y + rowH - 1);
            }
        }
    }

    private void drawCaret(GraphicsContext g, HexPalette p, double x0, long firstRow) {
        long row = layout.rowOf(caret);
        int i = (int) (caret - layout.rowStart(row));
        double y = rowH * (row - firstRow + 1);
        g.setStroke(p.caret());
        g.setLineWidth(1.5);
        g.strokeRect(x0 + layout.hexColumn(i) * charW - charW * 0.35, y + 1.5, charW * 2.7, rowH - 3);
        g.strokeRect(x0 + layout.asciiColumn(i) * charW - 0.5, y + 1.5, charW + 1, rowH - 3);
    }

    private void requestPages(long from, long to) {
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
                        redraw();
                    },
                    err -> {
                        if (gen != generation) return;
                        c.fail(pg, Human.error(err));
                        redraw();
                    });
        }
    }

    /** Checked on the loading thread: skip pages scrolled far out of view while they waited. */
    private volatile long wantedFrom, wantedTo;

    private boolean wanted(int gen, long start, int len) {
        return gen == generation && start + len > wantedFrom - PAGE * 4L && start < wantedTo + PAGE * 4L;
    }

    /**
     * Where byte {@code offset} is drawn in the hex part, in this view's coordinates (the middle
     * of its two digits), or null when it is not visible.
     */
    public javafx.geometry.Point2D pointOf(long offset) {
        long row = layout.rowOf(offset);
        if (offset < 0 || offset >= layout.size() || row < topRow || row >= topRow + visibleRows()) return null;
        int i = (int) (offset - layout.rowStart(row));
        double x = Math.round(charW) + (layout.hexColumn(i) + 1) * charW;
        double y = rowH * (row - topRow + 1) + rowH / 2;
        return new javafx.geometry.Point2D(x, y);
    }

    /** Offset under a point in this view's coordinates, or -1. */
    public long offsetAt(double x, double y) {
        if (y < rowH) return -1;
        long row = topRow + (long) Math.floor((y - rowH) / rowH);
        double col = (x - Math.round(charW)) / charW;
        return layout.offsetAt(row, col);
    }

    private void onPressed(MouseEvent e) {
        requestFocus();
        long off = offsetAt(e.getX(), e.getY());
        if (off < 0) return;
        caret = off;
        redraw();
        onByteClicked.accept(off);
    }

    private void onMoved(MouseEvent e) {
        long off = offsetAt(e.getX(), e.getY());
        if (off < 0) {
            tip.setText("");
            return;
        }
        StringBuilder s = new StringBuilder("offset ").append(Human.offset(off));
        int b = cache.byteAt(off);
        if (b >= 0)
            s.append("\nbyte 0x").append(HexLayout.hexByte(b)).append(" = ").append(b);
        List<HexMark> at = marks.within(off, off + 1);
        for (HexMark m : at)
            if (m.label() != null && !m.label().isEmpty()) s.append('\n').append(m.label());
        tip.setText(s.toString());
    }

    private void onScroll(ScrollEvent e) {
        if (e.getDeltaY() == 0) return;
        long rows = Math.max(1, Math.round(Math.abs(e.getDeltaY()) / rowH));
        scrollToRow(topRow + (e.getDeltaY() < 0 ? rows : -rows));
        e.consume();
    }

    private void onKey(KeyEvent e) {
        int vis = visibleRows();
        long target = switch (e.getCode()) {
            case UP -> topRow - 1;
            case DOWN -> topRow + 1;
            case PAGE_UP -> topRow - vis + 1;
            case PAGE_DOWN -> topRow + vis - 1;
            case HOME -> e.isShortcutDown() ? 0 : Long.MIN_VALUE;
            case END -> e.isShortcutDown() ? layout.maxTopRow(vis) : Long.MIN_VALUE;
            default -> Long.MIN_VALUE;
        };
        if (target == Long.MIN_VALUE || e.getCode() == KeyCode.UNDEFINED) return;
        scrollToRow(target);
        e.consume();
    }

    /** Whether every visible byte is loaded (screenshots wait for this). */
    public boolean settled() {
        if (source == null) return true;
        long from = layout.rowStart(topRow);
        long to = Math.min(layout.size(), layout.rowStart(topRow + visibleRows() + 1));
        for (long pg = cache.pageOf(from); from < to && pg <= cache.pageOf(to - 1); pg++) {
            if (!cache.has(pg) && cache.failure(pg) == null) return false;
        }
        return true;
    }
}
