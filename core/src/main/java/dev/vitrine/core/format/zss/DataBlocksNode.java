package dev.vitrine.core.format.zss;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** All data blocks in file order, paged; found by walking block frames, not the index. */
final class DataBlocksNode implements Node {
    private final ZssArchive archive;

    DataBlocksNode(ZssArchive archive) {
        this.archive = archive;
    }

    @Override
    public String name() {
        return "data blocks";
    }

    @Override
    public String kind() {
        return "data-blocks";
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return java.util.Set.of(dev.vitrine.core.model.Role.SECTION);
    }

    @Override
    public ByteRange range() {
        return ByteRange.NONE;
    }

    @Override
    public List<Field> fields() {
        BlockDirectory d = archive.blockDirectory();
        return d.complete() ? List.of(Field.of("data blocks", d.dataCount())) : List.of();
    }

    @Override
    public boolean hasChildren() {
        return true;
    }

    @Override
    public long childCount() {
        BlockDirectory d = archive.blockDirectory();
        d.ensureAll();
        return d.dataCount();
    }

    @Override
    public List<Node> children(long from, int count) {
        BlockDirectory d = archive.blockDirectory();
        if (from < 0 || count <= 0) return List.of();
        d.ensureDataBlocks(from + count);
        List<Node> out = new ArrayList<>();
        for (long i = from; i < d.dataCount() && i < from + count; i++) {
            out.add(BlockNode.at(archive, d.dataOffset((int) i), -1, 0, null, "#" + i, d.dataOffset((int) i)));
        }
        return out;
    }

    @Override
    public Optional<Node> childCovering(ByteRange.Position position) {
        if (!position.file().isMain()) return Optional.empty();
        BlockDirectory d = archive.blockDirectory();
        d.ensureOffset(position.offset());
        int i = d.blockAtOrBefore(position.offset());
        if (i < 0 || d.level(i) != 0) return Optional.empty();
        long off = d.offset(i);
        int di = d.dataIndexOf(off);
        BlockNode b = BlockNode.at(archive, off, -1, 0, null, "#" + di, off);
        return b.range().contains(position.offset()) ? Optional.of(b) : Optional.empty();
    }

    @Override
    public List<Problem> problems() {
        BlockDirectory d = archive.blockDirectory();
        var e = d.error();
        return e == null ? List.of() : List.of(Problem.of(e));
    }
}
