package dev.vitrine.core.format.ark;

import dev.vitrine.core.model.BasicNode;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/** A node of an Ark log's tree that computes its parts; one with fixed children lists them in {@link #kids()}. */
abstract class ArkNode extends BasicNode {

    ArkNode(String name, String kind, Set<Role> roles, ByteRange range) {
        super(name, kind, roles, range);
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
