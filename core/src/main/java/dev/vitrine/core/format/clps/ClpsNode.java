package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.BasicNode;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.RowTable;
import java.util.List;
import java.util.function.Supplier;

/**
 * A node of the clp-s tree: the generic {@link BasicNode} under the name {@link ClpsNodes} builds
 * with (children from a {@link BasicNode.Children} asked only when the tree expands).
 */
final class ClpsNode extends BasicNode {
    ClpsNode(
            String name,
            String kind,
            ByteRange range,
            Supplier<List<Field>> fields,
            Supplier<List<Problem>> problems,
            Children children) {
        super(name, kind, range, fields, problems, children);
    }

    static ClpsNode leaf(String name, String kind, ByteRange range, List<Field> fields, List<Problem> problems) {
        return new ClpsNode(name, kind, range, () -> fields, () -> problems, null);
    }

    @Override
    protected ClpsNode withTable(RowTable t) {
        super.withTable(t);
        return this;
    }

    @Override
    protected ClpsNode withRoles(Role... r) {
        super.withRoles(r);
        return this;
    }

    @Override
    protected ClpsNode withDecoded(Decoded d) {
        super.withDecoded(d);
        return this;
    }
}
