package dev.vitrine.app.ui.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.model.Node;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two reveals asked one after the other (a byte clicked, then another, or an arrow key held in
 * the hex view) end on the second one's node: the first, still loading children on its way
 * down, gives up instead of selecting its node after the second one did.
 */
class RevealOrderTest extends WindowTest {

    @Test
    void theNewestRevealWinsEvenWhenAnOlderOneIsStillLoading() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-deflate.zss"));
        Node root = fx(() -> v.session().root().node());
        Node dataBlocks = child(root, 2);
        Node block = child(dataBlocks, 3);
        Node record = child(block, 1);
        Node header = child(root, 0);

        // The deep reveal must load the data blocks' and the block's children first; the
        // shallow one, asked right after, finds its node among the root's loaded children.
        List<CompletableFuture<NodeTreeItem>> both = fx(() -> List.of(
                v.tree().reveal(List.of(root, dataBlocks, block, record)),
                v.tree().reveal(List.of(root, header))));
        NodeTreeItem first = both.get(0).get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        NodeTreeItem second = both.get(1).get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();

        assertNull(first, "the overtaken reveal stops where it was");
        assertEquals(header.name(), second.node().name());
        assertSame(
                second,
                fx(() -> v.tree().view().getSelectionModel().getSelectedItem()),
                "the newest reveal's node stays selected");
        assertEquals(header.name(), fx(() -> v.selection().selected().name()));
    }
}
