package dev.vitrine.app.ui.tree;

import dev.vitrine.app.ui.health.HealthMap;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;

/**
 * The structure tree: lazy, paged, with icons and health badges. Publishes the selected node
 * and can reveal a node given its path from the root (loading pages on the way).
 */
public final class StructureTree {
    /** Most pages searched for one child while revealing a path, so a bad path cannot load a million rows. */
    static final int MAX_PAGES_PER_STEP = 200;

    private final TreeView<TreeEntry> view = new TreeView<>();
    private final NodeTreeItem rootItem;
    private final HealthMap health;
    private final ReadOnlyObjectWrapper<Node> selected = new ReadOnlyObjectWrapper<>(this, "selected");

    public StructureTree(TreeEntry.NodeEntry root, TreeContext ctx, HealthMap health) {
        this.health = health;
        this.rootItem = new NodeTreeItem(root, ctx);
        view.setRoot(rootItem);
        view.setShowRoot(true);
        view.getStyleClass().add("structure-tree");
        view.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        view.setCellFactory(v -> new NodeTreeCell(this::healthOf));
        rootItem.addEventHandler(TreeItem.<TreeEntry>childrenModificationEvent(), e -> memo.clear());
        view.getSelectionModel().selectedItemProperty().addListener((o, was, item) -> {
            if (item instanceof NodeTreeItem n) selected.set(n.node());
        });
        view.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER
                    && view.getSelectionModel().getSelectedItem() instanceof NodeTreeItem.MoreItem m) {
                m.load();
                e.consume();
            }
        });
        view.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY
                    && e.getClickCount() == 2
                    && view.getSelectionModel().getSelectedItem() instanceof NodeTreeItem.MoreItem m) {
                m.load();
            }
        });
    }

    public TreeView<TreeEntry> view() {
        return view;
    }

    public NodeTreeItem rootItem() {
        return rootItem;
    }

    public ReadOnlyObjectProperty<Node> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /** Expands the root and selects it; completes when its first page is shown. */
    public CompletableFuture<Void> openRoot() {
        rootItem.setExpanded(true);
        view.getSelectionModel().select(rootItem);
        return rootItem.ensureLoaded();
    }

    /** Redraws badges after health changed. */
    public void refreshHealth() {
        memo.clear();
        view.refresh();
    }

    /**
     * Expands along {@code path} (root first), loading children and pages as needed, and selects
     * the deepest node reached. Completes with that node's item, or null if a newer reveal
     * overtook this one.
     */
    public CompletableFuture<NodeTreeItem> reveal(List<Node> path) {
        return revealKeys(path.stream().map(NodeKey::of).toList());
    }

    /** Reveals started so far; the newest one's number is the walk allowed to go on. */
    private int reveals;

    /** Like {@link #reveal}, with the path's keys already read in the background; completes with null if a newer reveal overtook it. */
    public CompletableFuture<NodeTreeItem> revealKeys(List<NodeKey> path) {
        CompletableFuture<NodeTreeItem> result = new CompletableFuture<>();
        step(rootItem, path, 1, ++reveals, result);
        return result;
    }

    /**
     * Walks one level of {@code path} further once {@code item}'s children are loaded. A walk that
     * a newer reveal overtook stops (its result null): two walks expanding and selecting in turn
     * would leave the older target selected (arrow keys held in the hex view) and change the
     * tree under the newer walk's rows.
     */
    private void step(NodeTreeItem item, List<NodeKey> path, int i, int walk, CompletableFuture<NodeTreeItem> result) {
        if (i >= path.size()) {
            select(item);
            result.complete(item);
            return;
        }
        NodeKey target = path.get(i);
        item.ensureLoaded()
                .thenRun(() -> find(item, target, MAX_PAGES_PER_STEP, child -> {
                    if (walk != reveals) {
                        result.complete(null);
                    } else if (child == null) {
                        select(item);
                        result.complete(item);
                    } else {
                        item.setExpanded(true);
                        step(child, path, i + 1, walk, result);
                    }
                }));
    }

    private void find(
            NodeTreeItem parent, NodeKey target, int pagesLeft, java.util.function.Consumer<NodeTreeItem> then) {
        NodeTreeItem.MoreItem more = null;
        for (TreeItem<TreeEntry> c : parent.getChildren()) {
            if (c instanceof NodeTreeItem n && n.entry().key().equals(target)) {
                then.accept(n);
                return;
            }
            if (c instanceof NodeTreeItem.MoreItem m) more = m;
        }
        if (more == null || pagesLeft <= 0) {
            then.accept(null);
            return;
        }
        more.load().thenRun(() -> find(parent, target, pagesLeft - 1, then));
    }

    private void select(NodeTreeItem item) {
        for (TreeItem<TreeEntry> p = item.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
        view.getSelectionModel().select(item);
        int row = view.getRow(item);
        if (row >= 0) view.scrollTo(Math.max(0, row - 3));
    }

    /**
     * The health badge of a row (see {@link HealthMap}): its own bytes and problems, the
     * worst of its loaded descendants, and whether a problem was located under it (see
     * DamagePaths), so the ancestors of damage are marked even before they are expanded (an
     * index block whose child is damaged, the "data blocks" group). Memoised until health or
     * the tree changes.
     */
    public Health healthOf(TreeItem<TreeEntry> item) {
        if (!(item instanceof NodeTreeItem n)) return Health.UNCHECKED;
        Health known = memo.get(n);
        if (known != null) return known;
        TreeEntry.NodeEntry e = (TreeEntry.NodeEntry) n.getValue();
        Health h = health.of(e.range()).worst(health.of(e.problems())).worst(health.ofSubtree(e.key()));
        if (item == rootItem) h = h.worst(health.overall());
        if (n.isLoaded()) {
            for (TreeItem<TreeEntry> c : n.getChildren()) {
                Health ch = healthOf(c);
                // A checked child says nothing about its parent; only trouble travels up.
                if (ch == Health.DAMAGED || ch == Health.WARNING) h = h.worst(ch);
            }
        }
        memo.put(n, h);
        return h;
    }

    private final java.util.Map<TreeItem<TreeEntry>, Health> memo = new java.util.IdentityHashMap<>();
}
