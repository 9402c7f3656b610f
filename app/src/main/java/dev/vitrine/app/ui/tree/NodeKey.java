package dev.vitrine.app.ui.tree;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;

/**
 * How the tree recognises a node it has already shown when another lookup (a byte click, a
 * problem) hands it a fresh instance: nodes need not implement equals, so compare what a user
 * sees of them.
 */
public record NodeKey(String kind, String name, ByteRange range) {
    public static NodeKey of(Node n) {
        return new NodeKey(n.kind(), n.name(), n.range());
    }
}
