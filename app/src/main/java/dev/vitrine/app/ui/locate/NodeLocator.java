package dev.vitrine.app.ui.locate;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Finds the deepest node covering a byte: from the root, ask each node for the child covering
 * the position ({@link Node#childCovering}) until none does. Blocking: run it in the background.
 */
public final class NodeLocator {
    /** Deeper than any real format nests; guards against a node that returns itself. */
    static final int MAX_DEPTH = 256;

    private NodeLocator() {}

    /** The path root, child, grandchild, ... down to the deepest node covering {@code position}. */
    public static List<Node> pathTo(Node root, ByteRange.Position position, BooleanSupplier cancelled)
            throws IOException {
        List<Node> path = new ArrayList<>();
        path.add(root);
        Node current = root;
        while (path.size() < MAX_DEPTH && current.hasChildren() && !cancelled.getAsBoolean()) {
            Optional<Node> next = current.childCovering(position);
            if (next.isEmpty() || next.get() == current) break;
            current = next.get();
            path.add(current);
        }
        return path;
    }

    public static List<Node> pathTo(Node root, long offset) throws IOException {
        return pathTo(root, ByteRange.Position.of(offset), () -> false);
    }
}
