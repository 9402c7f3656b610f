package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A node made from data: label, kind, roles, range, fields, problems, children and the rest.
 * Formats build their nodes with {@link #of} and write a class only for a node with behaviour
 * of its own (paging through an index, finding the child under a byte, reading on demand).
 * Subclasses that compute their fields or children override those methods and inherit the rest.
 */
public class BasicNode implements Node {
    /** Children fetched a page at a time. */
    public interface Children {
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
                    if (from < 0 || count <= 0) return List.of();
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

    private static final Supplier<List<Field>> NO_FIELDS = List::of;
    private static final Supplier<List<Problem>> NO_PROBLEMS = List::of;

    private final String name;
    private final String kind;
    private final ByteRange range;
    private final Supplier<List<Field>> fields;
    private final Supplier<List<Problem>> problems;
    /** Null for a leaf: the tree then shows no expander. */
    private final Children children;
    // Set by the builder, or by a subclass right after construction (before the node is shared).
    private Set<Role> roles = Set.of();
    private RowTable table;
    private Decoded decoded;
    private Content content;

    /** Fields and problems are asked for each time the node is shown, so they may be computed late. */
    public BasicNode(
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

    /** For subclasses that compute their fields, problems and children by overriding. */
    protected BasicNode(String name, String kind, Set<Role> roles, ByteRange range) {
        this(name, kind, range, NO_FIELDS, NO_PROBLEMS, null);
        this.roles = roles;
    }

    /** Starts a node with this label and kind; everything else is optional. */
    public static Builder of(String name, String kind) {
        return new Builder(name, kind);
    }

    protected BasicNode withTable(RowTable t) {
        this.table = t;
        return this;
    }

    protected BasicNode withRoles(Role... r) {
        this.roles = Set.of(r);
        return this;
    }

    /** For a node inside a compressed frame: the frame and where the node lies in its decoded bytes. */
    protected BasicNode withDecoded(Decoded d) {
        this.decoded = d;
        return this;
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
    public Set<Role> roles() {
        return roles;
    }

    @Override
    public Optional<Decoded> decoded() {
        return Optional.ofNullable(decoded);
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
    public Optional<Content> content() {
        return Optional.ofNullable(content);
    }

    @Override
    public List<Problem> problems() {
        return problems.get();
    }

    /** Collects a node's parts; unset parts are empty (no fields, no problems, no children, no bytes). */
    public static final class Builder {
        private final String name;
        private final String kind;
        private ByteRange range = ByteRange.NONE;
        private Set<Role> roles = Set.of();
        private Supplier<List<Field>> fields = NO_FIELDS;
        private Supplier<List<Problem>> problems = NO_PROBLEMS;
        private Children children;
        private RowTable table;
        private Decoded decoded;
        private Content content;

        private Builder(String name, String kind) {
            this.name = name;
            this.kind = kind;
        }

        public Builder range(ByteRange r) {
            this.range = r;
            return this;
        }

        public Builder roles(Role... r) {
            this.roles = Set.of(r);
            return this;
        }

        public Builder roles(Set<Role> r) {
            this.roles = r;
            return this;
        }

        public Builder fields(List<Field> f) {
            this.fields = () -> f;
            return this;
        }

        /** Fields computed when shown (from state that may change, such as damage found later). */
        public Builder fields(Supplier<List<Field>> f) {
            this.fields = f;
            return this;
        }

        public Builder problems(List<Problem> p) {
            this.problems = () -> p;
            return this;
        }

        public Builder problems(Supplier<List<Problem>> p) {
            this.problems = p;
            return this;
        }

        public Builder children(List<Node> c) {
            this.children = Children.of(c);
            return this;
        }

        public Builder children(Children c) {
            this.children = c;
            return this;
        }

        public Builder table(RowTable t) {
            this.table = t;
            return this;
        }

        public Builder decoded(Decoded d) {
            this.decoded = d;
            return this;
        }

        public Builder content(Content c) {
            this.content = c;
            return this;
        }

        public BasicNode build() {
            BasicNode n = new BasicNode(name, kind, range, fields, problems, children);
            n.roles = roles;
            n.table = table;
            n.decoded = decoded;
            n.content = content;
            return n;
        }
    }
}
