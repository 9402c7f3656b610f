package dev.vitrine.app.ui.index;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.NodeIcons;
import dev.vitrine.app.ui.health.HealthMap;
import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;

/**
 * The index drawn as a picture: one row of blocks per level, root at the top, data blocks at
 * the bottom, lines from each block to its parent, coloured by health; "+N more" where a level
 * has more blocks than are drawn. Clicking a block reports its path so the window selects it.
 */
public final class IndexPictureView extends ScrollPane {
    static final double BLOCK_H = 26;
    static final double LEVEL_GAP = 38;
    static final double MAX_BLOCK_W = 92;
    static final double MIN_BLOCK_W = 14;
    static final double H_GAP = 6;

    private final Pane canvas = new Pane();
    private final HealthMap health;
    private IndexPicture picture;
    private Consumer<List<Node>> onBlockClicked = p -> {};
    /** The selected node's kind and bytes: the same block has different names along different paths. */
    private NodeKey selected;

    private final List<Rectangle> rects = new ArrayList<>();

    public IndexPictureView(HealthMap health) {
        this.health = health;
        getStyleClass().add("index-picture");
        canvas.getStyleClass().add("index-canvas");
        canvas.setPadding(new Insets(12));
        setContent(canvas);
        setFitToWidth(true);
        setMessage("reading the index…");
        widthProperty().addListener((o, a, b) -> {
            if (Math.abs(a.doubleValue() - b.doubleValue()) > 1) draw();
        });
    }

    /** Shown instead of a picture (reading, or why there is none). */
    public void setMessage(String text) {
        picture = null;
        canvas.getChildren().setAll(new Label(text));
    }

    public void setPicture(IndexPicture p) {
        picture = p;
        draw();
    }

    public IndexPicture picture() {
        return picture;
    }

    public void setOnBlockClicked(Consumer<List<Node>> handler) {
        onBlockClicked = handler == null ? p -> {} : handler;
    }

    /** Outlines the block of {@code node} if it is drawn. */
    public void setSelected(Node node) {
        selected = node == null ? null : blockKey(node);
        restyle();
    }

    /** Recolours after health changed. */
    public void refreshHealth() {
        restyle();
    }

    /**
     * Health and selection colours of the drawn blocks (no re-layout). A block shows the worst of
     * its own health and its drawn descendants', so the path from the root to damage is red.
     */
    private void restyle() {
        java.util.Map<IndexPicture.Block, Health> shown = new java.util.HashMap<>();
        if (picture != null) {
            for (int li = picture.levels().size() - 1; li >= 0; li--) {
                List<IndexPicture.Block> level = picture.levels().get(li).blocks();
                List<IndexPicture.Block> above =
                        li > 0 ? picture.levels().get(li - 1).blocks() : List.of();
                for (IndexPicture.Block b : level) {
                    Health h = shown.getOrDefault(b, Health.UNCHECKED)
                            .worst(health.of(b.node().range()));
                    shown.put(b, h);
                    if (b.parent() >= 0 && b.parent() < above.size() && (h == Health.DAMAGED || h == Health.WARNING)) {
                        shown.merge(above.get(b.parent()), h, Health::worst);
                    }
                }
            }
        }
        for (Rectangle r : rects) {
            IndexPicture.Block b = (IndexPicture.Block) r.getUserData();
            Health h = shown.getOrDefault(b, health.of(b.node().range()));
            r.getStyleClass().removeIf(c -> c.startsWith("health-") || c.equals("selected"));
            r.getStyleClass().add(NodeIcons.healthClass(h));
            if (selected != null && selected.equals(blockKey(b.node())))
                r.getStyleClass().add("selected");
        }
    }

    private static NodeKey blockKey(Node n) {
        return new NodeKey(n.kind(), "", n.range());
    }

    /** Rectangles currently drawn (tests click them). */
    public List<Rectangle> blockShapes() {
        return List.copyOf(rects);
    }

    private void draw() {
        if (picture == null) return;
        canvas.getChildren().clear();
        rects.clear();
        double width = Math.max(400, getWidth() - 30);
        double left = 110;
        List<double[]> prevCentres = new ArrayList<>();
        double y = 16;
        for (int li = 0; li < picture.levels().size(); li++) {
            IndexPicture.Level level = picture.levels().get(li);
            // Draw as many blocks as fit at the smallest width; count the rest in "+N more".
            double avail = width - left - 100;
            int fit = (int) Math.max(1, Math.floor((avail + H_GAP) / (MIN_BLOCK_W + H_GAP)));
            int n = Math.min(level.blocks().size(), fit);
            long hidden = level.more() + (level.blocks().size() - n);
            double moreW = hidden > 0 || level.moreIsLowerBound() ? 90 : 0;
            double bw = Math.max(MIN_BLOCK_W, Math.min(MAX_BLOCK_W, (avail - H_GAP * (n - 1)) / Math.max(1, n)));
            double total = n * bw + (n - 1) * H_GAP;
            double x = left + Math.max(0, (avail - total) / 2);
            Text label = new Text(levelName(level, li));
            label.getStyleClass().add("index-level-label");
            label.setX(12);
            label.setY(y + BLOCK_H / 2 + 4);
            canvas.getChildren().add(label);
            List<double[]> centres = new ArrayList<>();
            for (int i = 0; i < level.blocks().size(); i++) centres.add(null);
            for (int i = 0; i < n; i++) {
                IndexPicture.Block b = level.blocks().get(i);
                double bx = x + i * (bw + H_GAP);
                if (b.parent() >= 0 && b.parent() < prevCentres.size() && prevCentres.get(b.parent()) != null) {
                    double[] pc = prevCentres.get(b.parent());
                    Line l = new Line(pc[0], pc[1], bx + bw / 2, y);
                    l.getStyleClass().add("index-edge");
                    canvas.getChildren().add(l);
                }
                Rectangle r = new Rectangle(bx, y, bw, BLOCK_H);
                r.setArcWidth(6);
                r.setArcHeight(6);
                r.getStyleClass().addAll("index-block", b.isIndex() ? "index-kind-index" : "index-kind-data");
                ByteRange range = b.node().range();
                Tooltip tip = new Tooltip();
                tip.setOnShowing(e -> tip.setText(b.node().name() + "\n"
                        + b.node().kind()
                        + (range.isNone()
                                ? ""
                                : "\noffset " + Human.offset(range.offset()) + ", " + Human.size(range.length()))
                        + "\n" + NodeIcons.healthText(health.of(range))));
                Tooltip.install(r, tip);
                r.setOnMouseClicked(e -> onBlockClicked.accept(b.path()));
                r.setUserData(b);
                rects.add(r);
                canvas.getChildren().add(r);
                if (bw >= 44 && !range.isNone()) {
                    Text t = new Text(bx + 5, y + BLOCK_H / 2 + 4, "@" + range.offset());
                    t.getStyleClass().add("index-block-label");
                    t.setMouseTransparent(true);
                    canvas.getChildren().add(t);
                }
                centres.set(i, new double[] {bx + bw / 2, y + BLOCK_H});
            }
            if (moreW > 0) {
                Label more = new Label("+" + Human.count(hidden) + (level.moreIsLowerBound() ? "+" : "") + " more");
                more.getStyleClass().add("index-more");
                more.relocate(x + total + 10, y + 4);
                canvas.getChildren().add(more);
            }
            prevCentres = centres;
            y += BLOCK_H + LEVEL_GAP;
        }
        canvas.setPrefHeight(y);
        restyle();
    }

    private String levelName(IndexPicture.Level level, int depth) {
        boolean data = !level.blocks().isEmpty() && level.blocks().stream().noneMatch(IndexPicture.Block::isIndex);
        String what = depth == 0 ? "root" : data ? "data" : "index";
        return what + " · " + Human.count(level.total()) + (level.moreIsLowerBound() ? "+" : "");
    }
}
