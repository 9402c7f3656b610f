package dev.vitrine.app.ui.timeline;

/**
 * Where the timeline looks, without the toolkit: the visible window [start, stop] of the log in
 * nanoseconds, the pixel geometry that maps times to x (a label column, the plot, the axis above
 * and the overview strip below) and which lanes are scrolled into view. The view feeds it its
 * size and the log's bounds and asks it every coordinate, so zoom, pan and lane layout are
 * unit-tested without a screen.
 */
final class TimelineViewport {
    static final double LABEL_W = 230;
    static final double AXIS_H = 40;
    static final double OVERVIEW_H = 28;
    static final double RIGHT = 12;
    static final double MIN_LANE_H = 18;
    static final double MAX_LANE_H = 44;
    /** The narrowest window: 10 µs. */
    static final double MIN_SPAN = 10_000;

    private boolean hasData;
    private long minNs;
    private long maxNs;
    private int lanes;
    private double width;
    private double height;
    private double start;
    private double stop = 1;
    private int firstLane;

    /** The view's size in pixels (the plot and the lanes fit into it). */
    void setSize(double width, double height) {
        this.width = width;
        this.height = height;
    }

    /** A new log of {@code lanes} lanes over [minNs, maxNs]: all of it shown, from the first lane. */
    void setData(long minNs, long maxNs, int lanes) {
        hasData = true;
        this.minNs = minNs;
        this.maxNs = maxNs;
        this.lanes = lanes;
        start = minNs;
        stop = maxNs;
        firstLane = 0;
    }

    /** Lanes in the log (0 before any). */
    int lanes() {
        return hasData ? lanes : 0;
    }

    // ---- the window ----

    double start() {
        return start;
    }

    double stop() {
        return stop;
    }

    long visibleStart() {
        return (long) Math.floor(start);
    }

    long visibleStop() {
        return (long) Math.ceil(stop);
    }

    /** Shows [from, to] (clamped to the log, at least {@link #MIN_SPAN} wide); false before any log. */
    boolean show(double from, double to) {
        if (!hasData) return false;
        double lo = minNs;
        double hi = maxNs;
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
        return true;
    }

    /** Shows the whole log. */
    boolean fit() {
        return hasData && show(minNs, maxNs);
    }

    /** Zooms by {@code factor} (below 1 zooms in) keeping the time under {@code x} in place. */
    boolean zoomAt(double x, double factor) {
        if (!hasData) return false;
        double t = timeAt(x);
        double span = Math.max(MIN_SPAN, (stop - start) * factor);
        double frac = (t - start) / (stop - start);
        double from = t - frac * span;
        double full = maxNs - minNs;
        if (span >= full) return fit();
        from = Math.max(minNs, Math.min(maxNs - span, from));
        start = from;
        stop = from + span;
        return true;
    }

    /** Moves the window by {@code pixels} of the plot (positive: later), stopping at the log's ends. */
    boolean panBy(double pixels) {
        double ns = pixels * nsPerPixel();
        return show(start + ns, stop + ns);
    }

    /** Centres the window, keeping its span, on the time under {@code x} in the overview strip (the whole log). */
    boolean centreOverviewAt(double x) {
        double full = maxNs - minNs;
        double t = minNs + (x - plotLeft()) / plotWidth() * full;
        double span = stop - start;
        return show(t - span / 2, t + span / 2);
    }

    // ---- time and x ----

    double plotLeft() {
        return LABEL_W;
    }

    double plotWidth() {
        return Math.max(10, width - LABEL_W - RIGHT);
    }

    double nsPerPixel() {
        return (stop - start) / plotWidth();
    }

    double xOf(double timeNs) {
        return plotLeft() + (timeNs - start) / (stop - start) * plotWidth();
    }

    double timeAt(double x) {
        return start + (x - plotLeft()) / plotWidth() * (stop - start);
    }

    // ---- lanes ----

    double laneHeight() {
        double avail = height - AXIS_H - OVERVIEW_H - 10;
        return Math.max(MIN_LANE_H, Math.min(MAX_LANE_H, avail / Math.max(1, lanes())));
    }

    double laneTop(int i) {
        return AXIS_H + (i - firstLane) * laneHeight();
    }

    /** The lane's middle (tests click there). */
    double laneCentreY(int i) {
        return laneTop(i) + laneHeight() / 2;
    }

    double overviewTop() {
        return height - OVERVIEW_H - 4;
    }

    /** Where the lanes end: above the overview, or below the last lane. */
    double lanesBottom() {
        return Math.min(overviewTop() - 6, AXIS_H + (lanes() - firstLane) * laneHeight());
    }

    /** Lanes that fit between the axis and the overview. */
    int lanesShown() {
        return (int) Math.max(1, Math.floor((overviewTop() - 6 - AXIS_H) / laneHeight()));
    }

    int firstLane() {
        return firstLane;
    }

    /** Whether lane {@code i} is scrolled into view and fits whole above the overview. */
    boolean laneVisible(int i) {
        return i >= firstLane && laneTop(i) + laneHeight() <= overviewTop() - 2;
    }

    /** The visible lane at {@code y}, or -1. */
    int laneAt(double y) {
        if (!hasData || y < AXIS_H) return -1;
        int i = firstLane + (int) Math.floor((y - AXIS_H) / laneHeight());
        return i < lanes && laneVisible(i) ? i : -1;
    }

    /** Scrolls the lanes so that {@code first} is the top one (clamped); true when that moved them. */
    boolean scrollLanesTo(int first) {
        int f = Math.max(0, Math.min(lanes() - lanesShown(), first));
        if (f == firstLane) return false;
        firstLane = f;
        return true;
    }

    /** Scrolls lane {@code i} into view; false when it was in view already (nothing tried). */
    boolean revealLane(int i) {
        if (i < firstLane) scrollLanesTo(i);
        else if (i >= firstLane + lanesShown()) scrollLanesTo(i - lanesShown() + 1);
        else return false;
        return true;
    }
}
