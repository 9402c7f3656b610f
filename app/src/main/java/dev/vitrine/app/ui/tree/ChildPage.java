package dev.vitrine.app.ui.tree;

import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One page of a node's children as read in the background, and the paging arithmetic: a node
 * with a million children costs one page until the user asks for more.
 */
public record ChildPage(long total, long from, List<TreeEntry.NodeEntry> children) {

    public static final int DEFAULT_PAGE = 500;

    /** Reads children {@code [from, from+count)} and everything the tree shows of them. Blocking. */
    public static ChildPage load(Node parent, long from, int count) throws IOException {
        long total = parent.childCount();
        List<TreeEntry.NodeEntry> out = new ArrayList<>();
        if (from < total) {
            int n = (int) Math.min(count, total - from);
            for (Node c : parent.children(from, n)) {
                List<Problem> problems;
                try {
                    problems = List.copyOf(c.problems());
                } catch (RuntimeException e) {
                    problems = List.of();
                }
                out.add(new TreeEntry.NodeEntry(c, c.hasChildren(), problems));
            }
        }
        return new ChildPage(total, from, List.copyOf(out));
    }

    /** Index of the first child not in this page. */
    public long next() {
        return from + children.size();
    }

    /** Children after this page (0 when it was the last, or when the node returned fewer than it promised). */
    public long remaining() {
        return children.isEmpty() ? 0 : Math.max(0, total - next());
    }

    public TreeEntry.MoreEntry more() {
        return remaining() > 0 ? new TreeEntry.MoreEntry(next(), remaining()) : null;
    }

    public static String moreLabel(long remaining) {
        return "… " + dev.vitrine.app.ui.Human.count(remaining) + " more";
    }
}
