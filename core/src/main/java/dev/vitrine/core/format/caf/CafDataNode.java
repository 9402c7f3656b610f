package dev.vitrine.core.format.caf;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.RowTable;
import java.util.List;
import java.util.Optional;

/**
 * The data section {@code [0, indexStart)}: its children are the folder tree of the stored
 * files, and its table lists every file flat, in data order.
 */
final class CafDataNode implements Node {
    private final CafArchive archive;
    private CafFolderTree.Folder tree;

    CafDataNode(CafArchive archive) {
        this.archive = archive;
    }

    private synchronized CafFolderTree.Folder tree() {
        if (tree == null) tree = CafFolderTree.build(archive.entriesInDataOrder());
        return tree;
    }

    @Override
    public String name() {
        return "data";
    }

    @Override
    public String kind() {
        return "section";
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return java.util.Set.of(dev.vitrine.core.model.Role.SECTION);
    }

    @Override
    public ByteRange range() {
        return ByteRange.of(0, archive.layout().dataEnd());
    }

    @Override
    public List<Field> fields() {
        return List.of(
                Field.of("bytes", archive.layout().dataEnd()),
                Field.of("files", archive.entriesInDataOrder().size()));
    }

    @Override
    public boolean hasChildren() {
        return !archive.entriesInDataOrder().isEmpty();
    }

    @Override
    public long childCount() {
        return tree().children.size();
    }

    @Override
    public List<Node> children(long from, int count) {
        return CafFolderNode.nodes(archive, CafFolderTree.page(tree().children, from, count));
    }

    @Override
    public Optional<Node> childCovering(ByteRange.Position position) {
        return CafFolderNode.childCovering(archive, tree(), position);
    }

    @Override
    public Optional<RowTable> table() {
        return Optional.of(new CafFileTable(archive));
    }

    /** The readable, non-empty entry whose bytes hold {@code offset}, by binary search over data order. */
    static CafEntry entryAt(CafArchive archive, long offset) {
        List<CafEntry> es = archive.entriesInDataOrder();
        int lo = 0, hi = es.size() - 1, best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            CafEntry e = es.get(mid);
            if (archive.readable(e) && e.start() <= offset) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        // Overlapping entries: an earlier one may still cover the offset; look back a little.
        for (int i = best; i >= 0 && i > best - 64; i--) {
            CafEntry e = es.get(i);
            if (e.start() <= offset && offset < e.end()) return e;
        }
        return null;
    }
}
