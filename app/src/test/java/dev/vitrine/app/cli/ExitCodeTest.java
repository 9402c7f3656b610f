package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The exit-code contract: 0 intact, 1 damaged, 2 unreadable or bad usage; never a stack trace. */
class ExitCodeTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "letters-none.zss",
                "letters-bz2.zss",
                "zs-v0.10/letters-lzma.zs",
                "broken-files/good-extension-blocks.zss",
                "broken-files/good-index-key-3.zss"
            })
    void intactFilesExitZero(String f) {
        CliRun r = CliRun.of("verify", Fixtures.path("zss/" + f).toString());
        assertEquals(0, r.exit(), r.out() + r.stderr());
        assertTrue(r.out().contains(": ok"), r.out());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bad-magic.zss",
                "bad-sha256.zss",
                "root-checksum.zss",
                "unref-data.zss",
                "bad-total-length.zss",
                "incomplete-magic.zss",
                "truncated-root.zss"
            })
    void damagedFilesExitOneWithOffsets(String f) {
        CliRun r = CliRun.of("verify", Fixtures.path("zss/broken-files/" + f).toString());
        assertEquals(1, r.exit(), r.out() + r.stderr());
        assertTrue(r.out().contains(f + ": offset "), r.out());
        assertTrue(r.out().contains("DAMAGED"), r.out());
        assertFalse((r.out() + r.stderr()).contains("\tat "), "stack trace printed");
    }

    @Test
    void verifyManyFilesReportsWorst() {
        CliRun r = CliRun.of(
                "verify",
                Fixtures.path("zss/letters-none.zss").toString(),
                Fixtures.path("zss/broken-files/bad-sha256.zss").toString());
        assertEquals(1, r.exit());
    }

    @Test
    void missingFileIsUnreadable() {
        CliRun r = CliRun.of("verify", tmp.resolve("nope.zss").toString());
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("nope.zss"), r.stderr());
    }

    @Test
    void unknownFormatIsUnreadable() throws IOException {
        Path f = Files.writeString(tmp.resolve("notes.txt"), "just text, not an archive\n");
        CliRun r = CliRun.of("info", f.toString());
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("notes.txt"), r.stderr());
    }

    @Test
    void badUsageExitsTwo() {
        assertEquals(2, CliRun.of("verify").exit());
        assertEquals(2, CliRun.of("cat", "--length-prefixed", "zzz", "x.zss").exit());
        assertEquals(2, CliRun.of("info", "--no-such-option", "x").exit());
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "tree", "cat", "ls", "export", "create"})
    void everyCommandExplainsItselfWithHelp(String command) {
        CliRun r = CliRun.of(command, "--help");
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.out().startsWith("Usage: vitrine " + command), r.out());
    }

    @Test
    void verifyJsonListsProblemsWithOffsets() {
        CliRun r = CliRun.of(
                "verify",
                "--json",
                Fixtures.path("zss/broken-files/bad-index-key-1.zss").toString());
        assertEquals(1, r.exit());
        assertTrue(r.out().contains("\"status\" : \"damaged\""), r.out());
        assertTrue(r.out().contains("\"offset\" : 120"), r.out());
    }
}
