package dev.vitrine.app.ui.index;

import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * An index tree as levels of blocks, root first, down to the data blocks: what the index view
 * draws. Each level holds at most {@code maxPerLevel} blocks (the first ones, in order), and
 * says how many more there are, so a tree with a million data blocks costs a few reads.
 * Generic over the node model: any subtree of "index-block" nodes over "data-block" nodes
 * (nodes with the roles INDEX_BLOCK and BLOCK). Blocking (reads children); build it in the background.
 */
public record IndexPicture(List<Level> levels) {

    /** One drawn block: its node, its path from the archive root, and its parent's position in the level above. */
    public record Block(Node node, List<Node> path, int parent) {
        public boolean isIndex() {
            return node.is(Role.INDEX_BLOCK);
        }
    }

    /** A level of the tree: the blocks drawn, how many exist beyond them, and whether that count is exact. */
    public record Level(List<Block> blocks, long more, boolean moreIsLowerBound) {
        public long total() {
            return blocks.size() + more;
        }
    }

    /**
     * Finds where the index starts: {@code root} itself when it is an index block, else the first
     * index block among its first children. Returns the path to it, or an empty list.
     */
    public static List<Node> findTop(Node root, int look) throws IOException {
        if (root.is(Role.INDEX_BLOCK)) return List.of(root);
        if (!root.hasChildren()) return List.of();
        long n = Math.min(root.childCount(), look);
        for (Node c : root.children(0, (int) n)) {
            if (c.is(Role.INDEX_BLOCK)) return List.of(root, c);
        }
        return List.of();
    }

    public static IndexPicture build(List<Node> pathToTop, int maxPerLevel, int maxLevels, BooleanSupplier cancelled)
            throws IOException {
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
                    if (!k.is(Role.BLOCK)) continue;
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
