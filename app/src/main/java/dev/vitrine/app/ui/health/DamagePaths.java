package dev.vitrine.app.ui.health;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.locate.NodeLocator;
import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Finds, in the background, the nodes on the way from the root to each problem, so a node is
 * marked as holding damage even when its children were never loaded: an index block whose
 * subtree lies elsewhere in the file, a group like "data blocks". Byte ranges alone cannot
 * say this; the path is found the way a click in the hex view finds its node
 * ({@link NodeLocator}). A problem that names its node path costs one read per level and is
 * never capped; searching by offset is bounded to the first {@link #MAX_PROBLEMS} per verify.
 */
public final class DamagePaths {
    static final int MAX_PROBLEMS = 2_000;
    /** Root children searched one by one; more than this and only the root's own path is. */
    static final int MAX_VIEWS = 16;

    private final Node root;
    private final Background background;
    private final Consumer<Map<NodeKey, Severity>> found;
    private int located;
    private volatile int generation;

    /** @param found called on the FX thread with the keys of nodes whose subtree holds a problem */
    public DamagePaths(Node root, Background background, Consumer<Map<NodeKey, Severity>> found) {
        this.root = root;
        this.background = background;
        this.found = found;
    }

    /** Locates the paths of {@code problems} (FX thread). */
    public void add(List<? extends Problem> problems) {
        List<Problem> batch = new ArrayList<>();
        for (Problem p : problems) {
            if (p.severity() == Severity.INFO) continue;
            if (!p.nodePath().isEmpty()) {
                batch.add(p);
                continue;
            }
            if (p.offset() < 0 || located >= MAX_PROBLEMS) continue;
            batch.add(p);
            located++;
        }
        if (batch.isEmpty()) return;
        int gen = generation;
        background.run(
                () -> locate(batch, gen),
                keys -> {
                    if (gen == generation && !keys.isEmpty()) found.accept(keys);
                },
                err -> {
                    /* a path that cannot be read: the node's own range still shows the damage */
                });
    }

    /** Forgets what is being located (a new verify starts). */
    public void reset() {
        generation++;
        located = 0;
    }

    private Map<NodeKey, Severity> locate(List<Problem> batch, int gen) throws java.io.IOException {
        Map<NodeKey, Severity> keys = new HashMap<>();
        // The root's children are views of the file (ZSS: header, index tree, data blocks in
        // file order); a byte may lie under more than one of them, so each is searched.
        List<Node> views = root.childCount() <= MAX_VIEWS ? root.children(0, MAX_VIEWS) : List.of();
        for (Problem p : batch) {
            if (gen != generation) break;
            if (!p.nodePath().isEmpty()) {
                mark(keys, follow(p.nodePath()), p);
                if (p.offset() < 0) continue;
            }
            ByteRange.Position at = p.position();
            List<Node> main = NodeLocator.pathTo(root, at, () -> gen != generation); // starts at the root
            mark(keys, main, p);
            NodeKey searched = main.size() > 1 ? NodeKey.of(main.get(1)) : null;
            for (Node view : views) {
                if (!view.hasChildren() || NodeKey.of(view).equals(searched)) continue;
                List<Node> path = NodeLocator.pathTo(view, at, () -> gen != generation);
                // Only a path that reached a node over the byte counts; a guess is no evidence.
                if (path.size() > 1 && path.getLast().range().contains(at)) mark(keys, path, p);
            }
        }
        return keys;
    }

    /** The nodes along a path of child indices from the root (as far as it can be read). */
    private List<Node> follow(List<Long> indices) throws java.io.IOException {
        List<Node> path = new ArrayList<>();
        Node n = root;
        path.add(n);
        for (long i : indices) {
            List<Node> c = n.children(i, 1);
            if (c.isEmpty()) break;
            n = c.getFirst();
            path.add(n);
        }
        return path;
    }

    private static void mark(Map<NodeKey, Severity> keys, List<Node> path, Problem p) {
        for (Node n : path) keys.merge(NodeKey.of(n), p.severity(), HealthMap::worse);
    }
}
