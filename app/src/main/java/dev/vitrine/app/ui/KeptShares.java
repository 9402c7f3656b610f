package dev.vitrine.app.ui;

import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;

/**
 * Keeps a split pane's dividers at the shares the user chose when the window is resized.
 * JavaFX's SplitPane gives all of a resize to some panes (a narrow window squeezed the tree to
 * a sliver to keep the right side's toolbars whole). Here the shares are what the dividers show
 * when the user lets go of the mouse (a drag ends there), or what the program sets; a size
 * change puts the dividers back at those shares.
 */
final class KeptShares {
    private final SplitPane pane;
    private double[] shares;

    private KeptShares(SplitPane pane) {
        this.pane = pane;
        this.shares = pane.getDividerPositions();
        (pane.getOrientation() == Orientation.HORIZONTAL ? pane.widthProperty() : pane.heightProperty())
                .addListener((o, a, b) -> resized());
        pane.addEventFilter(
                javafx.scene.input.MouseEvent.MOUSE_RELEASED,
                e -> Platform.runLater(() -> shares = pane.getDividerPositions()));
    }

    static void keep(SplitPane... panes) {
        for (SplitPane p : panes) p.getProperties().put(KeptShares.class, new KeptShares(p));
    }

    private void resized() {
        double[] want = shares.clone();
        // A pane may have lost an item meanwhile (the folded problems list): no divider to set.
        Platform.runLater(() -> {
            if (pane.getDividers().size() == want.length) pane.setDividerPositions(want);
        });
    }

    /** Dividers set by the program (a restored layout) become the shares to keep. */
    static void set(SplitPane pane, double... positions) {
        pane.setDividerPositions(positions);
        Object k = pane.getProperties().get(KeptShares.class);
        if (k instanceof KeptShares ks) ks.shares = positions.clone();
    }
}
