package dev.vitrine.core.rbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The real rbuf fixtures in ../shared/fixtures/ark beside the repository (no licence: read in
 * place, never copied), or where -Dvitrine.arkFixtures says. Skipped when absent.
 */
class RbufRealFixturesTest {
    static final Path DIR = fixtures();

    private static Path fixtures() {
        String given = System.getProperty("vitrine.arkFixtures");
        if (given != null) return Path.of(given);
        // Tests run in a module folder: the repository is the nearest folder with core/ and app/.
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !(Files.isDirectory(root.resolve("core")) && Files.isDirectory(root.resolve("app"))))
            root = root.getParent();
        if (root == null) return Path.of("absent");
        Path beside = root.resolveSibling("shared/fixtures/ark");
        if (Files.isDirectory(beside) || root.getParent() == null) return beside;
        // A git worktree kept in a folder of worktrees has it one level further up (as bench/clps.sh).
        return root.getParent().resolveSibling("shared/fixtures/ark");
    }

    @Test
    void partitionSummaryDecodesAsSourceMdSays() throws Exception {
        Path p = DIR.resolve("PartitionSummary.summary.rbuf");
        assumeTrue(Files.isRegularFile(p), "real fixture absent");
        byte[] file = Files.readAllBytes(p);
        RbufFile f = RbufFile.parse(file);
        assertEquals(354, file.length);
        assertEquals(41, f.contentSize());
        assertEquals(0x11c, f.trailerBlockSize());
        assertEquals(1, f.version());
        assertEquals("crl::knight::PartitionSummary", f.typeName());
        RbufIr ir = RbufIr.parse(f.irJson());
        byte[] content = java.util.Arrays.copyOf(file, 41);
        RValue.Obj v = RbufDecoder.decodeExactly(ir, f.typeName(), content);
        assertEquals(
                "{\"id\":\"95b90f90-dffc-4482-927e-abdc91402840\",\"epoch\":0,\"generation\":1,\"next_version\":2703}",
                RbufJson.toJson(v).toString());
        assertArrayEquals(content, RbufEncoder.encode(ir, v));
    }

    @Test
    void everyRealIrRoundTripsGeneratedValues() throws Exception {
        Path dir = DIR.resolve("ir");
        assumeTrue(Files.isDirectory(dir), "real IR fixtures absent");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(x -> x.toString().endsWith(".ir")).sorted().toList();
        }
        int schemas = 0;
        for (Path p : files) {
            RbufIr ir = RbufIr.parse(Files.readString(p));
            for (RbufIr.SchemaDef s : ir.schemas()) {
                if (!ir.isComplete(s.fullName())) continue; // references a type from another file
                for (int seed = 0; seed < 5; seed++) {
                    RValue.Obj v = RbufTestIr.generate(ir, s, new Random(seed), 0);
                    byte[] bytes = RbufEncoder.encode(ir, v);
                    RValue.Obj back = RbufDecoder.decodeExactly(ir, s.fullName(), bytes);
                    assertArrayEquals(bytes, RbufEncoder.encode(ir, back), p.getFileName() + " " + s.fullName());
                    assertEquals(RbufJson.toJson(v), RbufJson.toJson(back), p.getFileName() + " " + s.fullName());
                    // the minimal IR of the type (D12) decodes the same bytes
                    RbufIr min = RbufIr.parse(ir.closure(s.fullName()).toJson());
                    assertEquals(
                            RbufJson.toJson(back),
                            RbufJson.toJson(RbufDecoder.decodeExactly(min, s.fullName(), bytes)));
                }
                schemas++;
            }
        }
        assertEquals(true, schemas > 100, "schemas tested: " + schemas);
    }
}
