package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.ark.ArkHostileLogs;
import dev.vitrine.core.format.ark.ArkSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage an Ark command meets while reading makes it exit 1 and say what it skipped: a
 * missing split (cat --json, export and info exited 0 with part of the log), a message that
 * does not decode (written as an error line, exit 0, nothing said), index entries that all
 * name one message (export wrote 1 GB of copies before its limit stopped it).
 */
class ArkDamageCliTest {
    @TempDir
    Path tmp;

    @Test
    void aMissingSplitMakesCatExportAndInfoExitOneAndNameIt() throws Exception {
        Path log = tmp.resolve("log");
        ArkSample.write(log, 3);
        Path gone;
        try (var s = Files.list(log.resolve("splits"))) {
            gone = s.sorted().findFirst().orElseThrow();
        }
        Files.delete(gone);
        String said = "split " + gone.getFileName() + " named by the manifest is missing";
        CliRun cat = CliRun.of("cat", "--json", log.toString());
        assertEquals(1, cat.exit(), cat.stderr());
        assertTrue(cat.stderr().contains(said), cat.stderr());
        assertTrue(cat.out().lines().count() > 10, "the other splits are still printed");
        CliRun export = CliRun.of("export", log.toString(), tmp.resolve("out").toString());
        assertEquals(1, export.exit(), export.stderr());
        assertTrue(export.stderr().contains(said), export.stderr());
        CliRun info = CliRun.of("info", log.toString());
        assertEquals(1, info.exit(), info.stderr());
        assertTrue(
                info.stderr().contains(said) && info.out().contains("missing_splits: 1"), info.stderr() + info.out());
        CliRun verify = CliRun.of("verify", log.toString());
        assertEquals(1, verify.out().lines().filter(l -> l.contains(said)).count(), verify.out());
    }

    @Test
    void aBundleWithAMissingShardMakesLsExitOneAndNameIt() throws Exception {
        Path in = tmp.resolve("in");
        Files.createDirectories(in);
        Files.writeString(in.resolve("f.txt"), "x");
        Path bundle = tmp.resolve("bundle");
        assertEquals(
                0,
                CliRun.of("create", "bundle", in.toString(), bundle.toString()).exit());
        Files.delete(bundle.resolve("shard-00000000"));
        CliRun ls = CliRun.of("ls", bundle.toString());
        assertEquals(1, ls.exit(), ls.stderr());
        assertTrue(
                ls.out().contains("f.txt") && ls.stderr().contains("shard-00000000: shard 0 is missing"),
                ls.out() + ls.stderr());
    }

    @Test
    void aMessageThatDoesNotDecodeIsReportedWithItsOffsetAndExitsOne() throws Exception {
        Path log = ArkHostileLogs.withStored(tmp.resolve("log"), "not a zstd frame".getBytes());
        CliRun cat = CliRun.of("cat", "--json", log.toString());
        assertEquals(1, cat.exit(), cat.stderr());
        assertEquals(3, cat.out().lines().count());
        assertTrue(
                cat.stderr()
                        .matches("(?s)" + java.util.regex.Pattern.quote(log + "/")
                                + "splits/[-0-9a-f]+: offset \\d+: message 1 of /a @2000000000: zstd frame.*"),
                cat.stderr());
        CliRun export = CliRun.of("export", log.toString(), tmp.resolve("out").toString());
        assertEquals(1, export.exit(), export.stderr());
        assertTrue(export.stderr().contains("message 1 of /a @2000000000: zstd frame"), export.stderr());
        List<String> lines = Files.readAllLines(tmp.resolve("out/a.jsonl"));
        assertEquals(3, lines.size());
        assertTrue(lines.get(1).contains("\"error\""), lines.get(1));
    }

    @Test
    void exportOfEntriesThatAllNameOneMessageWritesItOnce() throws Exception {
        Path log = ArkHostileLogs.aliases(tmp.resolve("log"), 3000, 100_000);
        CliRun export = CliRun.of("export", log.toString(), tmp.resolve("out").toString());
        assertEquals(1, export.exit(), export.stderr());
        assertTrue(Files.size(tmp.resolve("out/alias.jsonl")) < 1_000_000, "one copy, not 3,000 (300 MB)");
        assertTrue(
                export.stderr().contains("message 1 of /alias")
                        && export.stderr().contains("more like this"),
                export.stderr());
    }
}
