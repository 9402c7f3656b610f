package dev.vitrine.core.format.ark;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/** A node of an Ark log's tree; one with fixed children lists them in {@link #kids()}. */
abstract class ArkNode implements Node {
    final String name;
    final String kind;
    final Set<Role> roles;
    final ByteRange range;

    ArkNode(String name, String kind, Set<Role> roles, ByteRange range) {
        this.name = name;
        this.kind = kind;
        this.roles = roles;
        this.range = range;
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
    public ByteRange range() {
        return range;
    }

    List<Node> kids() throws IOException {
        return List.of();
    }

    @Override
    public boolean hasChildren() {
        return true;
    }

    @Override
    public long childCount() throws IOException {
        return kids().size();
    }

    @Override
    public List<Node> children(long from, int count) throws IOException {
        List<Node> k = kids();
        int f = (int) Math.min(from, k.size());
        return k.subList(f, (int) Math.min(k.size(), f + (long) count));
    }
}
