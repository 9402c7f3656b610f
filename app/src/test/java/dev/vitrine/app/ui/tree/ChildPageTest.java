package dev.vitrine.app.ui.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vitrine.app.ui.testing.FakeNode;
import org.junit.jupiter.api.Test;

class ChildPageTest {

    @Test
    void aNodeWithManyChildrenIsReadOnePageAtATime() throws Exception {
        FakeNode p = FakeNode.withLeaves("blocks", 0, 10_500, 4);
        ChildPage first = ChildPage.load(p, 0, 500);
        assertEquals(500, first.children().size());
        assertEquals(500, p.childrenRead.get(), "only one page was read");
        assertEquals(10_000, first.remaining());
        assertEquals(new TreeEntry.MoreEntry(500, 10_000), first.more());
        assertEquals("… 10,000 more", ChildPage.moreLabel(first.remaining()));
        ChildPage last = ChildPage.load(p, 10_000, 500);
        assertEquals(500, last.children().size());
        assertNull(last.more());
    }

    @Test
    void aNodeReturningFewerChildrenThanItCountedEndsThePaging() throws Exception {
        FakeNode liar = new FakeNode("liar", "x", 0, 1) {
            @Override
            public long childCount() {
                return 1000;
            }
        };
        liar.add(new FakeNode("only", "x", 0, 1));
        ChildPage p = ChildPage.load(liar, 0, 500);
        assertEquals(1, p.children().size());
        ChildPage next = ChildPage.load(liar, 1, 500);
        assertEquals(0, next.remaining(), "an empty page never offers more");
    }
}
