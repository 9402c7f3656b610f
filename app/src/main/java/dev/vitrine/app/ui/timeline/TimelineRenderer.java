package dev.vitrine.app.ui.timeline;

import static dev.vitrine.app.ui.timeline.TimelineViewport.AXIS_H;
import static dev.vitrine.app.ui.timeline.TimelineViewport.OVERVIEW_H;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.text.TimeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Background;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * Draws the timeline from the density arrays (never from messages): the axis, one lane per
 * channel with its label, hidden ranges, damage and density, the cursor, the drag range and the
 * overview strip. Colours come from the theme through a hidden probe region. Keeps what it drew
 * last: each lane's columns (for the hover text and the tests) and the overview (redone only
 * when its width changes).
 */
final class TimelineRenderer {
    /**
     * What is marked on top of the data: the highlighted lane, damage by channel and by file, the
     * selected message, the drag range in x (NaN: none) and the pointer's x (-1: outside).
     */
    record Marks(
            String highlighted,
            Map<String, Health> damage,
            Map<FileRef, Health> damagedFiles,
            Long cursor,
            String cursorChannel,
            double selectFrom,
            double selectTo,
            double hoverX) {
        Health damageOf(String channel) {
            return damage.getOrDefault(channel, Health.UNCHECKED);
        }
    }

    private final Region probe;
    private final List<long[]> lastColumns = new ArrayList<>();
    private long[] overview;
    private double overviewWidth = -1;

    /** {@code probe}: a hidden region whose background fills are the theme's colours, in the order {@link #draw} reads them. */
    TimelineRenderer(Region probe) {
        this.probe = probe;
    }

    /** The overview is of the whole log: a new log needs a new one. */
    void forgetOverview() {
        overview = null;
    }

    /** Counts drawn per lane in the last redraw that drew lanes (empty for a lane not drawn). */
    List<long[]> columns() {
        return lastColumns;
    }

    private Paint colour(int i, Color fallback) {
        Background bg = probe.getBackground();
        if (bg == null || bg.getFills().size() <= i) return fallback;
        Paint p = bg.getFills().get(i).getFill();
        return p == null ? fallback : p;
    }

    private static Color faded(Paint p, double opacity) {
        return p instanceof Color c ? c.deriveColor(0, 1, 1, opacity) : Color.gray(0.5, opacity);
    }

    /** Draws a {@code w} × {@code h} frame: {@code message} alone when there is one or no data yet. */
    void draw(
            GraphicsContext g,
            double w,
            double h,
            TimelineViewport vp,
            TimelineData data,
            String message,
            Marks marks) {
        new Frame(g, w, vp, data, marks).draw(h, message);
    }

    /** One redraw: the theme's colours, the fonts and the geometry it shares between its parts. */
    private final class Frame {
        final GraphicsContext g;
        final double w;
        final TimelineViewport vp;
        final TimelineData data;
        final Marks marks;
        final Paint bg = colour(0, Color.WHITE);
        final Paint fg = colour(1, Color.BLACK);
        final Paint muted = colour(2, Color.GRAY);
        final Paint accent = colour(3, Color.web("#0969da"));
        final Paint danger = colour(4, Color.web("#cf222e"));
        final Paint border = colour(5, Color.LIGHTGRAY);
        final Paint subtle = colour(6, Color.web("#f6f8fa"));
        final Paint warning = colour(7, Color.web("#9a6700"));
        final Font normal = Font.font(12);
        final Font bold = Font.font(null, FontWeight.BOLD, 12);
        final Font small = Font.font(10.5);
        double left;
        double pw;
        double right;
        double laneH;
        double lanesBottom;
        int px;

        Frame(GraphicsContext g, double w, TimelineViewport vp, TimelineData data, Marks marks) {
            this.g = g;
            this.w = w;
            this.vp = vp;
            this.data = data;
            this.marks = marks;
        }

        void draw(double h, String message) {
            g.setFill(bg);
            g.fillRect(0, 0, w, h);
            g.setTextBaseline(VPos.CENTER);
            if (data == null || message != null) {
                g.setFill(muted);
                g.setFont(normal);
                g.fillText(message == null ? "" : message, 16, 24);
                return;
            }
            left = vp.plotLeft();
            pw = vp.plotWidth();
            right = left + pw;
            laneH = vp.laneHeight();
            lanesBottom = vp.lanesBottom();
            axis();
            lastColumns.clear();
            px = (int) Math.max(1, Math.floor(pw));
            List<TimelineData.Lane> lanes = data.lanes();
            for (int i = 0; i < lanes.size(); i++) {
                if (!vp.laneVisible(i)) {
                    lastColumns.add(new long[0]);
                    continue;
                }
                lane(i, lanes.get(i));
            }
            cursorAndRanges();
            overview();
        }

        /** Ticks at a nice step, absolute on the first row, relative to the log's start below. */
        private void axis() {
            double start = vp.start();
            double stop = vp.stop();
            long step = TimeText.niceStep(vp.nsPerPixel() * 110);
            double first = Math.ceil(start / step) * step;
            g.setFont(small);
            g.setTextAlign(TextAlignment.CENTER);
            double lastLabel = Double.NEGATIVE_INFINITY;
            for (double t = first; t <= stop; t += step) {
                double x = Math.round(vp.xOf(t)) + 0.5;
                g.setStroke(faded(border, 0.8));
                g.setLineWidth(1);
                g.strokeLine(x, AXIS_H - 6, x, lanesBottom);
                String abs = TimeText.absolute((long) t, step);
                double half = abs.length() * 3.2;
                double lx = clampText(x, left, right, half);
                if (lx - half < lastLabel + 8) continue;
                lastLabel = lx + half;
                g.setFill(fg);
                g.fillText(abs, lx, 12);
                g.setFill(muted);
                g.fillText(TimeText.relative((long) t - data.minNs()), lx, 27);
            }
            g.setTextAlign(TextAlignment.LEFT);
            g.setFill(muted);
            int n = data.lanes().size();
            g.fillText(n + (n == 1 ? " channel" : " channels"), 10, 12);
            g.fillText("window " + TimeText.duration(Math.round(stop - start)), 10, 27);
        }

        private void lane(int i, TimelineData.Lane lane) {
            double top = vp.laneTop(i);
            if (i % 2 == 1) {
                g.setFill(faded(subtle, 0.9));
                g.fillRect(0, top, w, laneH);
            }
            if (lane.name().equals(marks.highlighted())) {
                g.setFill(faded(accent, 0.10));
                g.fillRect(0, top, w, laneH);
                g.setFill(accent);
                g.fillRect(left - 3, top + 2, 3, laneH - 4);
            }
            g.setStroke(faded(border, 0.6));
            g.strokeLine(0, Math.round(top + laneH) - 0.5, w, Math.round(top + laneH) - 0.5);
            Health health = marks.damageOf(lane.name());
            boolean damaged = health == Health.DAMAGED;
            boolean warned = health == Health.WARNING;
            if (damaged || warned) {
                g.setFill(damaged ? danger : warning);
                g.fillRect(0, top + 1, 4, laneH - 2);
            }
            label(lane, top, damaged, warned);
            g.save();
            g.beginPath();
            g.rect(left, top, pw, laneH);
            g.clip();
            // Hidden ranges: hatched.
            for (TimedMessages.Hidden hd : lane.hidden()) {
                double x0 = Math.max(left, vp.xOf(hd.startNs()));
                double x1 = Math.min(right, vp.xOf(hd.stopNs()) + 1);
                if (x1 <= x0) continue;
                g.setFill(faded(muted, 0.12));
                g.fillRect(x0, top + 1, x1 - x0, laneH - 2);
                g.setStroke(faded(muted, 0.35));
                for (double x = x0 - laneH; x < x1; x += 8) g.strokeLine(x, top + laneH - 1, x + laneH - 2, top + 1);
            }
            // Where its damaged files' messages lie: a bar along the lane's foot.
            if (damaged || warned) {
                for (var df : marks.damagedFiles().entrySet()) {
                    long[] span = lane.span(df.getKey());
                    if (span == null) continue;
                    double x0 = Math.max(left, vp.xOf(span[0]) - 1);
                    double x1 = Math.min(right, vp.xOf(span[1]) + 1);
                    if (x1 < x0) continue;
                    g.setFill(faded(df.getValue() == Health.DAMAGED ? danger : warning, 0.16));
                    g.fillRect(x0, top + 1, Math.max(2, x1 - x0), laneH - 2);
                    g.setFill(df.getValue() == Health.DAMAGED ? danger : warning);
                    g.fillRect(x0, top + laneH - 3, Math.max(2, x1 - x0), 2);
                }
            }
            // Density: per-lane scale (log), at least 2 px for any message.
            long[] cols =
                    data.density().columns(lane.name(), (long) Math.floor(vp.start()), (long) Math.ceil(vp.stop()), px);
            lastColumns.add(cols);
            long max = 0;
            for (long c : cols) max = Math.max(max, c);
            if (max > 0) fillDensity(g, cols, max, left, top + laneH - 4, laneH - 8, accent);
            g.restore();
        }

        /** The lane's name, then type and count; a latched mark. */
        private void label(TimelineData.Lane lane, double top, boolean damaged, boolean warned) {
            double textX = 10;
            boolean two = laneH >= 30;
            g.setFont(bold);
            g.setFill(damaged ? danger : warned ? warning : fg);
            String name = (damaged || warned ? "⚠ " : "") + lane.name();
            g.fillText(fit(name, two ? 150 : 110), textX, two ? top + laneH / 2 - 7 : top + laneH / 2);
            if (!two) {
                g.setFont(small);
                g.setFill(muted);
                g.setTextAlign(TextAlignment.RIGHT);
                g.fillText(
                        lane.count() == 0 && !lane.hidden().isEmpty() ? "hidden" : Human.count(lane.count()),
                        left - 8,
                        top + laneH / 2);
                g.setTextAlign(TextAlignment.LEFT);
            }
            if (lane.latched()) {
                double bx = two ? left - 58 : left - 108;
                g.setFill(faded(accent, 0.18));
                g.fillRoundRect(bx, top + laneH / 2 - (two ? 15 : 8), 50, 14, 8, 8);
                g.setFill(accent);
                g.setFont(small);
                g.fillText("latched", bx + 6, top + laneH / 2 - (two ? 8 : 1));
            }
            if (two) {
                g.setFont(small);
                g.setFill(muted);
                String sub =
                        (lane.count() == 0 && !lane.hidden().isEmpty() ? "hidden" : Human.count(lane.count()) + " msgs")
                                + " · " + lane.type();
                g.fillText(fit(sub, 210), textX, top + laneH / 2 + 8);
            }
        }

        /** The selected message, the drag range and the pointer's line. */
        private void cursorAndRanges() {
            Long cursor = marks.cursor();
            if (cursor != null && cursor >= vp.start() && cursor <= vp.stop()) {
                double x = Math.round(vp.xOf(cursor)) + 0.5;
                g.setStroke(danger);
                g.setLineWidth(1.5);
                g.strokeLine(x, AXIS_H - 4, x, lanesBottom);
                int li = data.laneIndex(marks.cursorChannel());
                if (vp.laneVisible(li)) {
                    g.setFill(danger);
                    g.fillOval(x - 4.5, vp.laneTop(li) + laneH / 2 - 4.5, 9, 9);
                }
                g.setLineWidth(1);
            }
            if (!Double.isNaN(marks.selectFrom())) {
                double a = Math.max(left, Math.min(marks.selectFrom(), marks.selectTo()));
                double b = Math.min(right, Math.max(marks.selectFrom(), marks.selectTo()));
                g.setFill(faded(accent, 0.15));
                g.fillRect(a, AXIS_H, b - a, lanesBottom - AXIS_H);
                g.setStroke(accent);
                g.strokeRect(a + 0.5, AXIS_H + 0.5, b - a - 1, lanesBottom - AXIS_H - 1);
            }
            double hoverX = marks.hoverX();
            if (hoverX >= left && hoverX <= right) {
                g.setStroke(faded(fg, 0.35));
                g.strokeLine(Math.round(hoverX) + 0.5, AXIS_H, Math.round(hoverX) + 0.5, lanesBottom);
            }
        }

        /** All channels over the whole log, and the visible window. */
        private void overview() {
            double oy = vp.overviewTop();
            if (overview == null || overviewWidth != px) {
                overview = new long[px];
                for (TimelineData.Lane lane : data.lanes()) {
                    long[] c = data.density().columns(lane.name(), data.minNs(), data.maxNs(), px);
                    for (int k = 0; k < px; k++) overview[k] += c[k];
                }
                overviewWidth = px;
            }
            g.setFill(faded(subtle, 1));
            g.fillRect(left, oy, pw, OVERVIEW_H);
            long omax = 0;
            for (long c : overview) omax = Math.max(omax, c);
            if (omax > 0) fillDensity(g, overview, omax, left, oy + OVERVIEW_H - 2, OVERVIEW_H - 4, faded(muted, 0.55));
            double full = Math.max(1, data.maxNs() - data.minNs());
            double wx0 = left + (vp.start() - data.minNs()) / full * pw;
            double wx1 = left + (vp.stop() - data.minNs()) / full * pw;
            g.setFill(faded(accent, 0.2));
            g.fillRect(wx0, oy, Math.max(2, wx1 - wx0), OVERVIEW_H);
            g.setStroke(accent);
            g.setLineWidth(1.5);
            g.strokeRect(wx0, oy + 0.75, Math.max(2, wx1 - wx0), OVERVIEW_H - 1.5);
            g.setLineWidth(1);
            g.setFont(small);
            g.setFill(muted);
            g.fillText("overview", 10, oy + OVERVIEW_H / 2 - 6);
            g.fillText(TimeText.duration(data.maxNs() - data.minNs()) + " in all", 10, oy + OVERVIEW_H / 2 + 7);
        }
    }

    /**
     * Draws a lane's counts (log scale, at least 2 px for any message) as rectangles in whole
     * pixels, neighbours of one height merged into one: the software pipeline fills
     * axis-aligned rectangles far faster than an outline polygon, and rounding lets most of a
     * busy lane's columns merge.
     */
    private static void fillDensity(
            GraphicsContext g, long[] cols, long max, double left, double base, double hMax, Paint fill) {
        double logMax = Math.log1p(max);
        g.setFill(fill);
        int c = 0;
        while (c < cols.length) {
            if (cols[c] == 0) {
                c++;
                continue;
            }
            long h = height(cols[c], hMax, logMax);
            int e = c + 1;
            while (e < cols.length && cols[e] != 0 && height(cols[e], hMax, logMax) == h) e++;
            g.fillRect(left + c, base - h, e - c, h);
            c = e;
        }
    }

    private static long height(long count, double hMax, double logMax) {
        return Math.max(2, Math.round(hMax * Math.log1p(count) / logMax));
    }

    private static double clampText(double x, double left, double right, double half) {
        return Math.max(left + half, Math.min(right - half, x));
    }

    /** Cuts {@code s} to about {@code px} pixels (a rough width: no text measuring per frame). */
    static String fit(String s, double px) {
        int n = (int) (px / 6.6);
        return s.length() <= n ? s : s.substring(0, Math.max(1, n - 1)) + "…";
    }
}
