package dev.vitrine.app.ui.testing;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A node built in memory for model tests; counts how many children were read. */
public class FakeNode implements Node {
    private final String name;
    private final String kind;
    private final ByteRange range;
    private final List<Node> children = new ArrayList<>();
    private final List<Field> fields = new ArrayList<>();
    private final List<Problem> problems = new ArrayList<>();
    public final AtomicInteger childrenRead = new AtomicInteger();

    public FakeNode(String name, String kind, long offset, long length) {
        this.name = name;
        this.kind = kind;
        this.range = offset < 0 ? ByteRange.NONE : ByteRange.of(offset, length);
    }

    public FakeNode add(Node child) {
        children.add(child);
        return this;
    }

    public FakeNode field(Field f) {
        fields.add(f);
        return this;
    }

    public FakeNode problem(Problem p) {
        problems.add(p);
        return this;
    }

    /** A parent with {@code n} leaf children of {@code size} bytes each, from {@code offset}. */
    public static FakeNode withLeaves(String name, long offset, int n, int size) {
        FakeNode p = new FakeNode(name, "data-blocks", offset, (long) n * size);
        for (int i = 0; i < n; i++) p.add(new FakeNode("leaf " + i, "record", offset + (long) i * size, size));
        return p;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return kind;
    }

    /** Roles as a format would give them for these kinds (tests name kinds, the window reads roles). */
    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return switch (kind) {
            case "index-block" ->
                java.util.Set.of(dev.vitrine.core.model.Role.BLOCK, dev.vitrine.core.model.Role.INDEX_BLOCK);
            case "data-block" ->
                java.util.Set.of(dev.vitrine.core.model.Role.BLOCK, dev.vitrine.core.model.Role.DATA_BLOCK);
            case "block" -> java.util.Set.of(dev.vitrine.core.model.Role.BLOCK);
            case "record" -> java.util.Set.of(dev.vitrine.core.model.Role.RECORD);
            default -> java.util.Set.of();
        };
    }

    @Override
    public ByteRange range() {
        return range;
    }

    @Override
    public List<Field> fields() {
        return fields;
    }

    @Override
    public boolean hasChildren() {
        return !children.isEmpty();
    }

    @Override
    public long childCount() {
        return children.size();
    }

    @Override
    public List<Node> children(long from, int count) {
        int f = (int) Math.min(from, children.size());
        List<Node> out = children.subList(f, (int) Math.min(children.size(), f + (long) count));
        childrenRead.addAndGet(out.size());
        return List.copyOf(out);
    }

    @Override
    public List<Problem> problems() {
        return problems;
    }
}
