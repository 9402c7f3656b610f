package dev.vitrine.app.ui.tree;

import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.util.List;

/** What one row of the structure tree shows: a node, a "… N more" page, or a message. */
public sealed interface TreeEntry {

    /**
     * A node, with what the tree shows of it read in the background: a name may be made from
     * record bytes, which for an uncompressed file lie in the mapped file, so cells never ask
     * the node itself.
     */
    record NodeEntry(Node node, NodeKey key, boolean hasChildren, List<Problem> problems) implements TreeEntry {
        /** Reads the node's label, kind and range now: call it in the background. */
        public NodeEntry(Node node, boolean hasChildren, List<Problem> problems) {
            this(node, NodeKey.of(node), hasChildren, problems);
        }

        public String name() {
            return key.name();
        }

        public String kind() {
            return key.kind();
        }

        public dev.vitrine.core.model.ByteRange range() {
            return key.range();
        }
    }

    /** The rest of a long child list, loaded a page at a time when expanded. */
    record MoreEntry(long from, long remaining) implements TreeEntry {}

    /** "loading…", or why children could not be read. */
    record MessageEntry(String text, boolean error) implements TreeEntry {}
}
