package dev.vitrine.app.ui.timeline;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;

/**
 * Channels over time on a canvas: one lane per channel (name, type, count, a latched mark, a
 * damage mark), message density drawn from {@link dev.vitrine.core.model.TimelineDensity} only
 * (a redraw never walks messages), hidden ranges hatched, an axis with absolute and relative
 * times, and an overview strip with the visible window. Wheel zooms around the pointer, a drag
 * zooms to its range, shift-drag, middle-drag or horizontal scrolling pans; a click picks the
 * message nearest to it (the owner finds it in the background). The window and the lane layout
 * are a {@link TimelineViewport}, the drawing a {@link TimelineRenderer}; this class holds the
 * state shown and turns input into their calls.
 */
public final class TimelineView extends Region {
    static final double OVERVIEW_H = TimelineViewport.OVERVIEW_H;
    /** The narrowest window: 10 µs. */
    static final double MIN_SPAN = TimelineViewport.MIN_SPAN;

    /** Where a click landed: the lane's channel, the time under the pointer and how many ns a pixel is. */
    public record Pick(String channel, long timeNs, double nsPerPixel) {}

    private final Canvas canvas = new Canvas();
    private final Region probe = new Region();
    private final ReadOnlyStringWrapper hover = new ReadOnlyStringWrapper(this, "hover", "");
    private final TimelineViewport vp = new TimelineViewport();
    private final TimelineRenderer renderer = new TimelineRenderer(probe);
    private TimelineData data;
    private String message = "reading the channels…";
    private Long cursor;
    private String cursorChannel;
    private Map<String, dev.vitrine.core.model.Health> damage = Map.of();
    private Map<dev.vitrine.core.io.FileRef, dev.vitrine.core.model.Health> damagedFiles = Map.of();
    private java.util.function.Consumer<Pick> onPick = p -> {};
    private Runnable onRangeChanged = () -> {};
    private java.util.function.Consumer<String> onLaneChosen = c -> {};
    private String highlighted;
    private long lastDrawNanos;
    private double hoverX = -1;
    private double hoverY = -1;
    private final javafx.scene.control.ScrollBar lanesBar = new javafx.scene.control.ScrollBar();
    private final TimelineGestures gestures = new TimelineGestures(this, vp);

    public TimelineView() {
        getStyleClass().add("timeline-view");
        probe.getStyleClass().add("timeline-colors");
        probe.setStyle(
                "-fx-background-color: -color-bg-default, -color-fg-default, -color-fg-muted, -color-accent-emphasis, "
                        + "-color-danger-emphasis, -color-border-default, -color-bg-subtle, -color-warning-emphasis, -color-accent-muted;");
        probe.setManaged(false);
        probe.setVisible(false);
        lanesBar.setOrientation(javafx.geometry.Orientation.VERTICAL);
        lanesBar.setVisible(false);
        lanesBar.valueProperty().addListener((o, a, b) -> scrollLanesTo((int) Math.round(b.doubleValue())));
        getChildren().addAll(canvas, probe, lanesBar);
        // The viewport measures with the region's size, as soon as it changes (before a layout pass).
        widthProperty().addListener((o, a, b) -> vp.setSize(getWidth(), getHeight()));
        heightProperty().addListener((o, a, b) -> vp.setSize(getWidth(), getHeight()));
        setMinSize(300, 160);
        setPrefSize(900, 420);
        setFocusTraversable(true);
        setOnMouseMoved(e -> {
            hoverX = e.getX();
            hoverY = e.getY();
            hoverAt(e.getX(), e.getY());
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
        renderer.forgetOverview();
        vp.setData(d.minNs(), d.maxNs(), d.lanes().size());
        setMinHeight(TimelineViewport.AXIS_H
                + Math.min(2, d.lanes().size()) * TimelineViewport.MIN_LANE_H
                + OVERVIEW_H
                + 12);
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
    public void setDamage(
            Map<String, dev.vitrine.core.model.Health> byChannel,
            Map<dev.vitrine.core.io.FileRef, dev.vitrine.core.model.Health> byFile) {
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
        return vp.visibleStart();
    }

    public long visibleStop() {
        return vp.visibleStop();
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
        if (vp.show(from, to)) rangeMoved();
    }

    public void fit() {
        if (vp.fit()) rangeMoved();
    }

    /** Zooms by {@code factor} (below 1 zooms in) keeping the time under {@code x} in place. */
    public void zoomAt(double x, double factor) {
        if (vp.zoomAt(x, factor)) rangeMoved();
    }

    public void panBy(double pixels) {
        if (vp.panBy(pixels)) rangeMoved();
    }

    private void rangeMoved() {
        draw();
        if (hoverX >= 0) hoverAt(hoverX, hoverY);
        onRangeChanged.run();
    }

    // ---- geometry (the viewport's) ----

    double plotLeft() {
        return vp.plotLeft();
    }

    double plotWidth() {
        return vp.plotWidth();
    }

    double nsPerPixel() {
        return vp.nsPerPixel();
    }

    public double xOf(double timeNs) {
        return vp.xOf(timeNs);
    }

    public double timeAt(double x) {
        return vp.timeAt(x);
    }

    /** Scrolls the lanes so that {@code first} is the top one (when there are more than fit). */
    public void scrollLanesTo(int first) {
        if (vp.scrollLanesTo(first)) draw();
        syncScrollBar();
    }

    /** Brings lane {@code i} into view. */
    public void revealLane(int i) {
        int was = vp.firstLane();
        if (!vp.revealLane(i)) return;
        if (vp.firstLane() != was) draw();
        syncScrollBar();
    }

    private void syncScrollBar() {
        int n = vp.lanes();
        int shown = vp.lanesShown();
        boolean need = n > shown;
        lanesBar.setVisible(need);
        if (need) {
            lanesBar.setMax(n - shown);
            lanesBar.setVisibleAmount(Math.max(1, (double) shown * (n - shown) / n));
            lanesBar.setUnitIncrement(1);
            lanesBar.setBlockIncrement(Math.max(1, shown - 1));
            if (lanesBar.getValue() != vp.firstLane()) lanesBar.setValue(vp.firstLane());
        } else if (vp.scrollLanesTo(0)) {
            draw();
        }
    }

    /** The lane's middle (tests click there). */
    public double laneCentreY(int i) {
        return vp.laneCentreY(i);
    }

    public int firstLane() {
        return vp.firstLane();
    }

    public boolean lanesScroll() {
        return lanesBar.isVisible();
    }

    public int laneAt(double y) {
        return vp.laneAt(y);
    }

    // ---- input ----

    void chooseLane(int lane) {
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

    void centreOverviewAt(double x) {
        if (vp.centreOverviewAt(x)) rangeMoved();
    }

    /** Says what is under ({@code x}, {@code y}) (the pointer moved or dragged there). */
    void hoverAt(double x, double y) {
        hover.set(TimelineHover.text(data, vp, renderer.columns(), this::damageOf, x, y));
    }

    // ---- drawing ----

    @Override
    protected void layoutChildren() {
        double w = Math.floor(getWidth());
        double h = Math.floor(getHeight());
        lanesBar.resizeRelocate(
                w - TimelineViewport.RIGHT,
                TimelineViewport.AXIS_H,
                TimelineViewport.RIGHT,
                Math.max(0, vp.overviewTop() - 6 - TimelineViewport.AXIS_H));
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            draw();
            syncScrollBar();
        }
    }

    /** Redraws from the density arrays (never from messages). */
    void draw() {
        long t0 = System.nanoTime();
        TimelineRenderer.Marks marks = new TimelineRenderer.Marks(
                highlighted,
                damage,
                damagedFiles,
                cursor,
                cursorChannel,
                gestures.selectionStart(),
                gestures.dragX(),
                hoverX);
        renderer.draw(canvas.getGraphicsContext2D(), canvas.getWidth(), canvas.getHeight(), vp, data, message, marks);
        lastDrawNanos = System.nanoTime() - t0;
    }

    private int indexOf(String channel) {
        return data == null ? -1 : data.laneIndex(channel);
    }

    /** Counts drawn per lane in the last redraw (tests). */
    List<long[]> drawnColumns() {
        return List.copyOf(renderer.columns());
    }

    /** The channel's total in the visible window (from the drawn columns). */
    public long visibleCount(String channel) {
        int i = indexOf(channel);
        List<long[]> drawn = renderer.columns();
        if (i < 0 || i >= drawn.size()) return 0;
        long n = 0;
        for (long c : drawn.get(i)) n += c;
        return n;
    }

    Map<String, Long> visibleCounts() {
        Map<String, Long> m = new HashMap<>();
        if (data != null) for (TimelineData.Lane l : data.lanes()) m.put(l.name(), visibleCount(l.name()));
        return m;
    }
}
