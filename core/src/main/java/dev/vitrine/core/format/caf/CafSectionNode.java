package dev.vitrine.core.format.caf;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.util.List;

/** A leaf section of the chunk (index, footer) with its fields. */
record CafSectionNode(String name, String kind, ByteRange range, List<Field> fields, List<Problem> problems)
        implements Node {

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return "footer".equals(kind)
                ? java.util.Set.of(dev.vitrine.core.model.Role.HEADER)
                : java.util.Set.of(dev.vitrine.core.model.Role.SECTION, dev.vitrine.core.model.Role.INDEX);
    }
}
