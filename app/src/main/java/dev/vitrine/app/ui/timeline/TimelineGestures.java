package dev.vitrine.app.ui.timeline;

import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;

/**
 * Turns the timeline's mouse, wheel and keys into its calls: wheel zooms around the pointer,
 * a drag zooms to its range, shift-drag, middle-drag or horizontal scrolling pans, the
 * overview strip moves the window, a click picks a message or a lane.
 */
final class TimelineGestures {
    private enum Drag {
        NONE,
        SELECT,
        PAN,
        OVERVIEW
    }

    private final TimelineView view;
    private final TimelineViewport vp;
    private Drag drag = Drag.NONE;
    private double pressX;
    private double dragX;
    private double pressStart;
    private double pressStop;

    TimelineGestures(TimelineView view, TimelineViewport vp) {
        this.view = view;
        this.vp = vp;
        view.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        view.setOnKeyPressed(this::key);
        view.setOnMousePressed(this::pressed);
        view.setOnMouseDragged(this::dragged);
        view.setOnMouseReleased(this::released);
    }

    /** Where a range being dragged out starts (NaN when none is), and the pointer's x. */
    double selectionStart() {
        return drag == Drag.SELECT && Math.abs(dragX - pressX) > 4 ? pressX : Double.NaN;
    }

    double dragX() {
        return dragX;
    }

    private void key(KeyEvent e) {
        if (view.data() == null) return;
        double mid = vp.plotLeft() + vp.plotWidth() / 2;
        switch (e.getCode()) {
            case PLUS, EQUALS, ADD -> view.zoomAt(mid, 0.5);
            case MINUS, SUBTRACT -> view.zoomAt(mid, 2);
            case LEFT -> view.panBy(-vp.plotWidth() / 8);
            case RIGHT -> view.panBy(vp.plotWidth() / 8);
            case HOME -> view.fit();
            case UP -> view.scrollLanesTo(vp.firstLane() - 1);
            case DOWN -> view.scrollLanesTo(vp.firstLane() + 1);
            default -> {
                return;
            }
        }
        e.consume();
    }

    private void scrolled(ScrollEvent e) {
        if (view.data() == null) return;
        if (e.getX() < vp.plotLeft() && e.getDeltaY() != 0 && !e.isShiftDown()) { // over the names: scroll the lanes
            view.scrollLanesTo(vp.firstLane() + (e.getDeltaY() > 0 ? -1 : 1));
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
            view.panBy(-dx);
        } else if (dy != 0) {
            view.zoomAt(Math.max(vp.plotLeft(), e.getX()), Math.exp(-dy / 200));
        }
        e.consume();
    }

    private void pressed(MouseEvent e) {
        view.requestFocus();
        if (view.data() == null) return;
        pressX = e.getX();
        dragX = e.getX();
        pressStart = vp.start();
        pressStop = vp.stop();
        if (e.getY() >= vp.overviewTop()) {
            drag = Drag.OVERVIEW;
            view.centreOverviewAt(e.getX());
        } else if (e.getButton() == MouseButton.MIDDLE || (e.getButton() == MouseButton.PRIMARY && e.isShiftDown())) {
            drag = Drag.PAN;
        } else if (e.getButton() == MouseButton.PRIMARY && e.getX() >= vp.plotLeft()) {
            drag = Drag.SELECT;
        } else {
            drag = Drag.NONE;
            int lane = e.getButton() == MouseButton.PRIMARY ? vp.laneAt(e.getY()) : -1;
            if (lane >= 0) view.chooseLane(lane); // a click on a lane's name chooses its channel
        }
    }

    private void dragged(MouseEvent e) {
        dragX = e.getX();
        switch (drag) {
            case PAN -> {
                double ns = (pressX - e.getX()) * (pressStop - pressStart) / vp.plotWidth();
                view.show(pressStart + ns, pressStop + ns);
            }
            case OVERVIEW -> view.centreOverviewAt(e.getX());
            case SELECT -> view.draw();
            default -> {}
        }
        view.hoverAt(e.getX(), e.getY());
    }

    private void released(MouseEvent e) {
        Drag was = drag;
        drag = Drag.NONE;
        if (was == Drag.SELECT) {
            if (Math.abs(e.getX() - pressX) > 4) {
                double a = vp.timeAt(Math.min(pressX, e.getX()));
                double b = vp.timeAt(Math.max(pressX, e.getX()));
                view.show(a, b);
            } else {
                view.draw();
                int lane = vp.laneAt(e.getY());
                if (lane >= 0) view.pick(lane, e.getX());
            }
        }
    }
}
