package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An empty path, an argument starting with @, and the formats help names. */
class SmallUsageCliTest {
    @TempDir
    Path tmp;

    @Test
    void anEmptyPathIsSaidToBeEmptyNotTakenAsTheCurrentFolder() {
        for (String command : new String[] {"info", "verify", "tree", "ls", "cat"}) {
            CliRun r = CliRun.of(command, "");
            assertEquals(2, r.exit(), command);
            assertEquals("vitrine: '': empty path\n", r.stderr(), command);
        }
    }

    @Test
    void anArgumentStartingWithAtIsTakenLiterallyNotAsAFileOfArguments() throws Exception {
        Path args = Files.writeString(tmp.resolve("args"), "--version\n");
        CliRun r = CliRun.of("info", "@" + args);
        assertEquals(2, r.exit());
        assertTrue(r.stderr().startsWith("vitrine: @" + args + ": "), r.stderr());
        assertFalse(r.out().contains("vitrine 0."), "the file's --version became an option");
    }

    @Test
    void helpNamesAllFiveFormats() {
        String help = CliRun.of("--help").out();
        for (String format : new String[] {"ZSS/ZS", "CAF", "clp-s", "Ark", "DataBundle"}) {
            assertTrue(help.contains(format), format + " missing from:\n" + help);
        }
    }

    @Test
    void aPathWithControlCharactersIsPrintedEscaped() throws Exception {
        Path odd = tmp.resolve("a\nb\u001b[31m");
        CliRun missing = CliRun.of("info", odd.toString());
        assertEquals(2, missing.exit());
        assertEquals(1, missing.stderr().lines().count(), missing.stderr());
        assertFalse(missing.stderr().contains("\u001b"), missing.stderr());
        assertTrue(missing.stderr().contains("a\\u000ab\\u001b[31m"), missing.stderr());

        Files.copy(dev.vitrine.core.testing.Fixtures.path("zss/letters-none.zss"), odd);
        CliRun ok = CliRun.of("verify", odd.toString());
        assertEquals(0, ok.exit(), ok.stderr());
        assertEquals(1, ok.out().lines().count(), ok.out());
        assertTrue(ok.out().endsWith("a\\u000ab\\u001b[31m\": ok\n"), ok.out());
    }

    @Test
    void damageLinesOfAFileWithControlCharactersInItsNameAreEscapedToo() throws Exception {
        // A name that would print a fake "x.zss: ok" line and then turn the terminal red.
        Path odd = tmp.resolve("x.zss: ok\n\u001b[31my.zss");
        String shown = "\"" + tmp + "/x.zss: ok\\u000a\\u001b[31my.zss\"";
        String name = shown; // damage lines name the file as typed, escaped as error lines are
        Files.copy(dev.vitrine.core.testing.Fixtures.path("zss/broken-files/bad-sha256.zss"), odd);
        CliRun verify = CliRun.of("verify", odd.toString());
        assertEquals(1, verify.exit(), verify.stderr());
        assertFalse(verify.out().contains("\u001b"), verify.out());
        String[] lines = verify.out().split("\n");
        assertEquals(2, lines.length, verify.out());
        assertTrue(lines[0].startsWith(name + ": offset 0: data hash mismatch"), lines[0]);
        assertEquals(shown + ": DAMAGED, 1 error", lines[1]);

        // Damage met by other commands (here at open) goes through the same line.
        Files.copy(
                dev.vitrine.core.testing.Fixtures.path("zss/broken-files/partial-data-1.zss"),
                odd,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        CliRun cat = CliRun.of("cat", odd.toString());
        assertEquals(1, cat.exit(), cat.stderr());
        assertFalse(cat.stderr().contains("\u001b") || cat.stderr().contains("ok\n"), cat.stderr());
        assertTrue(cat.stderr().startsWith(name + ": offset "), cat.stderr());
    }
}
