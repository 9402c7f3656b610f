package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.model.TimedMessages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Background;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * Channels over time on a canvas: one lane per channel (name, type, count, a latched mark, a
 * damage mark), message density drawn from {@link dev.vitrine.core.model.TimelineDensity} only
 * (a redraw never walks messages), hidden ranges hatched, an axis with absolute and relative
 * times, and an overview strip with the visible window. Wheel zooms around the pointer, a drag
 * zooms to its range, shift-drag, middle-drag or horizontal scrolling pans; a click picks the
 * message nearest to it (the owner finds it in the background).
 */
public final class TimelineView extends Region {
    static final double LABEL_W = 230;
    static final double AXIS_H = 40;
    static final double OVERVIEW_H = 28;
    static final double RIGHT = 12;
    static final double MIN_LANE_H = 18;
    static final double MAX_LANE_H = 44;
    /** The narrowest window: 10 µs. */
    static final double MIN_SPAN = 10_000;

    /** Where a click landed: the lane's channel, the time under the pointer and how many ns a pixel is. */
    public record Pick(String channel, long timeNs, double nsPerPixel) {}

    private final Canvas canvas = new Canvas();
    private final Region probe = new Region();
    private final ReadOnlyStringWrapper hover = new ReadOnlyStringWrapper(this, "hover", "");
    private TimelineData data;
    private String message = "reading the channels…";
    private double start;
    private double stop = 1;
    private Long cursor;
    private String cursorChannel;
    private Map<String, dev.vitrine.core.model.Health> damage = Map.of();
    private Map<dev.vitrine.core.io.FileRef, dev.vitrine.core.model.Health> damagedFiles = Map.of();
    private java.util.function.Consumer<Pick> onPick = p -> {};
    private Runnable onRangeChanged = () -> {};
    private java.util.function.Consumer<String> onLaneChosen = c -> {};
    private String highlighted;
    private final List<long[]> lastColumns = new ArrayList<>();
    private long[] overview;
    private double overviewWidth = -1;
    private long lastDrawNanos;
    private double hoverX = -1;
    private double hoverY = -1;
    private int firstLane;
    private final javafx.scene.control.ScrollBar lanesBar = new javafx.scene.control.ScrollBar();

    private enum Drag { NONE, SELECT, PAN, OVERVIEW }

    private Drag drag = Drag.NONE;
    private double pressX;
    private double dragX;
    private double pressStart;
    private double pressStop;

    public TimelineView() {
        getStyleClass().add("timeline-view");
        probe.getStyleClass().add("timeline-colors");
        probe.setStyle("-fx-background-color: -color-bg-default, -color-fg-default, -color-fg-muted, -color-accent-emphasis, "
                + "-color-danger-emphasis, -color-border-default, -color-bg-subtle, -color-warning-emphasis, -color-accent-muted;");
        probe.setManaged(false);
        probe.setVisible(false);
        lanesBar.setOrientation(javafx.geometry.Orientation.VERTICAL);
        lanesBar.setVisible(false);
        lanesBar.valueProperty().addListener((o, a, b) -> scrollLanesTo((int) Math.round(b.doubleValue())));
        getChildren().addAll(canvas, probe, lanesBar);
        setMinSize(300, 160);
        setPrefSize(900, 420);
        setFocusTraversable(true);
        addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        setOnKeyPressed(e -> {
            if (data == null) return;
            double mid = plotLeft() + plotWidth() / 2;
            switch (e.getCode()) {
                case PLUS, EQUALS, ADD -> zoomAt(mid, 0.5);
                case MINUS, SUBTRACT -> zoomAt(mid, 2);
                case LEFT -> panBy(-plotWidth() / 8);
                case RIGHT -> panBy(plotWidth() / 8);
                case HOME -> fit();
                case UP -> scrollLanesTo(firstLane - 1);
                case DOWN -> scrollLanesTo(firstLane + 1);
                default -> {
                    return;
                }
            }
            e.consume();
        });
        setOnMousePressed(this::pressed);
        setOnMouseDragged(this::dragged);
        setOnMouseReleased(this::released);
        setOnMouseMoved(e -> {
            hoverX = e.getX();
            hoverY = e.getY();
            updateHover(e.getX(), e.getY());
            draw();
        });
        setOnMouseExited(e -> {
            hoverX = -1;
            hover.set("");
            draw();
        });
    }

    // ---- state ----

    public void setMessage(String text) {
        message = text;
        draw();
    }

    public void setData(TimelineData d) {
        data = d;
        message = null;
        overview = null;
        start = d.minNs();
        stop = d.maxNs();
        firstLane = 0;
        setMinHeight(AXIS_H + Math.min(4, d.lanes().size()) * MIN_LANE_H + OVERVIEW_H + 12);
        draw();
        syncScrollBar();
        onRangeChanged.run();
    }

    public TimelineData data() {
        return data;
    }

    public void setDamage(Map<String, dev.vitrine.core.model.Health> byChannel) {
        setDamage(byChannel, Map.of());
    }

    /** Marks lanes of damaged channels, and under each the time span of its messages in each damaged file. */
    public void setDamage(Map<String, dev.vitrine.core.model.Health> byChannel, Map<dev.vitrine.core.io.FileRef, dev.vitrine.core.model.Health> byFile) {
        damage = byChannel == null ? Map.of() : Map.copyOf(byChannel);
        damagedFiles = byFile == null ? Map.of() : Map.copyOf(byFile);
        draw();
    }

    public dev.vitrine.core.model.Health damageOf(String channel) {
        return damage.getOrDefault(channel, dev.vitrine.core.model.Health.UNCHECKED);
    }

    public void setOnPick(java.util.function.Consumer<Pick> handler) {
        onPick = handler == null ? p -> {} : handler;
    }

    /** Hears the channel of a lane the user clicked (its name, or a message on it). */
    public void setOnLaneChosen(java.util.function.Consumer<String> handler) {
        onLaneChosen = handler == null ? c -> {} : handler;
    }

    /** Marks {@code channel}'s lane and scrolls it into view (null: none). */
    public void highlight(String channel) {
        highlighted = channel;
        int i = indexOf(channel);
        if (i >= 0) revealLane(i);
        draw();
    }

    public String highlighted() {
        return highlighted;
    }

    public void setOnRangeChanged(Runnable r) {
        onRangeChanged = r == null ? () -> {} : r;
    }

    /** The selected message's time, drawn as a line across the lanes (null: none). */
    public void setCursor(Long timeNs, String channel) {
        cursor = timeNs;
        cursorChannel = channel;
        draw();
    }

    public Long cursor() {
        return cursor;
    }

    public long visibleStart() {
        return (long) Math.floor(start);
    }

    public long visibleStop() {
        return (long) Math.ceil(stop);
    }

    public ReadOnlyStringProperty hoverTextProperty() {
        return hover.getReadOnlyProperty();
    }

    /** Nanoseconds the last redraw took. */
    public long lastDrawNanos() {
        return lastDrawNanos;
    }

    /** Shows [from, to] (clamped to the log, at least {@link #MIN_SPAN} wide). */
    public void show(double from, double to) {
        if (data == null) return;
        double lo = data.minNs();
        double hi = data.maxNs();
        double full = hi - lo;
        double span = Math.max(MIN_SPAN, Math.min(full, to - from));
        if (span >= full) {
            from = lo;
        } else {
            double mid = (from + to) / 2;
            from = Math.max(lo, Math.min(hi - span, mid - span / 2));
        }
        start = from;
        stop = from + Math.max(span, Math.min(full, MIN_SPAN));
        rangeMoved();
    }

    public void fit() {
        if (data != null) show(data.minNs(), data.maxNs());
    }

    /** Zooms by {@code factor} (below 1 zooms in) keeping the time under {@code x} in place. */
    public void zoomAt(double x, double factor) {
        if (data == null) return;
        double t = timeAt(x);
        double span = Math.max(MIN_SPAN, (stop - start) * factor);
        double frac = (t - start) / (stop - start);
        double from = t - frac * span;
        double full = data.maxNs() - data.minNs();
        if (span >= full) {
            fit();
            return;
        }
        from = Math.max(data.minNs(), Math.min(data.maxNs() - span, from));
        start = from;
        stop = from + span;
        rangeMoved();
    }

    private void rangeMoved() {
        draw();
        if (hoverX >= 0) updateHover(hoverX, hoverY);
        onRangeChanged.run();
    }

    public void panBy(double pixels) {
        double ns = pixels * nsPerPixel();
        show(start + ns, stop + ns);
    }

    // ---- geometry ----

    double plotLeft() {
        return LABEL_W;
    }

    double plotWidth() {
        return Math.max(10, getWidth() - LABEL_W - RIGHT);
    }

    double nsPerPixel() {
        return (stop - start) / plotWidth();
    }

    public double xOf(double timeNs) {
        return plotLeft() + (timeNs - start) / (stop - start) * plotWidth();
    }

    public double timeAt(double x) {
        return start + (x - plotLeft()) / plotWidth() * (stop - start);
    }

    double laneHeight() {
        int n = data == null ? 0 : Math.max(1, data.lanes().size());
        double avail = getHeight() - AXIS_H - OVERVIEW_H - 10;
        return Math.max(MIN_LANE_H, Math.min(MAX_LANE_H, avail / Math.max(1, n)));
    }

    double laneTop(int i) {
        return AXIS_H + (i - firstLane) * laneHeight();
    }

    /** Lanes that fit between the axis and the overview. */
    int lanesShown() {
        return (int) Math.max(1, Math.floor((overviewTop() - 6 - AXIS_H) / laneHeight()));
    }

    /** Scrolls the lanes so that {@code first} is the top one (when there are more than fit). */
    public void scrollLanesTo(int first) {
        int n = data == null ? 0 : data.lanes().size();
        int f = Math.max(0, Math.min(n - lanesShown(), first));
        if (f != firstLane) {
            firstLane = f;
            draw();
        }
        syncScrollBar();
    }

    /** Brings lane {@code i} into view. */
    public void revealLane(int i) {
        if (i < firstLane) scrollLanesTo(i);
        else if (i >= firstLane + lanesShown()) scrollLanesTo(i - lanesShown() + 1);
    }

    private void syncScrollBar() {
        int n = data == null ? 0 : data.lanes().size();
        int shown = lanesShown();
        boolean need = n > shown;
        lanesBar.setVisible(need);
        if (need) {
            lanesBar.setMax(n - shown);
            lanesBar.setVisibleAmount(Math.max(1, (double) shown * (n - shown) / n));
            lanesBar.setUnitIncrement(1);
            lanesBar.setBlockIncrement(Math.max(1, shown - 1));
            if (lanesBar.getValue() != firstLane) lanesBar.setValue(firstLane);
        } else if (firstLane != 0) {
            firstLane = 0;
            draw();
        }
    }

    /** The lane's middle (tests click there). */
    public double laneCentreY(int i) {
        return laneTop(i) + laneHeight() / 2;
    }

    public int firstLane() {
        return firstLane;
    }

    public boolean lanesScroll() {
        return lanesBar.isVisible();
    }

    public int laneAt(double y) {
        if (data == null || y < AXIS_H) return -1;
        int i = firstLane + (int) Math.floor((y - AXIS_H) / laneHeight());
        return i >= firstLane && i < data.lanes().size() && laneTop(i) + laneHeight() <= overviewTop() - 2 ? i : -1;
    }

    double overviewTop() {
        return getHeight() - OVERVIEW_H - 4;
    }

    // ---- input ----

    private void scrolled(ScrollEvent e) {
        if (data == null) return;
        if (e.getX() < plotLeft() && e.getDeltaY() != 0 && !e.isShiftDown()) { // over the names: scroll the lanes
            scrollLanesTo(firstLane + (e.getDeltaY() > 0 ? -1 : 1));
            e.consume();
            return;
        }
        double dx = e.getDeltaX();
        double dy = e.getDeltaY();
        if (e.isShiftDown() && dx == 0) {
            dx = dy;
            dy = 0;
        }
        if (Math.abs(dx) > Math.abs(dy)) {
            panBy(-dx);
        } else if (dy != 0) {
            zoomAt(Math.max(plotLeft(), e.getX()), Math.exp(-dy / 200));
        }
        e.consume();
    }

    private void pressed(MouseEvent e) {
        requestFocus();
        if (data == null) return;
        pressX = e.getX();
        dragX = e.getX();
        pressStart = start;
        pressStop = stop;
        if (e.getY() >= overviewTop()) {
            drag = Drag.OVERVIEW;
            centreOverviewAt(e.getX());
        } else if (e.getButton() == MouseButton.MIDDLE || (e.getButton() == MouseButton.PRIMARY && e.isShiftDown())) {
            drag = Drag.PAN;
        } else if (e.getButton() == MouseButton.PRIMARY && e.getX() >= plotLeft()) {
            drag = Drag.SELECT;
        } else {
            drag = Drag.NONE;
            int lane = e.getButton() == MouseButton.PRIMARY ? laneAt(e.getY()) : -1;
            if (lane >= 0) chooseLane(lane); // a click on a lane's name chooses its channel
        }
    }

    private void dragged(MouseEvent e) {
        dragX = e.getX();
        switch (drag) {
            case PAN -> {
                double ns = (pressX - e.getX()) * (pressStop - pressStart) / plotWidth();
                show(pressStart + ns, pressStop + ns);
            }
            case OVERVIEW -> centreOverviewAt(e.getX());
            case SELECT -> draw();
            default -> {}
        }
        updateHover(e.getX(), e.getY());
    }

    private void released(MouseEvent e) {
        Drag was = drag;
        drag = Drag.NONE;
        if (was == Drag.SELECT) {
            if (Math.abs(e.getX() - pressX) > 4) {
                double a = timeAt(Math.min(pressX, e.getX()));
                double b = timeAt(Math.max(pressX, e.getX()));
                show(a, b);
            } else {
                draw();
                int lane = laneAt(e.getY());
                if (lane >= 0) pick(lane, e.getX());
            }
        }
    }

    private void chooseLane(int lane) {
        highlighted = data.lanes().get(lane).name();
        draw();
        onLaneChosen.accept(highlighted);
    }

    /** As if lane {@code lane} were clicked at {@code x}: its channel is chosen and the nearest message picked. */
    public void pick(int lane, double x) {
        if (data == null || lane < 0 || lane >= data.lanes().size()) return;
        chooseLane(lane);
        onPick.accept(new Pick(data.lanes().get(lane).name(), Math.round(timeAt(x)), nsPerPixel()));
    }

    private void centreOverviewAt(double x) {
        double full = data.maxNs() - data.minNs();
        double t = data.minNs() + (x - plotLeft()) / plotWidth() * full;
        double span = stop - start;
        show(t - span / 2, t + span / 2);
    }

    private void updateHover(double x, double y) {
        if (data != null && x < plotLeft() && laneAt(y) >= 0) {
            TimelineData.Lane l = data.lanes().get(laneAt(y));
            StringBuilder b = new StringBuilder(l.name()).append(" · ").append(l.type()).append(" · ").append(Human.count(l.count()))
                    .append(l.count() == 1 ? " message" : " messages");
            if (l.latched()) b.append(" · latched");
            for (TimedMessages.Hidden h : l.hidden()) {
                b.append(" · ").append(Human.count(h.count())).append(" hidden (").append(h.reason()).append(")");
            }
            dev.vitrine.core.model.Health health = damageOf(l.name());
            if (health == dev.vitrine.core.model.Health.DAMAGED) b.append(" · damage in its files");
            if (health == dev.vitrine.core.model.Health.WARNING) b.append(" · warnings in its files");
            hover.set(b.toString());
            return;
        }
        if (data == null || x < plotLeft() || x > plotLeft() + plotWidth()) {
            hover.set("");
            return;
        }
        double t = timeAt(x);
        long step = TimeText.niceStep(nsPerPixel());
        StringBuilder b = new StringBuilder(TimeText.absolute(Math.round(t), step)).append("  (")
                .append(TimeText.relative(Math.round(t - data.minNs()))).append(")");
        int lane = laneAt(y);
        if (lane >= 0 && lane < lastColumns.size()) {
            TimelineData.Lane l = data.lanes().get(lane);
            long[] cols = lastColumns.get(lane);
            int c = (int) Math.floor(x - plotLeft());
            long n = c >= 0 && c < cols.length ? cols[c] : 0;
            b.append(" · ").append(l.name()).append(" · ").append(Human.count(n)).append(n == 1 ? " message" : " messages")
                    .append(" in ").append(TimeText.duration(Math.max(1, Math.round(nsPerPixel()))));
            for (TimedMessages.Hidden h : l.hidden()) {
                if (t >= h.startNs() && t <= h.stopNs()) b.append(" · hidden: ").append(h.reason());
            }
        }
        hover.set(b.toString());
    }

    // ---- drawing ----

    @Override
    protected void layoutChildren() {
        double w = Math.floor(getWidth());
        double h = Math.floor(getHeight());
        lanesBar.resizeRelocate(w - RIGHT, AXIS_H, RIGHT, Math.max(0, overviewTop() - 6 - AXIS_H));
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            draw();
            syncScrollBar();
        }
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

    /** Redraws from the density arrays (never from messages). */
    void draw() {
        long t0 = System.nanoTime();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        GraphicsContext g = canvas.getGraphicsContext2D();
        Paint bg = colour(0, Color.WHITE);
        Paint fg = colour(1, Color.BLACK);
        Paint muted = colour(2, Color.GRAY);
        Paint accent = colour(3, Color.web("#0969da"));
        Paint danger = colour(4, Color.web("#cf222e"));
        Paint border = colour(5, Color.LIGHTGRAY);
        Paint subtle = colour(6, Color.web("#f6f8fa"));
        Paint warning = colour(7, Color.web("#9a6700"));
        g.setFill(bg);
        g.fillRect(0, 0, w, h);
        g.setTextBaseline(VPos.CENTER);
        Font normal = Font.font(12);
        Font bold = Font.font(null, FontWeight.BOLD, 12);
        Font small = Font.font(10.5);
        if (data == null || message != null) {
            g.setFill(muted);
            g.setFont(normal);
            g.fillText(message == null ? "" : message, 16, 24);
            lastDrawNanos = System.nanoTime() - t0;
            return;
        }
        double left = plotLeft();
        double pw = plotWidth();
        double right = left + pw;
        double laneH = laneHeight();
        List<TimelineData.Lane> lanes = data.lanes();
        double lanesBottom = Math.min(overviewTop() - 6, AXIS_H + (lanes.size() - firstLane) * laneH);

        // Axis: ticks at a nice step, absolute on the first row, relative to the log's start below.
        long step = TimeText.niceStep(nsPerPixel() * 110);
        double first = Math.ceil(start / step) * step;
        g.setFont(small);
        g.setTextAlign(TextAlignment.CENTER);
        double lastLabel = Double.NEGATIVE_INFINITY;
        for (double t = first; t <= stop; t += step) {
            double x = Math.round(xOf(t)) + 0.5;
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
        g.fillText(lanes.size() + (lanes.size() == 1 ? " channel" : " channels"), 10, 12);
        g.fillText("window " + TimeText.duration(Math.round(stop - start)), 10, 27);

        // Lanes.
        lastColumns.clear();
        int px = (int) Math.max(1, Math.floor(pw));
        for (int i = 0; i < lanes.size(); i++) {
            TimelineData.Lane lane = lanes.get(i);
            double top = laneTop(i);
            if (i < firstLane || top + laneH > overviewTop() - 2) {
                lastColumns.add(new long[0]);
                continue;
            }
            if (i % 2 == 1) {
                g.setFill(faded(subtle, 0.9));
                g.fillRect(0, top, w, laneH);
            }
            if (lane.name().equals(highlighted)) {
                g.setFill(faded(accent, 0.10));
                g.fillRect(0, top, w, laneH);
                g.setFill(accent);
                g.fillRect(left - 3, top + 2, 3, laneH - 4);
            }
            g.setStroke(faded(border, 0.6));
            g.strokeLine(0, Math.round(top + laneH) - 0.5, w, Math.round(top + laneH) - 0.5);
            dev.vitrine.core.model.Health health = damageOf(lane.name());
            boolean damaged = health == dev.vitrine.core.model.Health.DAMAGED;
            boolean warned = health == dev.vitrine.core.model.Health.WARNING;
            if (damaged || warned) {
                g.setFill(damaged ? danger : warning);
                g.fillRect(0, top + 1, 4, laneH - 2);
            }
            // Label: name, then type and count; a latched mark.
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
                g.fillText(lane.count() == 0 && !lane.hidden().isEmpty() ? "hidden" : Human.count(lane.count()), left - 8, top + laneH / 2);
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
                String sub = (lane.count() == 0 && !lane.hidden().isEmpty() ? "hidden" : Human.count(lane.count()) + " msgs") + " · " + lane.type();
                g.fillText(fit(sub, 210), textX, top + laneH / 2 + 8);
            }
            g.save();
            g.beginPath();
            g.rect(left, top, pw, laneH);
            g.clip();
            // Hidden ranges: hatched.
            for (TimedMessages.Hidden hd : lane.hidden()) {
                double x0 = Math.max(left, xOf(hd.startNs()));
                double x1 = Math.min(right, xOf(hd.stopNs()) + 1);
                if (x1 <= x0) continue;
                g.setFill(faded(muted, 0.12));
                g.fillRect(x0, top + 1, x1 - x0, laneH - 2);
                g.setStroke(faded(muted, 0.35));
                for (double x = x0 - laneH; x < x1; x += 8) g.strokeLine(x, top + laneH - 1, x + laneH - 2, top + 1);
            }
            // Where its damaged files' messages lie: a bar along the lane's foot.
            if (damaged || warned) {
                for (var df : damagedFiles.entrySet()) {
                    long[] span = lane.span(df.getKey());
                    if (span == null) continue;
                    double x0 = Math.max(left, xOf(span[0]) - 1);
                    double x1 = Math.min(right, xOf(span[1]) + 1);
                    if (x1 < x0) continue;
                    g.setFill(faded(df.getValue() == dev.vitrine.core.model.Health.DAMAGED ? danger : warning, 0.16));
                    g.fillRect(x0, top + 1, Math.max(2, x1 - x0), laneH - 2);
                    g.setFill(df.getValue() == dev.vitrine.core.model.Health.DAMAGED ? danger : warning);
                    g.fillRect(x0, top + laneH - 3, Math.max(2, x1 - x0), 2);
                }
            }
            // Density: per-lane scale (log), at least 2 px for any message.
            long[] cols = data.density().columns(lane.name(), (long) Math.floor(start), (long) Math.ceil(stop), px);
            lastColumns.add(cols);
            long max = 0;
            for (long c : cols) max = Math.max(max, c);
            if (max > 0) fillDensity(g, cols, max, left, top + laneH - 4, laneH - 8, accent);
            g.restore();
        }

        // Selected message and drag range.
        if (cursor != null && cursor >= start && cursor <= stop) {
            double x = Math.round(xOf(cursor)) + 0.5;
            g.setStroke(danger);
            g.setLineWidth(1.5);
            g.strokeLine(x, AXIS_H - 4, x, lanesBottom);
            int li = indexOf(cursorChannel);
            if (li >= firstLane && laneTop(li) + laneH <= overviewTop() - 2) {
                g.setFill(danger);
                g.fillOval(x - 4.5, laneTop(li) + laneH / 2 - 4.5, 9, 9);
            }
            g.setLineWidth(1);
        }
        if (drag == Drag.SELECT && Math.abs(dragX - pressX) > 4) {
            double a = Math.max(left, Math.min(pressX, dragX));
            double b = Math.min(right, Math.max(pressX, dragX));
            g.setFill(faded(accent, 0.15));
            g.fillRect(a, AXIS_H, b - a, lanesBottom - AXIS_H);
            g.setStroke(accent);
            g.strokeRect(a + 0.5, AXIS_H + 0.5, b - a - 1, lanesBottom - AXIS_H - 1);
        }
        if (hoverX >= left && hoverX <= right) {
            g.setStroke(faded(fg, 0.35));
            g.strokeLine(Math.round(hoverX) + 0.5, AXIS_H, Math.round(hoverX) + 0.5, lanesBottom);
        }

        // Overview: all channels over the whole log, and the visible window.
        double oy = overviewTop();
        if (overview == null || overviewWidth != px) {
            overview = new long[px];
            for (TimelineData.Lane lane : lanes) {
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
        double wx0 = left + (start - data.minNs()) / full * pw;
        double wx1 = left + (stop - data.minNs()) / full * pw;
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
        lastDrawNanos = System.nanoTime() - t0;
    }

    /**
     * Draws a lane's counts (log scale, at least 2 px for any message) as rectangles in whole
     * pixels, neighbours of one height merged into one: the software pipeline fills
     * axis-aligned rectangles far faster than an outline polygon, and rounding lets most of a
     * busy lane's columns merge.
     */
    private static void fillDensity(GraphicsContext g, long[] cols, long max, double left, double base, double hMax, Paint fill) {
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

    private int indexOf(String channel) {
        if (channel == null || data == null) return -1;
        for (int i = 0; i < data.lanes().size(); i++) if (data.lanes().get(i).name().equals(channel)) return i;
        return -1;
    }

    private static double clampText(double x, double left, double right, double half) {
        return Math.max(left + half, Math.min(right - half, x));
    }

    /** Cuts {@code s} to about {@code px} pixels (a rough width: no text measuring per frame). */
    private static String fit(String s, double px) {
        int n = (int) (px / 6.6);
        return s.length() <= n ? s : s.substring(0, Math.max(1, n - 1)) + "…";
    }

    /** Counts drawn per lane in the last redraw (tests). */
    List<long[]> drawnColumns() {
        return List.copyOf(lastColumns);
    }

    /** The channel's total in the visible window (from the drawn columns). */
    public long visibleCount(String channel) {
        int i = indexOf(channel);
        if (i < 0 || i >= lastColumns.size()) return 0;
        long n = 0;
        for (long c : lastColumns.get(i)) n += c;
        return n;
    }

    Map<String, Long> visibleCounts() {
        Map<String, Long> m = new HashMap<>();
        if (data != null) for (TimelineData.Lane l : data.lanes()) m.put(l.name(), visibleCount(l.name()));
        return m;
    }
}
