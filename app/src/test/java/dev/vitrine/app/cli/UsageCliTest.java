package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.testing.Fixtures;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad usage exits 2 with one plain line; typos in command position never start the window. */
class UsageCliTest {
    @TempDir
    Path tmp;

    @Test
    void aTypoInCommandPositionSuggestsTheCommand() {
        assertEquals(
                Optional.of("vitrine: unknown command 'verfy' (did you mean 'verify'?)"),
                VitrineCli.unknownCommand(new String[] {"verfy", "x.zss"}));
        assertEquals(
                Optional.of("vitrine: unknown command 'lss' (did you mean 'ls'?)"),
                VitrineCli.unknownCommand(new String[] {"lss"}));
        assertEquals(
                Optional.of("vitrine: unknown command 'exprot' (did you mean 'export'?)"),
                VitrineCli.unknownCommand(new String[] {"exprot"}));
        assertEquals(
                Optional.of("vitrine: unknown command 'Tree' (did you mean 'tree'?)"),
                VitrineCli.unknownCommand(new String[] {"Tree"}));
    }

    @Test
    void filesAndFarWordsAreForTheWindow() throws Exception {
        Path verfy = Files.writeString(tmp.resolve("verfy"), "x");
        assertEquals(
                Optional.empty(),
                VitrineCli.unknownCommand(new String[] {verfy.toString()}),
                "an existing path opens in the window");
        assertEquals(Optional.empty(), VitrineCli.unknownCommand(new String[] {"holiday-photos.caf"}));
        assertEquals(Optional.empty(), VitrineCli.unknownCommand(new String[] {"--screenshot", "out.png"}));
        assertEquals(Optional.empty(), VitrineCli.unknownCommand(new String[] {}));
        assertEquals(
                Optional.empty(), VitrineCli.unknownCommand(new String[] {"verify", "x"}), "a command is not a typo");
    }

    /** The real entry point in a fresh JVM: the typo is refused before any window code runs. */
    @Test
    void mainRefusesATypoWithoutStartingTheWindow() throws Exception {
        CliRun r = CliRun.inNewJvm(tmp, env -> {}, "verfy", "some-file.zss");
        assertEquals(2, r.exit(), r.stderr());
        assertEquals(
                "vitrine: unknown command 'verfy' (did you mean 'verify'?)",
                r.stderr().strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--depth=-1", "--children=-3"})
    void negativeCountsAreRefused(String option) {
        CliRun r =
                CliRun.of("tree", option, Fixtures.path("zss/letters-none.zss").toString());
        assertEquals(2, r.exit(), r.out());
        assertEquals("", r.out());
        assertTrue(
                r.stderr()
                        .startsWith(
                                "vitrine: Invalid value for option '" + option.substring(0, option.indexOf('=')) + "'"),
                r.stderr());
    }

    @Test
    void aFileUriIsTheFileItNamesAndAnotherSchemeIsOneLine() {
        Path zss = Fixtures.path("zss/letters-none.zss");
        CliRun byPath = CliRun.of("tree", zss.toString());
        CliRun byUri = CliRun.of("tree", zss.toUri().toString());
        assertEquals(0, byUri.exit(), byUri.stderr());
        assertEquals(byPath.out(), byUri.out());
        CliRun ftp = CliRun.of("info", "ftp://host/a.zss");
        assertEquals(2, ftp.exit());
        assertEquals(
                "vitrine: ftp://host/a.zss: not an address Vitrine reads (http://, https://, s3:// or a local path)\n",
                ftp.stderr());
    }

    @Test
    void anEntryThatIsNotThereIsBadUsage() {
        String caf = Fixtures.path("caf/sample-ts-reference.caf").toString();
        CliRun cat = CliRun.of("cat", caf, "nope.txt");
        assertEquals(2, cat.exit());
        assertEquals(
                "vitrine: " + caf + ": no entry named \"nope.txt\" (see `vitrine ls " + caf + "`)\n", cat.stderr());
        CliRun export = CliRun.of("export", caf, tmp.resolve("out").toString(), "nope.txt");
        assertEquals(2, export.exit());
    }

    @Test
    void verifyJsonEndsWithANewline() {
        CliRun r = CliRun.of(
                "verify", "--json", Fixtures.path("zss/letters-none.zss").toString());
        assertEquals(0, r.exit());
        assertTrue(r.out().endsWith("}" + System.lineSeparator()), "[" + r.out() + "]");
    }

    @Test
    void libraryLimitsAreSaidInPlainWords() {
        String deep = "[".repeat(5000) + "]".repeat(5000);
        CliRun r = CliRun.of(
                "create",
                "zss",
                "--metadata",
                deep,
                "in.txt",
                tmp.resolve("x.zss").toString());
        assertEquals(2, r.exit());
        assertEquals(1, r.stderr().lines().count(), r.stderr());
        assertFalse(r.stderr().contains("StreamReadConstraints"), r.stderr());
        assertFalse(r.stderr().contains("Exception"), r.stderr());
        assertTrue(r.stderr().contains("nested deeper than"), r.stderr());
    }

    @Test
    void aLongNameInAnOutputPathIsOnePlainLine() throws Exception {
        Path in = Files.writeString(tmp.resolve("in.txt"), "a\n");
        String out = tmp + File.separator + "y".repeat(300) + ".zss";
        CliRun r = CliRun.of("create", "zss", in.toString(), out);
        assertEquals(1, r.stderr().lines().count(), r.stderr());
        assertFalse(r.stderr().contains("Exception"), r.stderr());
        assertTrue(r.stderr().startsWith("vitrine: " + out + ": file name too long"), r.stderr());
        assertTrue(r.exit() != 0);
    }

    /** `create zss` with nothing after it was an internal error (a NullPointerException) before. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "info",
                "verify",
                "tree",
                "cat",
                "ls",
                "export",
                "create zss",
                "create zs",
                "create caf",
                "create bundle"
            })
    void aMissingArgumentIsNamedAsBadUsage(String command) {
        CliRun r = CliRun.of(command.split(" "));
        assertEquals(2, r.exit(), r.stderr());
        assertTrue(r.stderr().startsWith("vitrine: Missing required parameter"), r.stderr());
        assertTrue(r.stderr().contains("Usage: vitrine " + command + " --help for the options"), r.stderr());
    }
}
