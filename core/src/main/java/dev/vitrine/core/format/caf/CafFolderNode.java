package dev.vitrine.core.format.caf;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A folder derived from entry names. It has no bytes of its own, so its range is NONE. */
record CafFolderNode(CafArchive archive, CafFolderTree.Folder folder) implements Node {

    @Override
    public String name() {
        return CafFolderTree.label(folder.name);
    }

    @Override
    public String kind() {
        return "folder";
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return java.util.Set.of(dev.vitrine.core.model.Role.FOLDER);
    }

    @Override
    public ByteRange range() {
        return ByteRange.NONE;
    }

    @Override
    public List<Field> fields() {
        return List.of(Field.of("path", String.join("/", folder.path)), Field.of("children", folder.children.size()));
    }

    @Override
    public boolean hasChildren() {
        return !folder.children.isEmpty();
    }

    @Override
    public long childCount() {
        return folder.children.size();
    }

    @Override
    public List<Node> children(long from, int count) {
        return nodes(archive, CafFolderTree.page(folder.children, from, count));
    }

    static List<Node> nodes(CafArchive archive, List<Object> children) {
        List<Node> out = new ArrayList<>(children.size());
        for (Object c : children) {
            if (c instanceof CafFolderTree.Folder f) out.add(new CafFolderNode(archive, f));
            else out.add(new CafFileNode(archive, (CafEntry) c));
        }
        return out;
    }

    @Override
    public Optional<Node> childCovering(ByteRange.Position position) {
        return childCovering(archive, folder, position);
    }

    /** The child of {@code folder} on the path to the entry whose bytes hold {@code position}. */
    static Optional<Node> childCovering(CafArchive archive, CafFolderTree.Folder folder, ByteRange.Position position) {
        if (!position.file().isMain()) return Optional.empty();
        CafEntry e = CafDataNode.entryAt(archive, position.offset());
        if (e == null) return Optional.empty();
        List<String> segs = CafFolderTree.segments(e.name());
        int depth = folder.path.size();
        if (segs.size() <= depth || !segs.subList(0, depth).equals(folder.path)) return Optional.empty();
        if (depth == segs.size() - 1) return Optional.of(new CafFileNode(archive, e));
        for (Object c : folder.children) {
            if (c instanceof CafFolderTree.Folder f && f.name.equals(segs.get(depth)))
                return Optional.of(new CafFolderNode(archive, f));
        }
        return Optional.empty();
    }
}
