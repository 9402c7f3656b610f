package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.locate.NodeLocator;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Finds the structure-tree node of a listed file, as a path from the root the tree can reveal.
 * First by its bytes (the deepest node covering its first byte, which formats with an index
 * answer at once); when that is not the file (an empty file, overlapping entries, bytes that
 * cannot be located) by its name: folders named after the name's segments, through sections
 * that hold its bytes. Blocking: run it in the background.
 */
public final class FileNodePath {
    /** Children looked at per node while walking by name, so a hostile tree cannot make us read forever. */
    static final int MAX_CHILDREN = 1_000_000;
    /** Depth of sections (non-folders) walked through without using up a name segment. */
    static final int MAX_SECTION_DEPTH = 4;

    private static final int PAGE = 1024;

    private FileNodePath() {}

    /** The path root … file node, or empty when the tree has no node for this entry. */
    public static Optional<List<Node>> find(Node root, FileListing.Entry entry, BooleanSupplier cancelled)
            throws IOException {
        ByteRange r = entry.range();
        if (!r.isNone() && r.length() > 0) {
            List<Node> path = NodeLocator.pathTo(root, new ByteRange.Position(r.file(), r.offset()), cancelled);
            if (isFileNode(path.getLast(), entry)) return Optional.of(path);
        }
        List<String> segs = FilesModel.segments(entry.name());
        List<Node> path = new ArrayList<>();
        path.add(root);
        return walk(root, entry, segs, 0, 0, path, cancelled) ? Optional.of(path) : Optional.empty();
    }

    private static boolean walk(
            Node node,
            FileListing.Entry entry,
            List<String> segs,
            int seg,
            int sectionDepth,
            List<Node> path,
            BooleanSupplier cancelled)
            throws IOException {
        long n = Math.min(node.childCount(), MAX_CHILDREN);
        boolean last = seg == segs.size() - 1;
        for (long from = 0; from < n; from += PAGE) {
            if (cancelled.getAsBoolean()) return false;
            for (Node c : node.children(from, (int) Math.min(PAGE, n - from))) {
                if (last && isFileNode(c, entry)) {
                    path.add(c);
                    return true;
                }
                if (!c.hasChildren()) continue;
                boolean folder = c.range().isNone();
                int nextSeg;
                int nextDepth;
                if (folder && !last && FilesModel.labelMatches(c.name(), segs.get(seg))) {
                    nextSeg = seg + 1;
                    nextDepth = sectionDepth;
                } else if (sectionDepth < MAX_SECTION_DEPTH
                        // a folder named otherwise before the path's first segment may hold the
                        // listing (a bundle's files sit under "files")
                        && (folder ? seg == 0 : holds(c.range(), entry.range()))) {
                    nextSeg = seg;
                    nextDepth = sectionDepth + 1;
                } else {
                    continue;
                }
                path.add(c);
                if (walk(c, entry, segs, nextSeg, nextDepth, path, cancelled)) return true;
                path.removeLast();
            }
        }
        return false;
    }

    /** A section may hold the file: its bytes enclose the file's (any section when the file's bytes are unknown). */
    private static boolean holds(ByteRange section, ByteRange file) {
        return file.isNone() || section.encloses(file);
    }

    static boolean isFileNode(Node n, FileListing.Entry entry) {
        return !n.hasChildren()
                && n.range().equals(entry.range())
                && FilesModel.labelMatches(n.name(), FilesModel.lastSegment(entry.name()));
    }
}
