package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.ark.ArkSample;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `cat` refuses a channel the log does not show as `export` does: exit 2 and one line saying why, never silence. */
class ChannelNameCliTest {
    @TempDir
    static Path tmp;

    static Path log;

    @BeforeAll
    static void write() throws Exception {
        log = tmp.resolve("log");
        ArkSample.write(log, 2); // its amendment hides /debug/trace
    }

    @Test
    void aMistypedChannelIsUsageForCatAndExportAlike() {
        for (String[] cmd : new String[][] {
            {"cat", "--json", "--channel", "/nosuch", log.toString()},
            {
                "export",
                "--channel",
                "/nosuch",
                log.toString(),
                tmp.resolve("out1").toString()
            }
        }) {
            CliRun r = CliRun.of(cmd);
            assertEquals(2, r.exit(), cmd[0] + ": " + r.stderr());
            assertEquals("", r.out());
            assertTrue(
                    r.stderr().startsWith("vitrine: " + log + ": no channel named \"/nosuch\" (see `vitrine info "),
                    r.stderr());
        }
    }

    @Test
    void aNameWithoutItsSlashIsRefusedWithTheOneMeant() {
        for (String[] cmd : new String[][] {
            {"cat", "--json", "--channel", "imu", log.toString()},
            {"export", "--channel", "imu", log.toString(), tmp.resolve("out2").toString()}
        }) {
            CliRun r = CliRun.of(cmd);
            assertEquals(2, r.exit(), cmd[0] + ": " + r.stderr());
            assertEquals(
                    "vitrine: " + log + ": no channel named \"imu\" (did you mean \"/imu\"?)",
                    r.stderr().strip());
        }
    }

    @Test
    void aHiddenChannelIsRefusedSayingItIsHidden() {
        for (String[] cmd : new String[][] {
            {"cat", "--json", "--channel", "/debug/trace", log.toString()},
            {"cat", "--channel", "/debug/trace", "--raw", tmp.resolve("raw").toString(), log.toString()},
            {
                "export",
                "--channel",
                "/debug/trace",
                log.toString(),
                tmp.resolve("out3").toString()
            }
        }) {
            CliRun r = CliRun.of(cmd);
            assertEquals(2, r.exit(), cmd[0] + ": " + r.stderr());
            assertTrue(
                    r.stderr()
                            .startsWith("vitrine: " + log
                                    + ": no channel named \"/debug/trace\": its messages are hidden ("),
                    r.stderr());
        }
        // a known channel beside it still prints
        CliRun ok = CliRun.of("cat", "--json", "--channel", "/imu", log.toString());
        assertEquals(0, ok.exit(), ok.stderr());
        assertTrue(ok.out().lines().count() > 100);
    }
}
