package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.verify.VerifyListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs everything a user can do with a file (open, info, full and indexed scans, verify, a
 * walk of the tree and the records table) on arbitrary bytes, and fails on anything that is
 * not damage reported with an offset inside the file: any other exception, a problem without
 * an offset or with one past the file's last byte, or an "internal error" from verify. Returns
 * what verify reported, so a sweep can require that damage was found. Shared by the sweeps and
 * the fuzz test.
 */
final class ZssDamageProbe {
    private ZssDamageProbe() {}

    static List<Problem> probe(byte[] data, ZssFamilyFormat format, String name, Limits limits) {
        return probe(data, format, name, limits, true);
    }

    /**
     * @param thorough also the indexed and prefix scans, the tree walk and the records table;
     *                 without it: open, info, full scan and verify
     */
    static List<Problem> probe(byte[] data, ZssFamilyFormat format, String name, Limits limits, boolean thorough) {
        List<Problem> found = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ZssArchive z = ZssArchive.of(format, Path.of(name), MappedFileSource.ofBytes(name, data), limits)) {
            for (Problem p : z.openProblems()) checkProblem(p, data.length);
            expectFormatOrSuccess(() -> z.info(), data.length);
            expectFormatOrSuccess(() -> z.scan(null, null, null, (b, o, l) -> true), data.length);
            if (thorough) {
                expectFormatOrSuccess(
                        () -> z.scan(new byte[] {'b'}, new byte[] {'m'}, null, (b, o, l) -> true), data.length);
                expectFormatOrSuccess(
                        () -> z.scan(null, null, new byte[] {(byte) 0xff}, (b, o, l) -> true), data.length);
            }
            VerifyEngine.run(z, new VerifyListener() {
                @Override
                public void problem(Problem p) {
                    checkProblem(p, data.length);
                    found.add(p);
                }
            });
            if (!thorough) return found;
            expectFormatOrSuccess(() -> walk(z.root(), 0), data.length);
            expectFormatOrSuccess(
                    () -> {
                        RowTable t = z.root().table().orElse(null);
                        if (t != null) {
                            t.rows(0, 50);
                            t.rowCount();
                            t.rows(3, 5);
                        }
                    },
                    data.length);
        } catch (IOException e) {
            fail("open threw for in-memory bytes: " + e);
        }
        return found;
    }

    interface Action {
        void run() throws IOException;
    }

    private static void expectFormatOrSuccess(Action a, long size) {
        try {
            a.run();
        } catch (FormatException e) {
            assertTrue(e.offset() >= 0, () -> "exception without offset: " + e);
            assertTrue(
                    e.offset() < Math.max(1, size),
                    () -> "exception placed past the end of the " + size + "-byte file: " + e);
        } catch (IOException e) {
            fail("IOException that is not a FormatException: " + e, e);
        } catch (RuntimeException | StackOverflowError e) {
            fail("unexpected " + e, e);
        }
    }

    private static void checkProblem(Problem p, long size) {
        assertFalse(p.message().startsWith("internal error"), () -> "verify crashed: " + p);
        assertTrue(p.offset() >= 0, () -> "problem without offset: " + p);
        // Inside the file: a badge and a hex frame need a byte to point at (offset 0 of an empty file).
        assertTrue(
                p.offset() < Math.max(1, size),
                () -> "problem placed past the end of the " + size + "-byte file: " + p);
    }

    /** Touches every node down to a bounded depth and breadth. */
    private static void walk(Node n, int depth) throws IOException {
        n.name();
        n.kind();
        n.range();
        n.fields();
        n.problems();
        n.content().ifPresent(c -> {
            try (var in = c.open()) {
                in.readNBytes(64);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        if (depth > 8 || !n.hasChildren()) return;
        long count = n.childCount();
        List<Node> kids = n.children(0, 6);
        if (count > 6)
            kids = java.util.stream.Stream.concat(kids.stream(), n.children(count - 2, 4).stream())
                    .toList();
        for (Node c : kids) walk(c, depth + 1);
        n.childCovering(dev.vitrine.core.model.ByteRange.Position.of(
                Math.max(0, n.range().offset())));
    }
}
