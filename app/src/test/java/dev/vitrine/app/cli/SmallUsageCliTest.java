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
}
