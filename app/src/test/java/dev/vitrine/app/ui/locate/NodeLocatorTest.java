package dev.vitrine.app.ui.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vitrine.app.ui.testing.FakeNode;
import dev.vitrine.core.model.Node;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeLocatorTest {

    private static FakeNode tree() {
        FakeNode root = new FakeNode("file", "archive", 0, 1000);
        root.add(new FakeNode("header", "header", 0, 100));
        FakeNode blocks = new FakeNode("blocks", "data-blocks", 100, 900);
        FakeNode b1 = FakeNode.withLeaves("block 1", 100, 10, 10);
        blocks.add(b1).add(FakeNode.withLeaves("block 2", 200, 80, 10));
        root.add(blocks);
        return root;
    }

    private static List<String> names(List<Node> path) {
        return path.stream().map(Node::name).toList();
    }

    @Test
    void walksToTheDeepestNodeCoveringTheByte() throws Exception {
        assertEquals(List.of("file", "blocks", "block 2", "leaf 3"), names(NodeLocator.pathTo(tree(), 235)));
        assertEquals(List.of("file", "header"), names(NodeLocator.pathTo(tree(), 7)));
    }

    @Test
    void aByteNoChildCoversStopsAtTheParent() throws Exception {
        assertEquals(List.of("file"), names(NodeLocator.pathTo(tree(), 5000)));
    }
}
