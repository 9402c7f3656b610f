package dev.vitrine.core.format.clps.kql;

import java.util.function.Consumer;

/**
 * What column resolution walks: the keys below a record (or below an archive's schema tree), each
 * with its clp-s type; objects have a null type and children, every other value is a leaf.
 */
interface KqlTree<N> {
    String key(N node);

    /** The node's type, or null for an object. */
    KqlType type(N node);

    void forEachChild(N node, Consumer<N> action);
}
