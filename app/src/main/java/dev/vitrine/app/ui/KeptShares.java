package dev.vitrine.app.ui;

import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;

/**
 * Keeps a split pane's dividers at the shares the user chose when the window is resized.
 * JavaFX's SplitPane gives all of a resize to some panes (a narrow window squeezed the tree to
 * a sliver to keep the right side's toolbars whole); here a move of a divider while the pane's
 * size stays the same is the user's choice, and a size change puts the dividers back there.
 */
final class KeptShares {
    private final SplitPane pane;
    private double[] shares;
    private double size;
    private boolean applying;

    private KeptShares(SplitPane pane) {
        this.pane = pane;
        this.shares = pane.getDividerPositions();
        this.size = size();
        (pane.getOrientation() == Orientation.HORIZONTAL ? pane.widthProperty() : pane.heightProperty())
                .addListener((o, a, b) -> resized());
        pane.getDividers().forEach(d -> d.positionProperty().addListener((o, a, b) -> moved()));
    }

    static void keep(SplitPane... panes) {
        for (SplitPane p : panes) p.getProperties().put(KeptShares.class, new KeptShares(p));
    }

    private double size() {
        return pane.getOrientation() == Orientation.HORIZONTAL ? pane.getWidth() : pane.getHeight();
    }

    private void moved() {
        // Before the first layout, and while we put dividers back, nothing is the user's choice.
        if (applying || size() <= 0 || size() != size) return;
        shares = pane.getDividerPositions();
    }

    private void resized() {
        size = size();
        double[] want = shares.clone();
        Platform.runLater(() -> {
            applying = true;
            try {
                pane.setDividerPositions(want);
            } finally {
                applying = false;
            }
        });
    }

    /** Dividers set by the program (a restored layout) become the shares to keep. */
    static void set(SplitPane pane, double... positions) {
        pane.setDividerPositions(positions);
        Object k = pane.getProperties().get(KeptShares.class);
        if (k instanceof KeptShares ks) ks.shares = positions.clone();
    }
}
