package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands dispatch on capabilities and on the format's writer, not on format names: a
 * format that exists only in the tests ({@link JsonLinesTestFormat}) gets `create`, `cat`
 * with --query, `info` and `tree` without any command knowing it.
 */
class FormatSeamsCliTest {
    @TempDir
    Path tmp;

    private Path archive() throws Exception {
        Path in = Files.writeString(
                tmp.resolve("in.txt"), "{\"level\":\"info\",\"n\":1}\n{\"level\":\"error\",\"n\":2}\n");
        Path out = tmp.resolve("logs.jsonl-test");
        CliRun r = CliRun.of("create", "jsonl-test", in.toString(), out.toString());
        assertEquals(0, r.exit(), r.stderr());
        assertEquals("wrote " + out + "\n", r.out());
        return out;
    }

    @Test
    void aNewFormatsWriterIsACreateSubcommandWithItsOptions() throws Exception {
        Path out = archive();
        CliRun help = CliRun.of("create", "jsonl-test", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().startsWith("Usage: vitrine create jsonl-test"), help.out());
        assertTrue(help.out().contains("--repeat=N") && help.out().contains("(default 1)"), help.out());
        assertTrue(help.out().contains("-h, --help") && !help.out().contains("${"), help.out());
        assertTrue(CliRun.of("create", "--help").out().contains("jsonl-test  Write a JSON-lines test archive."));
        assertEquals(
                2,
                CliRun.of("create", "jsonl-test", "--repeat", "0", "x", out.toString())
                        .exit(),
                "the writer's usage error");
        assertEquals(
                2,
                CliRun.of("create", "jsonl-test", "--repeat", "two", "x", out.toString())
                        .exit(),
                "an integer option is typed");
        CliRun exists = CliRun.of("create", "jsonl-test", tmp.resolve("in.txt").toString(), out.toString());
        assertEquals(2, exists.exit());
        assertEquals("vitrine: " + out + ": exists (use --overwrite to replace it)\n", exists.stderr());
        Path bad = Files.writeString(tmp.resolve("bad.txt"), "[1]\n");
        CliRun badInput = CliRun.of(
                "create",
                "jsonl-test",
                bad.toString(),
                tmp.resolve("b.jsonl-test").toString());
        assertEquals(2, badInput.exit(), "bad input is a usage error");
        assertTrue(badInput.stderr().startsWith("vitrine: " + bad + ": line 1: not a JSON object"), badInput.stderr());
    }

    @Test
    void catWritesJsonRecordsAsLinesAndFiltersWithQuery() throws Exception {
        Path f = archive();
        CliRun all = CliRun.of("cat", f.toString());
        assertEquals(0, all.exit(), all.stderr());
        assertEquals(
                List.of("{\"level\":\"info\",\"n\":1}", "{\"level\":\"error\",\"n\":2}"),
                all.out().lines().toList());
        CliRun some = CliRun.of("cat", f.toString(), "--query", "level: error");
        assertEquals(0, some.exit(), some.stderr());
        assertEquals("{\"level\":\"error\",\"n\":2}\n", new String(some.stdout(), StandardCharsets.UTF_8));
    }

    @Test
    void aQuerySyntaxErrorExitsTwoWithACaretUnderTheMistake() throws Exception {
        CliRun r = CliRun.of("cat", archive().toString(), "--query", "level: (error");
        assertEquals(2, r.exit());
        assertEquals(
                List.of("vitrine: --query: '(' is never closed", "  level: (error", "         ^"),
                r.stderr().lines().toList());
        assertEquals("", r.out());
    }

    @Test
    void optionsOfOtherCapabilitiesAreRefused() throws Exception {
        Path f = archive();
        CliRun keys = CliRun.of("cat", f.toString(), "--prefix", "a");
        assertEquals(2, keys.exit());
        assertTrue(keys.stderr().contains("are for sorted records"), keys.stderr());
        CliRun entry = CliRun.of("cat", f.toString(), "some-entry");
        assertEquals(2, entry.exit());
        assertTrue(entry.stderr().contains("holds records, not files"), entry.stderr());
        CliRun query = CliRun.of(
                "cat",
                dev.vitrine.core.testing.Fixtures.path("zss/letters-none.zss").toString(),
                "--query",
                "a:b");
        assertEquals(2, query.exit());
        assertTrue(query.stderr().contains("--query filters JSON records"), query.stderr());
        assertEquals(2, CliRun.of("ls", f.toString()).exit(), "no FileListing");
        assertEquals(0, CliRun.of("info", f.toString()).exit());
        assertEquals(0, CliRun.of("tree", f.toString()).exit());
    }

    /** The first real format with JSON records: `cat` gives what the reference `clp-s x --ordered` gives. */
    @Test
    void catOfAClpsArchiveIsTheReferenceDecompression() throws Exception {
        for (String name : List.of("app", "edge", "metrics")) {
            CliRun r = CliRun.of(
                    "cat",
                    dev.vitrine.core.testing.Fixtures.path("clp-s/v0.5.0/archives/" + name + ".clps")
                            .toString());
            assertEquals(0, r.exit(), r.stderr());
            byte[] expected;
            try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(
                    dev.vitrine.core.testing.Fixtures.path("clp-s/v0.5.0/outputs/" + name + ".ordered.jsonl.gz")))) {
                expected = in.readAllBytes();
            }
            org.junit.jupiter.api.Assertions.assertArrayEquals(expected, r.stdout(), name);
        }
    }

    @Test
    void createZsIsNamedZsInItsHelp() {
        CliRun r = CliRun.of("create", "zs", "--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().startsWith("Usage: vitrine create zs "), r.out());
        assertTrue(r.out().contains("ZS v0.10"), r.out());
        assertTrue(CliRun.of("create", "zss", "--help").out().startsWith("Usage: vitrine create zss "));
    }
}
