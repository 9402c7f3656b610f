package dev.vitrine.app.ui.timeline;

import static dev.vitrine.app.ui.timeline.TimelineViewport.AXIS_H;
import static dev.vitrine.app.ui.timeline.TimelineViewport.MIN_SPAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The timeline's window and lane layout, without a screen: what a wheel, a drag, a key or a click on a lane does to them. */
class TimelineViewportTest {
    private static final long MIN = 5_000_000_000L;
    private static final long MAX = MIN + 60_000_000_000L; // a one-minute log

    /** 1000 × 500 px: a plot 758 px wide from x 230, lanes between y 40 and 462. */
    private static TimelineViewport log(int lanes) {
        TimelineViewport vp = new TimelineViewport();
        vp.setSize(1000, 500);
        vp.setData(MIN, MAX, lanes);
        return vp;
    }

    @Test
    void aNewLogIsShownWholeAcrossThePlot() {
        TimelineViewport vp = log(3);
        assertEquals(MIN, vp.visibleStart());
        assertEquals(MAX, vp.visibleStop());
        assertEquals(230, vp.xOf(MIN), 1e-9, "the log starts at the plot's left edge, right of the names");
        assertEquals(230 + 758, vp.xOf(MAX), 1e-9, "and ends at its right edge");
        assertEquals(MIN + 30_000_000_000L, vp.timeAt(230 + 379), 1, "the middle pixel is the middle of the log");
        for (double x : new double[] {230, 400.5, 987})
            assertEquals(x, vp.xOf(vp.timeAt(x)), 1e-6, "time and x map back and forth");
    }

    @Test
    void zoomKeepsTheTimeUnderThePointerInPlace() {
        TimelineViewport vp = log(3);
        double x = 420;
        double under = vp.timeAt(x);
        assertTrue(vp.zoomAt(x, 0.5));
        assertEquals(30_000_000_000.0, vp.stop() - vp.start(), 1, "zooming in by 2 halves the window");
        assertEquals(under, vp.timeAt(x), 1, "the time under the pointer stays under it");
        vp.zoomAt(x, 0.01);
        assertEquals(under, vp.timeAt(x), 1, "and again, deeper");
        for (int i = 0; i < 40; i++) vp.zoomAt(x, 0.5);
        assertEquals(MIN_SPAN, vp.stop() - vp.start(), 1e-3, "zooming in stops at 10 µs");
        assertEquals(under, vp.timeAt(x), 1, "still around the pointer");
        vp.zoomAt(x, 1e9);
        assertEquals(MIN, vp.visibleStart(), "zooming out past the whole log shows the whole log");
        assertEquals(MAX, vp.visibleStop());
    }

    @Test
    void zoomNearAnEndStaysInsideTheLog() {
        TimelineViewport vp = log(3);
        vp.show(MIN, MIN + 1_000_000_000L);
        vp.zoomAt(230 + 758, 30); // out by 30, the pointer at the window's end: 29 s would fall before the log
        assertEquals(MIN, vp.visibleStart(), "the window does not slide before the log's start");
        assertEquals(30_000_000_000.0, vp.stop() - vp.start(), 1);
    }

    @Test
    void panMovesByPixelsAndClampsAtTheEnds() {
        TimelineViewport vp = log(3);
        vp.show(MIN + 20_000_000_000L, MIN + 30_000_000_000L);
        double nsPerPx = vp.nsPerPixel();
        double t = MIN + 25_000_000_000.0;
        double x = vp.xOf(t);
        assertTrue(vp.panBy(100));
        assertEquals(x - 100, vp.xOf(t), 1e-6, "panning right by 100 px moves what was shown 100 px left");
        assertEquals(nsPerPx, vp.nsPerPixel(), 1e-3, "and keeps the zoom");
        vp.panBy(1e9);
        assertEquals(MAX, vp.visibleStop(), "panning far right stops at the log's end");
        assertEquals(10_000_000_000.0, vp.stop() - vp.start(), 1, "with the window as wide as before");
        vp.panBy(-1e9);
        assertEquals(MIN, vp.visibleStart(), "panning far left stops at its start");
        assertEquals(10_000_000_000.0, vp.stop() - vp.start(), 1);
    }

    @Test
    void showClampsToTheLogAndFitShowsEverything() {
        TimelineViewport vp = log(3);
        vp.show(MIN - 5_000_000_000L, MIN + 5_000_000_000L);
        assertEquals(MIN, vp.visibleStart(), "a range reaching before the log starts at the log");
        assertEquals(10_000_000_000.0, vp.stop() - vp.start(), 1, "and keeps its span");
        vp.show(MIN + 1_000_000, MIN + 1_000_001);
        assertEquals(MIN_SPAN, vp.stop() - vp.start(), 1e-3, "a range narrower than 10 µs widens to 10 µs");
        assertEquals(MIN + 1_000_000.5, (vp.start() + vp.stop()) / 2, 1e-3, "around its middle");
        vp.show(MIN - 1e12, MAX + 1e12);
        assertEquals(MIN, vp.visibleStart());
        assertEquals(MAX, vp.visibleStop());
        vp.show(MIN + 7_000_000_000L, MIN + 8_000_000_000L);
        assertTrue(vp.fit());
        assertEquals(MIN, vp.visibleStart(), "fit shows the whole log");
        assertEquals(MAX, vp.visibleStop());
    }

    @Test
    void theOverviewStripMovesTheWindowOverTheWholeLog() {
        TimelineViewport vp = log(3);
        vp.show(MIN, MIN + 6_000_000_000L);
        vp.centreOverviewAt(230 + 758 / 2.0);
        assertEquals(
                MIN + 30_000_000_000.0,
                (vp.start() + vp.stop()) / 2,
                1,
                "a click in the strip's middle centres the window on the log's middle");
        assertEquals(6_000_000_000.0, vp.stop() - vp.start(), 1, "keeping its span");
    }

    @Test
    void beforeAnyLogNothingMoves() {
        TimelineViewport vp = new TimelineViewport();
        vp.setSize(1000, 500);
        assertFalse(vp.show(0, 100));
        assertFalse(vp.fit());
        assertFalse(vp.zoomAt(400, 0.5));
        assertFalse(vp.panBy(50));
        assertEquals(0, vp.visibleStart());
        assertEquals(1, vp.visibleStop());
        assertEquals(-1, vp.laneAt(100), "no lane to click");
    }

    @Test
    void fewLanesAreTallAndEachYFindsItsLane() {
        TimelineViewport vp = log(3);
        assertEquals(TimelineViewport.MAX_LANE_H, vp.laneHeight(), "three lanes get the tallest lanes");
        assertEquals(-1, vp.laneAt(AXIS_H - 1), "the axis is no lane");
        for (int i = 0; i < 3; i++) {
            assertEquals(i, vp.laneAt(vp.laneCentreY(i)), "the centre of lane " + i + " is in it");
            assertEquals(AXIS_H + i * 44 + 22, vp.laneCentreY(i), 1e-9);
        }
        assertEquals(0, vp.laneAt(AXIS_H), "a lane's top edge is in it");
        assertEquals(1, vp.laneAt(AXIS_H + 44), "and the next begins where it ends");
        assertEquals(-1, vp.laneAt(AXIS_H + 3 * 44 + 1), "below the last lane there is none");
        assertFalse(vp.scrollLanesTo(2), "lanes that all fit do not scroll");
        assertEquals(0, vp.firstLane());
    }

    @Test
    void manyLanesScrollAndRevealKeepsAChosenLaneInView() {
        TimelineViewport vp = log(40);
        assertEquals(TimelineViewport.MIN_LANE_H, vp.laneHeight(), "forty lanes are as short as lanes get");
        int shown = vp.lanesShown();
        assertEquals(23, shown, "(462 - 40) / 18 lanes fit above the overview");
        assertEquals(shown - 1, vp.laneAt(vp.laneCentreY(shown - 1)), "the last lane that fits is clickable");
        assertEquals(-1, vp.laneAt(vp.laneCentreY(shown)), "the next one, cut by the overview, is not");
        assertEquals(-1, vp.laneAt(vp.overviewTop() + 5), "the overview strip is no lane");

        assertTrue(vp.scrollLanesTo(100));
        assertEquals(40 - shown, vp.firstLane(), "scrolling stops with the last lane at the bottom");
        assertEquals(40 - shown, vp.laneAt(AXIS_H + 1), "the top row is now the first lane shown");
        assertEquals(39, vp.laneAt(vp.laneCentreY(39)));
        assertEquals(AXIS_H + vp.laneHeight() / 2, vp.laneCentreY(40 - shown), 1e-9);
        assertTrue(vp.scrollLanesTo(-5));
        assertEquals(0, vp.firstLane(), "and at the first lane going up");

        assertFalse(vp.revealLane(10), "a lane in view stays where it is");
        assertEquals(0, vp.firstLane());
        assertTrue(vp.revealLane(30));
        assertEquals(30 - shown + 1, vp.firstLane(), "a lane below comes in at the bottom");
        assertEquals(30, vp.laneAt(vp.laneCentreY(30)));
        assertTrue(vp.revealLane(2));
        assertEquals(2, vp.firstLane(), "a lane above comes in at the top");
        assertEquals(2, vp.laneAt(AXIS_H + 1));
    }

    @Test
    void aTallerViewShowsMoreLanesAndAWiderOneMorePixelsPerSecond() {
        TimelineViewport vp = log(40);
        double before = vp.nsPerPixel();
        vp.setSize(1758, 700);
        assertEquals(before / 2, vp.nsPerPixel(), 1e-6, "twice the plot width, half the ns per pixel");
        assertEquals(34, vp.lanesShown(), "(662 - 40) / 18 lanes fit");
    }
}
