package dev.vitrine.app.ui.hex;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.io.ByteSource;
import java.util.List;
import java.util.function.LongConsumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
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
    private final HexPages pages;
    private final Canvas canvas = new Canvas();
    private final ScrollBar bar = new ScrollBar();
    private final Tooltip tip = new Tooltip();
    private final ObjectProperty<HexPalette> palette = new SimpleObjectProperty<>(this, "palette", HexPalette.LIGHT);

    private HexLayout layout = new HexLayout(0);
    private String emptyMessage = "";
    private HexMarks marks = HexMarks.none();
    private long topRow;
    private final HexCursor cursor = new HexCursor();
    private final ReadOnlyObjectWrapper<HexCursor.Selection> selection =
            new ReadOnlyObjectWrapper<>(this, "selection", HexCursor.Selection.NONE);
    private boolean adjustingBar;
    private LongConsumer onByteClicked = o -> {};
    private long drawCount;

    private Font font = Font.font("DejaVu Sans Mono", 13);
    private double charW;
    private double rowH;
    private double baseline;

    public HexView(Background background) {
        this.pages = new HexPages(background, this::redraw);
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
        pages.setSource(src);
        layout = new HexLayout(src == null ? 0 : src.size());
        emptyMessage = message == null ? "" : message;
        marks = HexMarks.none();
        moveCursor(-1, false);
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
        return cursor.cursor();
    }

    /** The cursor and the selection (the status bar's inspector follows it). */
    public ReadOnlyObjectProperty<HexCursor.Selection> selectionProperty() {
        return selection.getReadOnlyProperty();
    }

    /** The bytes loaded around {@code offset}: up to {@code n} from it, fewer where not loaded yet (-1 marks those). */
    public int[] loadedBytes(long offset, int n) {
        int[] out = new int[(int) Math.max(0, Math.min(n, layout.size() - offset))];
        for (int i = 0; i < out.length; i++) out[i] = pages.byteAt(offset + i);
        return out;
    }

    /** Selects [start, end) with the cursor on its first byte, and scrolls it into view. */
    public void selectRange(long start, long end) {
        cursor.select(Math.max(0, start), Math.min(layout.size(), end));
        selection.set(cursor.selection());
        setCaretView(cursor.cursor());
    }

    private void moveCursor(long offset, boolean extend) {
        cursor.moveTo(offset, extend);
        selection.set(cursor.selection());
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
        moveCursor(offset, false);
        setCaretView(offset);
    }

    private void setCaretView(long offset) {
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
        if (pages.source() == null || layout.size() == 0) {
            g.setFill(p.muted());
            g.fillText(emptyMessage.isEmpty() ? "no bytes" : emptyMessage, x0, rowH * 2);
            return;
        }
        int rows = visibleRows() + 1;
        long first = topRow, firstOff = layout.rowStart(first);
        long lastOff = Math.min(layout.size(), layout.rowStart(first + rows));
        pages.request(firstOff, lastOff);
        for (HexMark m : marks.within(firstOff, lastOff)) drawMark(g, p, m, first, rows, x0);
        HexCursor.Selection sel = cursor.selection();
        if (sel.length() > 1) {
            g.setFill(p.caret().deriveColor(0, 1, 1, 0.32));
            fillRange(g, sel.start(), sel.end(), first, rows, x0);
        }
        long caret = cursor.cursor();
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
            int cls = colourClass(pages.byteAt(start + i));
            int j = i + 1;
            while (j < n && colourClass(pages.byteAt(start + j)) == cls && j != HexLayout.BYTES_PER_ROW / 2) j++;
            run.setLength(0);
            StringBuilder ascii = new StringBuilder(j - i);
            for (int k = i; k < j; k++) {
                int b = pages.byteAt(start + k);
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
        g.setStroke(p.nodeEdge());
        g.setLineWidth(1);
        fillRange(g, m.start(), m.end(), firstRow, rows, x0, m.kind() == HexMark.Kind.NODE);
    }

    private void fillRange(GraphicsContext g, long start, long end, long firstRow, int rows, double x0) {
        fillRange(g, start, end, firstRow, rows, x0, false);
    }

    /** Fills [start, end) in both the hex and the ASCII part; {@code edges} strokes its ends (a node's frame). */
    private void fillRange(GraphicsContext g, long start, long end, long firstRow, int rows, double x0, boolean edges) {
        for (int r = 0; r < rows; r++) {
            long row = firstRow + r;
            long rs = layout.rowStart(row), re = rs + HexLayout.BYTES_PER_ROW;
            if (end <= rs || start >= re) continue;
            int a = (int) (Math.max(start, rs) - rs);
            int b = (int) (Math.min(end, re) - rs) - 1;
            double y = rowH * (r + 1);
            double hx = x0 + layout.hexColumn(a) * charW - charW * 0.5;
            double hw = (layout.hexColumn(b) + 2.5 - layout.hexColumn(a)) * charW;
            g.fillRect(hx, y + 1, hw, rowH - 2);
            g.fillRect(x0 + layout.asciiColumn(a) * charW, y + 1, (b - a + 1) * charW, rowH - 2);
            if (edges) {
                if (start >= rs) g.strokeLine(hx + 0.5, y + 1, hx + 0.5, y + rowH - 1);
                if (end <= re) g.strokeLine(hx + hw - 0.5, y + 1, hx + hw - 0.5, y + rowH - 1);
            }
        }
    }

    private void drawCaret(GraphicsContext g, HexPalette p, double x0, long firstRow) {
        long caret = cursor.cursor();
        long row = layout.rowOf(caret);
        int i = (int) (caret - layout.rowStart(row));
        double y = rowH * (row - firstRow + 1);
        g.setStroke(p.caret());
        g.setLineWidth(1.5);
        g.strokeRect(x0 + layout.hexColumn(i) * charW - charW * 0.35, y + 1.5, charW * 2.7, rowH - 3);
        g.strokeRect(x0 + layout.asciiColumn(i) * charW - 0.5, y + 1.5, charW + 1, rowH - 3);
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
        HexCursor.Selection sel = cursor.selection();
        boolean inside = off >= sel.start() && off < sel.end();
        if (e.getButton() == javafx.scene.input.MouseButton.SECONDARY && inside) return; // the menu acts on it
        moveCursor(off, e.isShiftDown());
        redraw();
        onByteClicked.accept(off);
    }

    private void onMoved(MouseEvent e) {
        long off = offsetAt(e.getX(), e.getY());
        if (off < 0) {
            tip.setText("");
            return;
        }
        tip.setText(tipText(off, pages.byteAt(off), marks.within(off, off + 1)));
    }

    /** The tooltip over a byte: its offset, its value when loaded, and the marks on it. */
    static String tipText(long off, int b, List<HexMark> at) {
        StringBuilder s = new StringBuilder("offset ").append(Human.offset(off));
        if (b >= 0)
            s.append("\nbyte 0x").append(HexLayout.hexByte(b)).append(" = ").append(b);
        for (HexMark m : at)
            if (m.label() != null && !m.label().isEmpty()) s.append('\n').append(m.label());
        return s.toString();
    }

    private void onScroll(ScrollEvent e) {
        if (e.getDeltaY() == 0) return;
        long rows = Math.max(1, Math.round(Math.abs(e.getDeltaY()) / rowH));
        scrollToRow(topRow + (e.getDeltaY() < 0 ? rows : -rows));
        e.consume();
    }

    /**
     * Arrows move the cursor a byte or a row, pages a screen, Home/End to the row's ends
     * (Ctrl: the file's); Shift extends the selection. The byte under the cursor is reported as
     * a click is (its deepest node gets selected). Ctrl+Page Up/Down are left to the tabs.
     */
    private void onKey(KeyEvent e) {
        boolean paging = e.getCode() == KeyCode.PAGE_UP || e.getCode() == KeyCode.PAGE_DOWN;
        if (e.isAltDown() || (e.isShortcutDown() && paging)) return;
        long to = cursor.target(e.getCode(), e.isShortcutDown(), layout.size(), visibleRows());
        if (to == Long.MIN_VALUE || pages.source() == null) return;
        e.consume();
        boolean moved = to != cursor.cursor();
        moveCursor(to, e.isShiftDown());
        setCaretView(to);
        if (moved) onByteClicked.accept(to);
    }

    /** Lets go of the bytes read so far and reads none until {@link #restore} (its tab is hidden). */
    public void release() {
        pages.release();
    }

    /** Reads the rows on screen again after {@link #release}. */
    public void restore() {
        pages.resume();
        redraw();
    }

    /** Pages of bytes held now. */
    public int cachedPages() {
        return pages.cachedPages();
    }

    /** Whether every visible byte is loaded (screenshots wait for this). */
    public boolean settled() {
        if (pages.source() == null) return true;
        long from = layout.rowStart(topRow);
        long to = Math.min(layout.size(), layout.rowStart(topRow + visibleRows() + 1));
        return pages.settled(from, to);
    }
}
