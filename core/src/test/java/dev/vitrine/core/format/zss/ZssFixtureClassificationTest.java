package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every fixture classified as fixtures/zss/SOURCE.md says (the reference test suite's
 * classes), for ZSS and for the ZS v0.10 twins. Offsets are the reference's where its message
 * names one; where it names none ("empty block", "unexpected EOF", header problems) they are
 * the offsets of the damaged block or header field, which ours must report.
 */
class ZssFixtureClassificationTest {

    enum Outcome {
        OK,
        VALIDATE_ONLY,
        FAIL_ON_READ
    }

    /** name, outcome, records in a full scan (-1: the scan fails), verify problem offsets. */
    record Expect(String name, Outcome outcome, int records, long... offsets) {}

    static final List<Expect> BROKEN = List.of(
            new Expect("bad-codec", Outcome.FAIL_ON_READ, -1, 72),
            new Expect("bad-data-order", Outcome.VALIDATE_ONLY, 2, 106),
            new Expect("bad-index-key-1", Outcome.VALIDATE_ONLY, 2, 120),
            new Expect("bad-index-key-2", Outcome.VALIDATE_ONLY, 4, 134),
            new Expect("bad-index-key-3", Outcome.VALIDATE_ONLY, 8, 200),
            new Expect("bad-index-order", Outcome.VALIDATE_ONLY, 4, 134),
            new Expect("bad-level-index-1", Outcome.VALIDATE_ONLY, 0, 120),
            new Expect("bad-level-index-2", Outcome.FAIL_ON_READ, 0, 120),
            new Expect("bad-level-root", Outcome.FAIL_ON_READ, 2, 1063, 1048),
            new Expect("bad-magic", Outcome.FAIL_ON_READ, -1, 0),
            new Expect("bad-ref-length", Outcome.VALIDATE_ONLY, 4, 134),
            new Expect("bad-sha256", Outcome.VALIDATE_ONLY, 2, 0),
            new Expect("bad-total-length", Outcome.FAIL_ON_READ, -1, 32),
            new Expect("empty-data", Outcome.FAIL_ON_READ, -1, 106),
            new Expect("empty-index", Outcome.FAIL_ON_READ, 2, 120),
            new Expect("good-extension-blocks", Outcome.OK, 4),
            new Expect("good-extension-header-fields", Outcome.OK, 2),
            new Expect("good-index-key-1", Outcome.OK, 2),
            new Expect("good-index-key-2", Outcome.OK, 4),
            new Expect("good-index-key-3", Outcome.OK, 8),
            new Expect("header-checksum", Outcome.FAIL_ON_READ, -1, 98),
            new Expect("incomplete-magic", Outcome.FAIL_ON_READ, -1, 0),
            new Expect("non-dict-metadata", Outcome.FAIL_ON_READ, -1, 96),
            new Expect("partial-data-1", Outcome.FAIL_ON_READ, -1, 106),
            new Expect("partial-data-2", Outcome.FAIL_ON_READ, -1, 106),
            new Expect("partial-index-1", Outcome.FAIL_ON_READ, 2, 120),
            new Expect("partial-index-2", Outcome.FAIL_ON_READ, 2, 120),
            new Expect("partial-index-3", Outcome.FAIL_ON_READ, 2, 120),
            new Expect("partial-index-4", Outcome.FAIL_ON_READ, 2, 120),
            new Expect("post-header-junk", Outcome.FAIL_ON_READ, -1, 106),
            new Expect("repeated-index", Outcome.VALIDATE_ONLY, 4, 152),
            new Expect("root-checksum", Outcome.FAIL_ON_READ, -1, 120),
            new Expect("root-is-data", Outcome.FAIL_ON_READ, 2, 106),
            new Expect("short-root", Outcome.FAIL_ON_READ, 2, 120),
            new Expect("truncated-data-1", Outcome.FAIL_ON_READ, -1, 134),
            new Expect("truncated-data-2", Outcome.FAIL_ON_READ, -1, 134),
            new Expect("truncated-data-3", Outcome.FAIL_ON_READ, -1, 134),
            new Expect("truncated-root", Outcome.FAIL_ON_READ, -1, 120),
            new Expect("unref-data", Outcome.VALIDATE_ONLY, 4, 120),
            new Expect("unref-index", Outcome.VALIDATE_ONLY, 4, 134, 152),
            new Expect("wrong-root-length", Outcome.VALIDATE_ONLY, 6, 134, 152),
            new Expect("wrong-root-level-1", Outcome.FAIL_ON_READ, 4, 134),
            new Expect("wrong-root-level-2", Outcome.VALIDATE_ONLY, 4, 152),
            new Expect("wrong-root-offset", Outcome.FAIL_ON_READ, 6, 135, 134, 152));

    static final List<Expect> GOOD = List.of(
            new Expect("letters-none.zss", Outcome.OK, 26),
            new Expect("letters-deflate.zss", Outcome.OK, 26),
            new Expect("letters-bz2.zss", Outcome.OK, 26),
            new Expect("example/tiny-4grams.zss", Outcome.OK, 8),
            new Expect("zs-v0.10/letters-none.zs", Outcome.OK, 26),
            new Expect("zs-v0.10/letters-deflate.zs", Outcome.OK, 26),
            new Expect("zs-v0.10/letters-lzma.zs", Outcome.OK, 26),
            new Expect("zs-v0.10/example/tiny-4grams.zs", Outcome.OK, 8),
            new Expect("generated/recs1000-none.zss", Outcome.OK, 1000),
            new Expect("generated/recs1000-deflate.zss", Outcome.OK, 1000),
            new Expect("generated/recs1000-bz2.zss", Outcome.OK, 1000),
            new Expect("generated/deep-index-3level.zss", Outcome.OK, 1000),
            new Expect("generated/big-records-deflate.zss", Outcome.OK, 9),
            new Expect("generated/big-records-none.zss", Outcome.OK, 9),
            new Expect("generated/metadata-rich.zss", Outcome.OK, 3),
            new Expect("generated/metadata-empty.zss", Outcome.OK, 1),
            new Expect("generated/single-record.zss", Outcome.OK, 1),
            new Expect("generated/cli-make-default.zss", Outcome.OK, 1000));

    static Stream<Arguments> cases() {
        Stream<Arguments> broken = BROKEN.stream()
                .flatMap(e -> Stream.of(
                        Arguments.of("broken-files/" + e.name() + ".zss", e),
                        Arguments.of("zs-v0.10/broken-files/" + e.name() + ".zs", e)));
        return Stream.concat(GOOD.stream().map(e -> Arguments.of(e.name(), e)), broken);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void classifiedAsTheReferenceDoes(String file, Expect e) throws Exception {
        Path p = fixture(file);
        try (ZssArchive z = open(p)) {
            assertEquals(file.endsWith(".zs") ? "zs" : "zss", z.format().id(), "format");
            int[] n = {0};
            FormatException fullScanError = null, indexedError = null;
            try {
                z.scan(null, null, null, (b, o, l) -> ++n[0] > 0);
            } catch (FormatException ex) {
                fullScanError = ex;
            }
            try {
                z.scan(new byte[] {0}, null, null, (b, o, l) -> true);
            } catch (FormatException ex) {
                indexedError = ex;
            }
            List<Problem> problems = verify(z);
            List<Long> errorOffsets = problems.stream()
                    .filter(pr -> pr.severity() == Severity.ERROR)
                    .map(Problem::offset)
                    .toList();
            for (Problem pr : problems) {
                assertTrue(
                        pr.offset() >= 0 && pr.offset() <= p.toFile().length(),
                        "problem without a usable offset: " + pr);
                assertEquals(p.getFileName().toString(), pr.file());
            }
            switch (e.outcome()) {
                case OK -> {
                    assertTrue(z.openProblems().isEmpty(), () -> "open: " + z.openProblems());
                    assertNull(fullScanError);
                    assertNull(indexedError);
                    assertEquals(List.of(), problems);
                    assertFalse(z.unreadable());
                    assertNotNull(z.info());
                }
                case VALIDATE_ONLY -> {
                    assertTrue(z.openProblems().isEmpty(), () -> "open: " + z.openProblems());
                    assertNull(fullScanError, () -> "full scan: " + n[0]);
                    assertNull(indexedError);
                    assertFalse(errorOffsets.isEmpty(), "verify must fail");
                }
                case FAIL_ON_READ -> {
                    boolean failed = z.unreadable() || fullScanError != null || indexedError != null;
                    assertTrue(failed, "an ordinary read must fail");
                    assertFalse(errorOffsets.isEmpty(), "verify must fail");
                    if (z.unreadable()) {
                        assertThrows(FormatException.class, z::info);
                        assertThrows(FormatException.class, () -> z.scan(null, null, null, (b, o, l) -> true));
                    }
                }
            }
            if (e.records() >= 0) {
                assertNull(fullScanError, "full scan should succeed");
                assertEquals(e.records(), n[0], "records in a full scan");
            } else {
                assertTrue(z.unreadable() || fullScanError != null, "full scan should fail");
            }
            for (long off : e.offsets()) {
                assertTrue(errorOffsets.contains(off), () -> "no problem at offset " + off + ": " + problems);
            }
        }
    }
}
