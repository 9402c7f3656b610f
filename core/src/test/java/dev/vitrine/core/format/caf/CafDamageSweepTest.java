package dev.vitrine.core.format.caf;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every byte of the sample's index and footer flipped, and the file cut at every length in
 * that region: each damaged copy must open, list, read, walk and verify without an exception,
 * with every problem's offset inside the file.
 */
class CafDamageSweepTest {
    static final int REGION = 363 + 4;

    @Test
    void byteFlipsOverIndexAndFooter() throws Exception {
        byte[] good = Files.readAllBytes(CafTestFiles.sample());
        int from = good.length - REGION;
        int damaged = 0;
        for (int i = from; i < good.length; i++) {
            for (int mask : new int[] {0x01, 0x20, 0x80, 0xFF}) {
                byte[] b = good.clone();
                b[i] ^= (byte) mask;
                if (exercise(b)) damaged++;
            }
            for (byte v : new byte[] {'{', '"', '[', '\\', '9', 0}) {
                byte[] b = good.clone();
                if (b[i] == v) continue;
                b[i] = v;
                exercise(b);
            }
        }
        // Most flips break the JSON or the footer; a few only rename a file.
        assertTrue(damaged > REGION * 2, "damaged copies reported: " + damaged);
    }

    @Test
    void truncationAtEveryLengthNearTheEnd() throws Exception {
        byte[] good = Files.readAllBytes(CafTestFiles.sample());
        for (int len = good.length - 1; len >= good.length - REGION - 64; len--) {
            assertTrue(exercise(Arrays.copyOf(good, len)), "cut at " + len + " went unnoticed");
        }
        for (int len = 0; len < 64; len++) assertTrue(exercise(Arrays.copyOf(good, len)), "cut at " + len);
    }

    /** Runs everything a user can do on {@code bytes}; returns whether any problem was reported. */
    static boolean exercise(byte[] bytes) throws Exception {
        try (CafArchive a = CafTestFiles.open(bytes)) {
            a.info();
            for (FileListing.Entry e : a.entries()) {
                try (InputStream in = a.content(e).open()) {
                    in.transferTo(java.io.OutputStream.nullOutputStream());
                } catch (dev.vitrine.core.io.FormatException expected) {
                    // unreadable entries say so with an offset
                }
            }
            walk(a.root(), 0);
            List<Problem> ps = CafTestFiles.verify(a);
            for (Problem p : ps) {
                assertFalse(p.message().startsWith("internal error while verifying"), p.toString());
                assertTrue(p.offset() >= -1 && p.offset() <= bytes.length, p.toString());
            }
            return !ps.isEmpty();
        }
    }

    static void walk(Node n, int depth) throws Exception {
        n.fields();
        n.problems();
        n.content();
        n.table().ifPresent(t -> {
            try {
                t.rows(0, (int) Math.min(100, t.rowCount()));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        if (depth < 16) for (Node c : n.children(0, 100)) walk(c, depth + 1);
    }
}
