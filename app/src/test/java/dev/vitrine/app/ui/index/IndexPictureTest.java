package dev.vitrine.app.ui.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.FakeNode;
import dev.vitrine.core.model.Node;
import java.util.List;
import org.junit.jupiter.api.Test;

class IndexPictureTest {

    /** root file → [header, root index → 10 index blocks → 100 data blocks each → records]. */
    static FakeNode file() {
        FakeNode root = new FakeNode("f.zss", "zss-file", 0, 1_000_000);
        root.add(new FakeNode("header", "header", 0, 100));
        FakeNode top = new FakeNode("index (root)", "index-block", 999_000, 1000);
        long off = 100;
        for (int i = 0; i < 10; i++) {
            FakeNode ix = new FakeNode("index " + i, "index-block", 900_000 + i * 100L, 100);
            for (int j = 0; j < 100; j++) {
                FakeNode block = new FakeNode("data " + i + "." + j, "data-block", off, 30);
                block.add(new FakeNode("record", "record", off, 10));
                ix.add(block);
                off += 30;
            }
            top.add(ix);
        }
        root.add(top).add(new FakeNode("data blocks", "data-blocks", -1, 0));
        return root;
    }

    @Test
    void levelsAreDrawnRootFirstAndCappedWithExactCounts() throws Exception {
        FakeNode root = file();
        List<Node> top = IndexPicture.findTop(root, 64);
        assertEquals("index (root)", top.getLast().name());
        IndexPicture p = IndexPicture.build(top, 48, 12, () -> false);
        assertEquals(3, p.levels().size(), "root, index, data: records are not blocks");
        assertEquals(1, p.levels().get(0).total());
        assertEquals(10, p.levels().get(1).blocks().size());
        IndexPicture.Level data = p.levels().get(2);
        assertEquals(48, data.blocks().size());
        assertEquals(1000, data.total(), "48 drawn and 952 more: counted from the parents");
        assertEquals(false, data.moreIsLowerBound());
        IndexPicture.Block b = data.blocks().get(47);
        assertEquals(0, b.parent(), "the first 48 data blocks all belong to index 0");
        assertEquals(
                List.of("f.zss", "index (root)", "index 0", "data 0.47"),
                b.path().stream().map(Node::name).toList());
    }

    @Test
    void aFileWithoutIndexHasNoPicture() throws Exception {
        FakeNode caf = new FakeNode("a.caf", "caf-file", 0, 10).add(new FakeNode("x", "file", 0, 10));
        assertTrue(IndexPicture.findTop(caf, 64).isEmpty());
    }
}
