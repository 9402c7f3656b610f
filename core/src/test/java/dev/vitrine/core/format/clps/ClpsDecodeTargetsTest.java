package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.FileSpace;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A packed stream decodes in place (its compressed bytes read into the end of its own memory) or,
 * when that cannot be done, the usual way: into process memory, into a spill file when the memory
 * budget is spent, onto the heap when there is no cache folder either. Every way gives the real
 * tool's records, and a damaged stream is reported in the same words by each.
 */
class ClpsDecodeTargetsTest {
    /** The three places decoded streams go to, in the order tried. */
    private static List<Supplier<ClpsSpill>> targets(Path dir, AtomicInteger folderAsked) {
        long budget = 1L << 30;
        return List.of(
                () -> new ClpsSpill(budget, new ClpsSpill.MemoryBudget(1L << 30), () -> dir, FileSpace::reserve),
                () -> new ClpsSpill(
                        budget,
                        new ClpsSpill.MemoryBudget(0),
                        () -> {
                            folderAsked.incrementAndGet();
                            return dir;
                        },
                        FileSpace::reserve),
                () -> new ClpsSpill(budget, new ClpsSpill.MemoryBudget(0), () -> null, FileSpace::reserve));
    }

    private static ClpsArchive open(byte[] b, ClpsSpill spill) {
        return new ClpsArchive(
                new ClpsFormat(), Path.of("mem.clps"), MappedFileSource.ofBytes("mem.clps", b), Limits.DEFAULT, spill);
    }

    @ParameterizedTest
    @ValueSource(strings = {"v0.5.0/app", "v0.5.0/metrics", "generated/sts135-multifile", "generated/test_search"})
    void everyPlaceGivesTheRealToolsRecords(String name, @TempDir Path dir) throws IOException {
        String[] p = name.split("/");
        byte[] expected = ClpsTestFiles.gunzip(p[0] + "/outputs/" + p[1] + ".ordered.jsonl.gz");
        byte[] archive = ClpsTestFiles.bytes(p[0] + "/archives/" + p[1] + ".clps");
        AtomicInteger folderAsked = new AtomicInteger();
        for (Supplier<ClpsSpill> target : targets(dir, folderAsked)) {
            try (ClpsArchive a = open(archive, target.get())) {
                assertEquals("", ClpsGoldenTest.firstDifference(expected, ClpsTestFiles.decode(a)), name);
            }
        }
        assertTrue(folderAsked.get() > 0, "with no memory left, streams went to the cache folder");
    }

    @ParameterizedTest
    @ValueSource(longs = {3, 5, -1})
    void aDamagedStreamIsReportedInTheSameWordsWhereverItDecodes(long into, @TempDir Path dir) throws IOException {
        byte[] archive = ClpsTestFiles.bytes("v0.5.0/archives/app.clps");
        ClpsFileEntry streams;
        try (ClpsArchive a = ClpsTestFiles.open(archive)) {
            streams = a.entry("/0");
        }
        assertNotNull(streams);
        // a frame's header (its magic number, its descriptor) or its last byte: damage zstd itself notices
        archive[(int) (streams.offset() + (into >= 0 ? into : streams.size() + into))] ^= 0x5A;
        List<String> said = new ArrayList<>();
        for (Supplier<ClpsSpill> target : targets(dir, new AtomicInteger())) {
            try (ClpsArchive a = open(archive, target.get())) {
                said.add(assertThrows(IOException.class, () -> ClpsTestFiles.decode(a))
                        .getMessage());
            }
        }
        assertEquals(List.of(said.get(0), said.get(0), said.get(0)), said);
        assertTrue(said.get(0).contains("stream"), said.get(0));
    }
}
