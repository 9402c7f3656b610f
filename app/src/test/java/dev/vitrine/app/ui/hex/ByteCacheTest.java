package dev.vitrine.app.ui.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ByteCacheTest {

    @Test
    void pagesAreClaimedOnceAndServeBytes() {
        ByteCache c = new ByteCache(100, 16, 4);
        assertEquals(ByteCache.MISSING, c.byteAt(20));
        assertTrue(c.claim(1));
        assertFalse(c.claim(1), "already being loaded");
        byte[] page = new byte[16];
        page[4] = (byte) 0xab;
        c.put(1, page);
        assertEquals(0xab, c.byteAt(20));
        assertEquals(4, c.pageLength(6), "the last page is short");
        assertFalse(c.claim(7), "past the end");
    }

    @Test
    void memoryStaysFlatWhileScrollingAHugeFile() {
        ByteCache c = new ByteCache(10L << 30, 16 * 1024, 96);
        for (long p = 0; p < 10_000; p++) {
            assertTrue(c.claim(p * 37));
            c.put(p * 37, new byte[16 * 1024]);
        }
        assertEquals(96, c.cachedPages(), "least recently used pages are dropped");
        assertEquals(0, c.pendingPages());
    }

    @Test
    void failedPagesReadAsUnreadableAndReleasedOnesCanBeClaimedAgain() {
        ByteCache c = new ByteCache(64, 16, 4);
        assertTrue(c.claim(0));
        c.fail(0, "boom");
        assertEquals(ByteCache.UNREADABLE, c.byteAt(3));
        assertFalse(c.claim(0));
        assertTrue(c.claim(2));
        c.release(2);
        assertTrue(c.claim(2));
    }
}
