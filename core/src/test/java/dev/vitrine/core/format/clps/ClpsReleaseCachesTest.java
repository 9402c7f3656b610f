package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.FilterableRecords;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A hidden window tab lets its clp-s archive's decoded streams go (Archive.releaseCaches): the
 * archive then holds none, its records read the same again, and bytes a view still holds stay
 * readable until it lets go.
 */
class ClpsReleaseCachesTest {
    private static ClpsArchive open() throws IOException {
        return ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"));
    }

    @Test
    void releasedStreamsAreHeldNoMoreAndRecordsReadTheSameAgain() throws Exception {
        try (ClpsArchive a = open()) {
            FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
            assertEquals(0, a.cachedBytes(), "nothing decoded yet");
            List<String> first = r.lines(1, 300); // the first page (from 0) is read without decoding
            long kept = a.cachedBytes();
            assertTrue(kept > 0, "the decoded streams are counted: " + kept);
            WeakReference<ClpsTables> tables =
                    new WeakReference<>(a.records().decoded(false).tables());

            a.releaseCaches();
            assertEquals(0, a.cachedBytes());
            assertTrue(collected(tables), "nothing holds the released tables: their memory can go");

            assertEquals(first, r.lines(1, 300), "read again, decoded again");
            try (ClpsArchive fresh = open()) {
                assertEquals(
                        fresh.capability(FilterableRecords.class).orElseThrow().lines(23_990, 10), r.lines(23_990, 10));
            }
            assertTrue(a.cachedBytes() > 0);
        }
    }

    @Test
    void bytesAViewHoldsStayReadableAfterARelease() throws Exception {
        try (ClpsArchive a = open()) {
            FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
            Decoded record = r.recordBytes(5).orElseThrow();
            long at = record.offset();
            int length = (int) record.length();
            try (var bytes = record.open()) {
                record = null; // the hex view holds the opened bytes only
                byte[] before = bytes.read(at, length);
                a.releaseCaches();
                assertEquals(0, a.cachedBytes());
                for (int i = 0; i < 3; i++) System.gc();
                Thread.sleep(50); // the cleaner thread would have freed them by now if nothing held them
                assertArrayEquals(before, bytes.read(at, length));
            }
        }
    }

    @Test
    void hidingAndShowingOftenKeepsNoMoreThanShowingOnce() throws Exception {
        try (ClpsArchive a = open()) {
            FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
            List<String> first = r.lines(1, 10);
            assertEquals(1, a.records().keptFreers(), "the current decoding's, for the archive's close");
            for (int i = 0; i < 30; i++) {
                WeakReference<ClpsTables> tables =
                        new WeakReference<>(a.records().decoded(false).tables());
                a.releaseCaches(); // the tab is hidden, then shown again
                assertTrue(collected(tables), "nothing holds the released tables");
                assertEquals(first, r.lines(1, 10));
            }
            // the released decodings' actions go as their tables are freed (on the cleaner's thread)
            for (int i = 0; i < 50 && a.records().keptFreers() > 1; i++) {
                System.gc();
                Thread.sleep(20);
            }
            assertEquals(1, a.records().keptFreers(), "one decoding shown, one action kept");
        }
    }

    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        return ref.get() == null;
    }
}
