package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Verify's ERRORs on every broken fixture are exactly the reference's (fixtures/zss/SOURCE.md,
 * the `validate()` column): as many, at the offsets the reference names. Where its message names
 * no offset (header problems, "empty block", "unexpected EOF", uleb128 and record overruns) the
 * offset is that of the damaged header field or block. What merely follows from that damage
 * (a block whose referring index is damaged, the data hash after a damaged data block, framing
 * lost after a block that failed its checksum) is a WARNING, so it adds no error.
 */
class ZssReferenceVerdictTest {
    @TempDir
    Path dir;

    /** Reference error offsets, one per error the reference reports (sorted). */
    static final Map<String, long[]> REFERENCE = Map.ofEntries(
            Map.entry("bad-codec", new long[] {72}),
            Map.entry("bad-data-order", new long[] {106}),
            Map.entry("bad-index-key-1", new long[] {120}),
            Map.entry("bad-index-key-2", new long[] {134}),
            Map.entry("bad-index-key-3", new long[] {200}),
            Map.entry("bad-index-order", new long[] {134, 134, 134}),
            Map.entry("bad-level-index-1", new long[] {120}),
            Map.entry("bad-level-index-2", new long[] {120}),
            Map.entry("bad-level-root", new long[] {1048, 1063}),
            Map.entry("bad-magic", new long[] {0}),
            Map.entry("bad-ref-length", new long[] {134}),
            Map.entry("bad-sha256", new long[] {0}),
            Map.entry("bad-total-length", new long[] {32}),
            Map.entry("empty-data", new long[] {106}),
            Map.entry("empty-index", new long[] {120}),
            Map.entry("good-extension-blocks", new long[] {}),
            Map.entry("good-extension-header-fields", new long[] {}),
            Map.entry("good-index-key-1", new long[] {}),
            Map.entry("good-index-key-2", new long[] {}),
            Map.entry("good-index-key-3", new long[] {}),
            Map.entry("header-checksum", new long[] {98}),
            Map.entry("incomplete-magic", new long[] {0}),
            Map.entry("non-dict-metadata", new long[] {96}),
            Map.entry("partial-data-1", new long[] {106}),
            Map.entry("partial-data-2", new long[] {106}),
            Map.entry("partial-index-1", new long[] {120}),
            Map.entry("partial-index-2", new long[] {120}),
            Map.entry("partial-index-3", new long[] {120}),
            Map.entry("partial-index-4", new long[] {120}),
            Map.entry("post-header-junk", new long[] {106}),
            Map.entry("repeated-index", new long[] {152, 152, 152}),
            Map.entry("root-checksum", new long[] {120}),
            Map.entry("root-is-data", new long[] {106}),
            Map.entry("short-root", new long[] {120}),
            Map.entry("truncated-data-1", new long[] {134}),
            Map.entry("truncated-data-2", new long[] {134}),
            Map.entry("truncated-data-3", new long[] {134}),
            Map.entry("truncated-root", new long[] {120}),
            Map.entry("unref-data", new long[] {120}),
            Map.entry("unref-index", new long[] {134, 152}),
            Map.entry("wrong-root-length", new long[] {134, 152}),
            Map.entry("wrong-root-level-1", new long[] {134, 134}),
            Map.entry("wrong-root-level-2", new long[] {152}),
            Map.entry("wrong-root-offset", new long[] {134, 135, 152}));

    static Stream<Arguments> fixtures() {
        return REFERENCE.keySet().stream()
                .sorted()
                .flatMap(n -> Stream.of(
                        Arguments.of("broken-files/" + n + ".zss", n),
                        Arguments.of("zs-v0.10/broken-files/" + n + ".zs", n)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void errorsAreTheReferences(String file, String name) throws Exception {
        Path p = fixture(file);
        try (ZssArchive z = open(p)) {
            List<Problem> problems = verify(z);
            long[] errors = problems.stream()
                    .filter(pr -> pr.severity() == Severity.ERROR)
                    .mapToLong(Problem::offset)
                    .sorted()
                    .toArray();
            assertEquals(Arrays.toString(REFERENCE.get(name)), Arrays.toString(errors), problems::toString);
            for (Problem pr : problems) assertTrue(pr.offset() >= 0 && pr.offset() < Files.size(p), pr::toString);
        }
    }

    @Test
    void theIntactBlockUnderADamagedRootIsOnlyUnreachable() throws Exception {
        try (ZssArchive z = open(fixture("broken-files/root-checksum.zss"))) {
            List<String> lines = verify(z).stream().map(Problem::toString).toList();
            assertEquals(
                    List.of(
                            "root-checksum.zss: offset 120: checksum mismatch at 120",
                            "warning: root-checksum.zss: offset 106: not reachable: the index block at 120 that refers to it is damaged"),
                    lines);
        }
    }

    /** letters-none.zss padded with zeros (sparse) to {@code size}, optionally with its header CRC broken. */
    private Path padded(long size, boolean breakHeaderCrc) throws Exception {
        Path p = dir.resolve("padded-" + size + (breakHeaderCrc ? "-crc" : "") + ".zss");
        Files.copy(fixture("letters-none.zss"), p);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            if (breakHeaderCrc) {
                f.seek(16 + Long.reverseBytes(readLong(f, 8)));
                f.write(0x55);
            }
            f.setLength(size);
        }
        return p;
    }

    private static long readLong(RandomAccessFile f, long at) throws Exception {
        f.seek(at);
        return f.readLong();
    }

    @Test
    void zerosAfterTheEndTheHeaderPromisesAreOneProblem() throws Exception {
        Path p = padded(1L << 30, false);
        List<Problem> problems =
                org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                    try (ZssArchive z = open(p)) {
                        return verify(z);
                    }
                });
        assertEquals(
                List.of(
                        "padded-1073741824.zss: offset 861: file is 1073741824 bytes but the header says it ends at 861: the rest is not trusted"),
                problems.stream().map(Problem::toString).toList());
        assertEquals("861", problems.getFirst().expected());
        assertEquals("1073741824", problems.getFirst().actual());
    }

    @Test
    void theBlockListingAlsoStopsWhereTheHeaderSaysTheFileEnds() throws Exception {
        Path p = padded(1L << 30, false);
        try (ZssArchive z = open(p)) {
            BlockDirectory d = z.blockDirectory();
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(5), d::ensureAll);
            assertEquals(17, d.dataCount());
        }
    }

    @Test
    void zerosAfterADamagedHeaderStopWhenFramingIsLost() throws Exception {
        Path p = padded(1L << 30, true);
        List<Problem> problems =
                org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                    try (ZssArchive z = open(p)) {
                        return verify(z);
                    }
                });
        assertTrue(problems.size() < 2 * 10 + 4, problems::toString);
        assertTrue(problems.getLast().message().contains("block framing is lost, stopping here"), problems::toString);
        assertTrue(
                problems.stream().anyMatch(pr -> pr.message().startsWith("header checksum mismatch")),
                problems::toString);
    }

    @Test
    void aDamagedDataBlockNamesItsNode() throws Exception {
        Path p = dir.resolve("multi.zss");
        List<byte[]> recs = new java.util.ArrayList<>();
        for (int i = 0; i < 200; i++) recs.add(bytes(String.format("r%04d", i)));
        ZssWriter.write(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .approxBlockSize(20)
                        .branchingFactor(8),
                recs.iterator());
        byte[] data = Files.readAllBytes(p);
        int[] damaged = {3, 20};
        try (ZssArchive z = open(p)) {
            for (int i : damaged) {
                BlockFrame f = z.reader().frameAt(z.blockDirectory().dataOffset(i), data.length);
                data[(int) f.payloadOffset() + 2] ^= 1;
            }
        }
        Path bad = dir.resolve("multi-bad.zss");
        Files.write(bad, data);
        try (ZssArchive z = open(bad)) {
            List<Problem> crc = verify(z).stream()
                    .filter(pr -> pr.message().startsWith("checksum mismatch"))
                    .toList();
            assertEquals(2, crc.size(), crc::toString);
            for (int k = 0; k < damaged.length; k++) {
                Problem pr = crc.get(k);
                assertEquals(List.of(2L, (long) damaged[k]), pr.nodePath());
                // Following the path from the root reaches the block the offset is in.
                dev.vitrine.core.model.Node n = z.root();
                for (long i : pr.nodePath()) n = n.children(i, 1).getFirst();
                assertEquals(pr.offset(), n.range().offset(), n::name);
            }
        }
    }
}
