package dev.vitrine.app.ui.tree;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.model.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.scene.control.TreeItem;

/**
 * A tree item over a {@link Node} whose children are read in the background the first time it
 * is expanded, showing "loading…" meanwhile, one page at a time: past the page a
 * "… N more" item loads the next page when expanded or activated.
 */
public final class NodeTreeItem extends TreeItem<TreeEntry> {
    private final TreeContext ctx;
    private CompletableFuture<Void> loaded;

    public NodeTreeItem(TreeEntry.NodeEntry entry, TreeContext ctx) {
        super(entry);
        this.ctx = ctx;
        if (entry.hasChildren()) {
            getChildren().add(new TreeItem<>(new TreeEntry.MessageEntry("loading…", false)));
            expandedProperty().addListener((o, was, now) -> {
                if (now) ensureLoaded();
            });
        }
    }

    public Node node() {
        return entry().node();
    }

    public TreeEntry.NodeEntry entry() {
        return (TreeEntry.NodeEntry) getValue();
    }

    @Override
    public boolean isLeaf() {
        return !((TreeEntry.NodeEntry) getValue()).hasChildren();
    }

    /** Loads the first page of children if not done yet; completes (on the FX thread) when they are shown. */
    public CompletableFuture<Void> ensureLoaded() {
        if (loaded != null) return loaded;
        if (isLeaf()) return loaded = CompletableFuture.completedFuture(null);
        loaded = new CompletableFuture<>();
        Node node = node();
        ctx.background()
                .run(
                        () -> ChildPage.load(node, 0, ctx.pageSize()),
                        page -> {
                            getChildren().setAll(items(page));
                            loaded.complete(null);
                        },
                        err -> {
                            getChildren()
                                    .setAll(new TreeItem<>(new TreeEntry.MessageEntry(
                                            "could not read children: " + Human.error(err), true)));
                            loaded.complete(null);
                        });
        return loaded;
    }

    /** Whether the first page is loaded. */
    public boolean isLoaded() {
        return loaded != null && loaded.isDone();
    }

    /** Replaces a "… N more" child with the next page (and a new "more" item if there is still more). */
    public CompletableFuture<Void> loadMore(MoreItem more) {
        if (more.loading != null) return more.loading;
        TreeEntry.MoreEntry m = (TreeEntry.MoreEntry) more.getValue();
        more.loading = new CompletableFuture<>();
        more.setValue(new TreeEntry.MessageEntry(
                "loading " + Human.count(Math.min(m.remaining(), ctx.pageSize())) + " more…", false));
        Node node = node();
        CompletableFuture<Void> done = more.loading;
        ctx.background()
                .run(
                        () -> ChildPage.load(node, m.from(), ctx.pageSize()),
                        page -> {
                            int at = getChildren().indexOf(more);
                            if (at >= 0) {
                                getChildren().remove(at);
                                getChildren().addAll(at, items(page));
                            }
                            done.complete(null);
                        },
                        err -> {
                            more.setValue(
                                    new TreeEntry.MessageEntry("could not read children: " + Human.error(err), true));
                            done.complete(null);
                        });
        return done;
    }

    private List<TreeItem<TreeEntry>> items(ChildPage page) {
        List<TreeItem<TreeEntry>> items = new ArrayList<>(page.children().size() + 1);
        List<dev.vitrine.core.model.Problem> problems = new ArrayList<>();
        for (TreeEntry.NodeEntry e : page.children()) {
            items.add(new NodeTreeItem(e, ctx));
            problems.addAll(e.problems());
        }
        if (!problems.isEmpty() && ctx.nodeProblems() != null)
            ctx.nodeProblems().accept(problems);
        TreeEntry.MoreEntry more = page.more();
        if (more != null) items.add(new MoreItem(more, this));
        return items;
    }

    /** The "… N more" item: expanding it loads the next page in its place. */
    public static final class MoreItem extends TreeItem<TreeEntry> {
        private final NodeTreeItem parentItem;
        private CompletableFuture<Void> loading;

        MoreItem(TreeEntry.MoreEntry entry, NodeTreeItem parent) {
            super(entry);
            this.parentItem = parent;
            getChildren().add(new TreeItem<>(new TreeEntry.MessageEntry("loading…", false)));
            expandedProperty().addListener((o, was, now) -> {
                if (now) parent.loadMore(this);
            });
        }

        public CompletableFuture<Void> load() {
            return parentItem.loadMore(this);
        }
    }
}
