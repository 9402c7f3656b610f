package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.RowTable;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** A node of the clp-s tree; children come from a {@link Children} asked only when the tree expands. */
final class ClpsNode implements Node {
    /** Children fetched a page at a time. */
    interface Children {
        long count() throws IOException;

        List<Node> page(long from, int count) throws IOException;

        static Children of(List<Node> nodes) {
            return new Children() {
                @Override
                public long count() {
                    return nodes.size();
                }

                @Override
                public List<Node> page(long from, int count) {
                    int f = (int) Math.min(from, nodes.size());
                    return nodes.subList(f, (int) Math.min(nodes.size(), f + (long) count));
                }
            };
        }

        /** Children built on first use (reading the file then) and kept. */
        static Children lazy(Supplier<Children> make) {
            return new Children() {
                private Children c;

                private synchronized Children get() {
                    if (c == null) c = make.get();
                    return c;
                }

                @Override
                public long count() throws IOException {
                    return get().count();
                }

                @Override
                public List<Node> page(long from, int count) throws IOException {
                    return get().page(from, count);
                }
            };
        }
    }

    private final String name;
    private final String kind;
    private final ByteRange range;
    private final Supplier<List<Field>> fields;
    private final Supplier<List<Problem>> problems;
    private final Children children;
    private RowTable table;
    private java.util.Set<Role> roles = java.util.Set.of();
    private Decoded decoded;

    ClpsNode(
            String name,
            String kind,
            ByteRange range,
            Supplier<List<Field>> fields,
            Supplier<List<Problem>> problems,
            Children children) {
        this.name = name;
        this.kind = kind;
        this.range = range;
        this.fields = fields;
        this.problems = problems;
        this.children = children;
    }

    static ClpsNode leaf(String name, String kind, ByteRange range, List<Field> fields, List<Problem> problems) {
        return new ClpsNode(name, kind, range, () -> fields, () -> problems, null);
    }

    ClpsNode withTable(RowTable t) {
        this.table = t;
        return this;
    }

    ClpsNode withRoles(Role... r) {
        this.roles = java.util.Set.of(r);
        return this;
    }

    /** For a node inside a zstd frame: the frame and where the node lies in its decoded bytes. */
    ClpsNode withDecoded(Decoded d) {
        this.decoded = d;
        return this;
    }

    @Override
    public java.util.Set<Role> roles() {
        return roles;
    }

    @Override
    public Optional<Decoded> decoded() {
        return Optional.ofNullable(decoded);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return kind;
    }

    @Override
    public ByteRange range() {
        return range;
    }

    @Override
    public List<Field> fields() {
        return fields.get();
    }

    @Override
    public boolean hasChildren() {
        return children != null;
    }

    @Override
    public long childCount() throws IOException {
        return children == null ? 0 : children.count();
    }

    @Override
    public List<Node> children(long from, int count) throws IOException {
        return children == null ? List.of() : children.page(from, count);
    }

    @Override
    public Optional<RowTable> table() {
        return Optional.ofNullable(table);
    }

    @Override
    public List<Problem> problems() {
        return problems.get();
    }
}
