package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;

/**
 * Capability of archives whose blocks form an index tree (ZSS and ZS): where in the structure
 * the top index block is, so a view can draw the tree from the root down to the data blocks.
 */
public interface IndexTree {

    /** The nodes from the structure's root to the top index block (inclusive), or empty when it cannot be read. */
    List<Node> pathToIndexRoot() throws IOException;
}
