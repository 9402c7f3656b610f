package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.format.zss.ZssArchive;
import dev.vitrine.core.limits.Limits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `vitrine create zss|zs`: round trip through cat, exit codes, one-line errors naming the line. */
class CreateZssCommandTest {
    @TempDir
    Path tmp;

    private Path input(String text) throws Exception {
        Path p = tmp.resolve("in-" + Math.abs(text.hashCode()) + ".txt");
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    @Test
    void createsEveryCodecOfBothFlavorsAndCatGivesTheInputBack() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 3000; i++) sb.append(String.format("rec-%05d\t%d%n", i, i * 7));
        String text = sb.toString();
        Path in = input(text);
        String[][] cases = {
            {"zss", "none"}, {"zss", "deflate"}, {"zss", "bz2"}, {"zs", "none"}, {"zs", "deflate"}, {"zs", "lzma"}
        };
        for (String[] c : cases) {
            Path out = tmp.resolve("out-" + c[1] + "." + c[0]);
            CliRun r = CliRun.of(
                    "create",
                    c[0],
                    "--codec",
                    c[1],
                    "--block-size",
                    "1K",
                    "--branching",
                    "4",
                    "--metadata",
                    "{\"b\": 2.5, \"a\": [true, null]}",
                    in.toString(),
                    out.toString());
            assertEquals(0, r.exit(), r.stderr());
            assertTrue(r.out().startsWith("wrote " + out + ": 3000 records"), r.out());
            try (ZssArchive z = ZssArchive.open(out, Limits.DEFAULT)) {
                assertEquals(c[0], z.format().id());
                assertTrue(VerifyEngine.run(z, p -> fail(p.toString())).intact());
                assertEquals("{\"b\": 2.5, \"a\": [true, null]}", z.header().metadataText());
                assertTrue(z.rootIndexLevel() >= 2);
            }
            CliRun cat = CliRun.of("cat", out.toString());
            assertEquals(0, cat.exit(), cat.stderr());
            assertEquals(text, new String(cat.stdout(), StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void defaultsAreTheReferenceOnes() throws Exception {
        Path out = tmp.resolve("d.zss");
        assertEquals(
                0,
                CliRun.of("create", "zss", input("a\nb\n").toString(), out.toString())
                        .exit());
        try (ZssArchive z = ZssArchive.open(out, Limits.DEFAULT)) {
            assertEquals("bz2", z.header().codecName());
            assertEquals("{}", z.header().metadataText());
        }
        Path zs = tmp.resolve("d.zs");
        assertEquals(
                0,
                CliRun.of("create", "zs", input("a\nb\n").toString(), zs.toString())
                        .exit());
        try (ZssArchive z = ZssArchive.open(zs, Limits.DEFAULT)) {
            assertEquals("lzma2;dsize=2^20", z.header().codecName());
        }
    }

    @Test
    void unsortedInputNamesTheLineAndWritesNothing() throws Exception {
        Path in = input("a\nc\nb\n");
        Path out = tmp.resolve("u.zss");
        CliRun r = CliRun.of("create", "zss", "--codec", "none", in.toString(), out.toString());
        assertEquals(2, r.exit(), "bad input is a usage error");
        assertEquals(1, r.stderr().lines().count(), r.stderr());
        assertTrue(r.stderr().contains(in + ": line 3: sorts before line 2"), r.stderr());
        assertFalse(Files.exists(out));
    }

    @Test
    void missingFinalNewlineIsBadData() throws Exception {
        Path out = tmp.resolve("n.zss");
        CliRun r = CliRun.of("create", "zss", input("a\nb").toString(), out.toString());
        assertEquals(2, r.exit(), "bad input is a usage error");
        assertTrue(r.stderr().contains("line 2:"), r.stderr());
        assertFalse(Files.exists(out));
    }

    @Test
    void usageErrorsExitTwo() throws Exception {
        Path in = input("a\n");
        Path out = tmp.resolve("x.zss");
        assertEquals(
                2,
                CliRun.of("create", "zss", "--codec", "lzma", in.toString(), out.toString())
                        .exit());
        assertEquals(
                2,
                CliRun.of("create", "zs", "--codec", "bz2", in.toString(), out.toString())
                        .exit());
        assertEquals(
                2,
                CliRun.of("create", "zss", "--metadata", "[1]", in.toString(), out.toString())
                        .exit());
        assertEquals(
                2,
                CliRun.of("create", "zss", "--metadata", "{", in.toString(), out.toString())
                        .exit());
        assertEquals(
                2,
                CliRun.of("create", "zss", "--branching", "1", in.toString(), out.toString())
                        .exit());
        assertEquals(
                2,
                CliRun.of("create", "zss", "--block-size", "lots", in.toString(), out.toString())
                        .exit());
        assertEquals(
                2,
                CliRun.of("create", "zss", tmp.resolve("missing.txt").toString(), out.toString())
                        .exit());
        assertEquals(2, CliRun.of("create", "zss", in.toString()).exit());
        assertFalse(Files.exists(out));
        Files.writeString(out, "keep");
        CliRun r = CliRun.of("create", "zss", in.toString(), out.toString());
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("exists"), r.stderr());
        assertEquals("keep", Files.readString(out));
        assertEquals(
                0,
                CliRun.of("create", "zss", "--overwrite", in.toString(), out.toString())
                        .exit());
    }
}
