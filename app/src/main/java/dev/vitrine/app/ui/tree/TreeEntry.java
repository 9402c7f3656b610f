package dev.vitrine.app.ui.tree;

import dev.vitrine.core.model.Node;
import dev.vitrine.core.verify.Problem;
import java.util.List;

/** What one row of the structure tree shows: a node, a "… N more" page, or a message. */
public sealed interface TreeEntry {

    /** A node, with what was read about it in the background (nothing here touches the file). */
    record NodeEntry(Node node, boolean hasChildren, List<Problem> problems) implements TreeEntry {}

    /** The rest of a long child list, loaded a page at a time when expanded. */
    record MoreEntry(long from, long remaining) implements TreeEntry {}

    /** "loading…", or why children could not be read. */
    record MessageEntry(String text, boolean error) implements TreeEntry {}
}
