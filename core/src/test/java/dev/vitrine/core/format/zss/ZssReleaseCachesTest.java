package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.dump;
import static dev.vitrine.core.format.zss.ZssTestSupport.fixture;
import static dev.vitrine.core.format.zss.ZssTestSupport.open;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Node;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** An archive whose tab is not shown lets go of its decoded blocks (#23 item 23) and reads them again alike. */
class ZssReleaseCachesTest {

    @Test
    void releasedCachesHoldNothingAndReadsReturnTheSameRecords() throws Exception {
        try (ZssArchive z = open(fixture("generated/recs1000-deflate.zss"))) {
            byte[] all = dump(z, null, null, null, "\n");
            List<String> browsed = browse(z);
            assertTrue(z.cachedBytes() > 0, "a scan keeps decoded blocks");
            assertTrue(z.cachedBlocks() > 0, "browsing keeps parsed ones");

            z.releaseCaches();
            assertEquals(0, z.cachedBytes(), "released, no decoded bytes are kept");
            assertEquals(0, z.cachedBlocks(), "nor parsed blocks");

            assertArrayEquals(all, dump(z, null, null, null, "\n"), "read again, the same records");
            assertEquals(browsed, browse(z), "and the same tree");
            assertTrue(z.cachedBytes() > 0, "kept again for the next read");
        }
    }

    /** The index blocks' and the first data blocks' entries, as the window's tree shows them. */
    private static List<String> browse(ZssArchive z) throws java.io.IOException {
        List<String> out = new java.util.ArrayList<>();
        for (Node part : z.root().children(1, 2))
            for (Node block : part.children(0, 3)) {
                out.add(block.name());
                for (Node entry : block.children(0, 5)) out.add(entry.name() + " " + entry.range());
            }
        return out;
    }

    @Test
    void releasingWhileAnotherThreadReadsNeverChangesWhatItReads() throws Exception {
        try (ZssArchive z = open(fixture("generated/recs1000-bz2.zss"))) {
            byte[] all = dump(z, null, null, null, "\n");
            AtomicBoolean reading = new AtomicBoolean(true);
            CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < 20; i++) assertArrayEquals(all, dump(z, null, null, null, "\n"));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                } finally {
                    reading.set(false);
                }
            });
            while (reading.get()) z.releaseCaches(); // a tab switched back and forth under a running read
            reader.get(60, TimeUnit.SECONDS);
        }
    }
}
