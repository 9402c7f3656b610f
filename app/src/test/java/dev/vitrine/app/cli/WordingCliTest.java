package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the command line's words read: counts that agree, help that is not broken mid-sentence, cat's options grouped. */
class WordingCliTest {

    @Test
    void oneWarningIsAWarning() throws Exception {
        String f = Fixtures.path("zss/broken-files/partial-data-1.zss").toString();
        CliRun r = CliRun.of("verify", f);
        assertEquals(1, r.exit(), r.out() + r.stderr());
        assertTrue(r.out().contains(f + ": DAMAGED, 1 error, 1 warning\n"), r.out());
    }

    @Test
    void helpTextIsNeverBrokenInTheMiddleOfASentence() {
        for (String cmd : List.of("export", "cat", "verify")) {
            CliRun r = CliRun.of(cmd, "--help");
            assertEquals(0, r.exit(), r.stderr());
            List<String> lines = r.out().lines().toList();
            // After the synopsis, a line at the left margin is a sentence (or a heading) of its own.
            int start = 1;
            while (start < lines.size() && lines.get(start).startsWith(" ")) start++;
            for (String l : lines.subList(start, lines.size())) {
                if (l.isEmpty() || l.startsWith(" ")) continue;
                assertTrue(
                        l.endsWith(".") || l.endsWith(":") || l.endsWith("."),
                        cmd + " --help: a line that ends mid-sentence: \"" + l + "\"\n" + r.out());
            }
        }
    }

    @Test
    void catsOptionsAreGroupedByWhatTheyApplyTo() {
        String help = CliRun.of("cat", "--help").out();
        int sorted = help.indexOf("\nSorted records (ZSS, ZS):\n");
        int json = help.indexOf("\nJSON records (clp-s):\n");
        int timed = help.indexOf("\nTime-stamped messages (Ark logs):\n");
        assertTrue(sorted > 0 && json > sorted && timed > json, help);
        int framing = help.indexOf("\nRecord framing (ZSS, ZS):\n");
        assertTrue(framing > sorted && framing < json, help);
        for (String o : List.of("--start=K", "--stop=K", "--prefix=K"))
            assertTrue(
                    help.indexOf("\n      " + o) > sorted && help.indexOf("\n      " + o) < framing, o + "\n" + help);
        for (String o : List.of("--terminator=T", "--length-prefixed"))
            assertTrue(help.indexOf("\n      " + o) > framing && help.indexOf("\n      " + o) < json, o + "\n" + help);
        assertTrue(help.indexOf("\n      --query=KQL") > json && help.indexOf("\n      --query=KQL") < timed, help);
        for (String o : List.of("--channel=NAME", "--start-ns=N", "--stop-ns=N", "--raw=DIR"))
            assertTrue(help.indexOf("\n      " + o) > timed, o + "\n" + help);
        // the record framing stays optional
        assertTrue(help.replaceAll("\\s+", " ").contains("[--terminator=T | --length-prefixed=uleb128|u64le]"), help);
    }

    @Test
    void theTwoBadReferencesOfOneIndexBlockAreToldApart() throws Exception {
        String f =
                Fixtures.path("zss/zs-v0.10/broken-files/wrong-root-level-1.zs").toString();
        CliRun r = CliRun.of("verify", f);
        assertEquals(1, r.exit(), r.out());
        List<String> bad =
                r.out().lines().filter(l -> l.contains("bad index ref")).toList();
        assertEquals(2, bad.size(), r.out());
        assertTrue(!bad.get(0).equals(bad.get(1)), "two lines alike: " + bad);
        assertTrue(bad.get(0).endsWith("(the block at 106)") || bad.get(1).endsWith("(the block at 106)"), r.out());
    }
}
