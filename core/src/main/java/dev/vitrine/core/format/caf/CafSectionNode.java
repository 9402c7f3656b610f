package dev.vitrine.core.format.caf;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.verify.Problem;
import java.util.List;

/** A leaf section of the chunk (index, footer) with its fields. */
record CafSectionNode(String name, String kind, ByteRange range, List<Field> fields, List<Problem> problems) implements Node {
}
