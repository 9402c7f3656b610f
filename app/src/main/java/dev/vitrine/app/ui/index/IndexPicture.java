package dev.vitrine.app.ui.index;

import dev.vitrine.core.model.Node;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * An index tree as levels of blocks, root first, down to the data blocks: what the index view
 * draws. Each level holds at most {@code maxPerLevel} blocks (the first ones, in order), and
 * says how many more there are, so a tree with a million data blocks costs a few reads.
 * Generic over the node model: any subtree of "index-block" nodes over "data-block" nodes
 * (kinds containing "index" and "block", or "block"). Blocking (reads children); build it in the background.
 */
public record IndexPicture(List<Level> levels) {

    /** One drawn block: its node, its path from the archive root, and its parent's position in the level above. */
    public record Block(Node node, List<Node> path, int parent) {
        public boolean isIndex() {
            return isIndexKind(node.kind());
        }
    }

    /** A level of the tree: the blocks drawn, how many exist beyond them, and whether that count is exact. */
    public record Level(List<Block> blocks, long more, boolean moreIsLowerBound) {
        public long total() {
            return blocks.size() + more;
        }
    }

    /** "index-block" and the like: a block of an index tree (not, say, a JSON index). */
    public static boolean isIndexKind(String kind) {
        String k = kind == null ? "" : kind.toLowerCase(Locale.ROOT);
        return k.contains("index") && k.contains("block");
    }

    /** "index-block", "data-block": what the picture draws. */
    public static boolean isBlockKind(String kind) {
        return kind != null && kind.toLowerCase(Locale.ROOT).contains("block");
    }

    /**
     * Finds where the index starts: {@code root} itself when it is an index block, else the first
     * index block among its first children. Returns the path to it, or an empty list.
     */
    public static List<Node> findTop(Node root, int look) throws IOException {
        if (isIndexKind(root.kind())) return List.of(root);
        if (!root.hasChildren()) return List.of();
        long n = Math.min(root.childCount(), look);
        for (Node c : root.children(0, (int) n)) {
            if (isIndexKind(c.kind())) return List.of(root, c);
        }
        return List.of();
    }

    public static IndexPicture build(List<Node> pathToTop, int maxPerLevel, int maxLevels, BooleanSupplier cancelled) throws IOException {
        List<Level> levels = new ArrayList<>();
        Node top = pathToTop.getLast();
        levels.add(new Level(List.of(new Block(top, List.copyOf(pathToTop), -1)), 0, false));
        while (levels.size() < maxLevels && !cancelled.getAsBoolean()) {
            Level above = levels.getLast();
            List<Block> blocks = new ArrayList<>();
            long more = 0;
            boolean lowerBound = above.more() > 0;
            for (int p = 0; p < above.blocks().size(); p++) {
                Block parent = above.blocks().get(p);
                // Only index blocks lead further down; a data block's children are records.
                if (!parent.isIndex() || !parent.node().hasChildren()) continue;
                long count = parent.node().childCount();
                int room = (int) Math.max(0, Math.min(count, maxPerLevel - blocks.size()));
                List<Node> kids = room > 0 ? parent.node().children(0, room) : List.of();
                int taken = 0;
                for (Node k : kids) {
                    if (!isBlockKind(k.kind())) continue;
                    List<Node> path = new ArrayList<>(parent.path());
                    path.add(k);
                    blocks.add(new Block(k, List.copyOf(path), p));
                    taken++;
                }
                more += Math.max(0, count - kids.size());
            }
            if (blocks.isEmpty()) break;
            levels.add(new Level(List.copyOf(blocks), more, lowerBound));
        }
        return new IndexPicture(List.copyOf(levels));
    }
}
