package dev.vitrine.app.ui.views;

import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.RowTable;
import java.util.List;
import java.util.Optional;

/** The selected node with what was read of it in the background, as views receive it. */
public record ShownNode(Node node, NodeKey key, List<Field> fields, Optional<RowTable> table) {}
