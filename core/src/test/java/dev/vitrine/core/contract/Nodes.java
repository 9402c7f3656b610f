package dev.vitrine.core.contract;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import java.io.IOException;
import java.util.List;

/**
 * Where a fixture's parts lie, read from its tree through the public node API (as `vitrine
 * tree` shows them), so that a format's registration need not reach into its reader's classes.
 */
public final class Nodes {
    private Nodes() {}

    /** The child of {@code n} named {@code name}. */
    public static Node child(Node n, String name) throws IOException {
        for (Node c : n.children(0, 10_000)) if (c.name().equals(name)) return c;
        throw new AssertionError("no node " + name + " under " + n.name());
    }

    /** The range of the child of {@code n} named {@code name}. */
    public static ByteRange range(Node n, String name) throws IOException {
        return child(n, name).range();
    }

    /** The children of {@code n}. */
    public static List<Node> children(Node n) throws IOException {
        return n.children(0, 10_000);
    }
}
