package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 item 8: file names that are not valid text (here the bytes \xff and \xfe) read as
 * U+FFFD in the JVM; `create bundle` and `create caf` refuse them, naming them escaped, instead
 * of storing two files under one name.
 */
class CreateUnstorableNamesCliTest {
    @TempDir
    Path temp;

    private Path folder(String script) throws Exception {
        String enc = System.getProperty("sun.jnu.encoding", "");
        Assumptions.assumeTrue(
                enc.equalsIgnoreCase("UTF-8") || enc.contains("646") || enc.contains("ASCII") || enc.contains("X3.4"),
                "file names are decoded as UTF-8 or ASCII here (" + enc + ")");
        Path s = temp.resolve("s");
        // The names are made by a shell: Java cannot create a name that is not text.
        Process p = new ProcessBuilder("bash", "-c", "mkdir -p s && cd s && " + script)
                .directory(temp.toFile())
                .inheritIO()
                .start();
        assertEquals(0, p.waitFor());
        return s;
    }

    @Test
    void createBundleAndCafRefuseNamesThatAreNotTextAndNameThemEscaped() throws Exception {
        Path s = folder("echo 1 > $'\\xff'; echo 2 > $'\\xfe'; echo 3 > ok.txt");
        for (List<String> cmd : List.of(List.of("bundle", "b"), List.of("caf", "c.caf"))) {
            Path out = temp.resolve(cmd.get(1));
            CliRun r = CliRun.of("create", cmd.get(0), s.toString(), out.toString());
            assertEquals(2, r.exit(), cmd + ": " + r.out() + r.stderr());
            assertEquals(1, r.stderr().lines().count(), r.stderr());
            assertTrue(r.stderr().contains("\"\\xfe\"") && r.stderr().contains("\"\\xff\""), r.stderr());
            assertTrue(r.stderr().contains("2 file names cannot be stored"), r.stderr());
            assertFalse(r.out().contains("wrote"), r.out());
            assertFalse(Files.exists(out), "nothing written");
        }
    }

    @Test
    void textNamesIncludingALiteralReplacementCharacterAreStoredAsTheyAre() throws Exception {
        Assumptions.assumeTrue("UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding")));
        Path s = folder("echo 1 > $'\\xef\\xbf\\xbd'; echo 2 > $'\\xc3\\xa9'");
        Path b = temp.resolve("b");
        CliRun r = CliRun.of("create", "bundle", s.toString(), b.toString());
        assertEquals(0, r.exit(), r.stderr());
        CliRun ls = CliRun.of("ls", b.toString());
        assertTrue(ls.out().contains("\uFFFD") && ls.out().contains("é"), ls.out());
    }
}
