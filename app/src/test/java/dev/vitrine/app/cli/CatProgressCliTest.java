package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import dev.vitrine.core.remote.FaultProxy;
import dev.vitrine.core.remote.NginxServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `cat` of a slow remote archive draws the progress line on standard error (bytes fetched of the
 * archive's size), clears it, and writes exactly the local copy's output; --json and
 * --no-progress keep standard error clean.
 */
class CatProgressCliTest {
    @TempDir
    static Path dir;

    static NginxServer nginx;
    static FaultProxy slow;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        // ~2 MB, several blocks of the remote cache: cat asks for more after the archive opened
        Iterator<byte[]> records = IntStream.range(0, 50_000)
                .mapToObj(i ->
                        String.format("key-%08d value-%s", i, "x".repeat(20)).getBytes(StandardCharsets.UTF_8))
                .iterator();
        ZssWriter.write(
                dir.resolve("a.zss"), ZssWriter.Options.of(ZssFlavor.ZSS).codec("none"), records);
        nginx = NginxServer.serve(dir);
        slow = new FaultProxy(nginx.port());
        slow.latency(300); // a few rounds of requests: the line's first half second passes while cat reads
    }

    @AfterAll
    static void stop() throws IOException {
        if (slow != null) slow.close();
        if (nginx != null) nginx.close();
    }

    @Test
    void catDrawsTheProgressLineAndClearsIt() {
        CliRun local = CliRun.of("cat", dir.resolve("a.zss").toString());
        CliRun remote = CliRun.of("cat", "--progress", slow.url("a.zss"));
        assertEquals(0, remote.exit(), remote.stderr());
        assertArrayEquals(local.stdout(), remote.stdout(), "the records, untouched by the progress line");
        assertTrue(remote.stderr().startsWith("\r") && remote.stderr().contains(" of "), remote.stderr());
        assertTrue(remote.stderr().endsWith("\r\u001b[K"), "the line is taken away at the end");
    }

    @Test
    void noLineWhenTurnedOffOrWithJson() {
        for (String[] args : new String[][] {
            {"cat", "--no-progress", slow.url("a.zss")}, {"cat", "--json", "--progress", slow.url("a.zss")}
        }) {
            CliRun r = CliRun.of(args);
            assertEquals(0, r.exit(), r.stderr());
            assertFalse(r.stderr().contains("\r"), r.stderr());
        }
    }

    /**
     * In a terminal (under script(1), standard output and error are the same one), cat draws no
     * line of its own accord: a redraw would land inside a record being printed. verify, whose
     * output is its verdicts, draws it there: the terminal is seen as one.
     */
    @Test
    void catInATerminalLeavesItsRecordsWhole() throws Exception {
        assumeTrue(new java.io.File("/usr/bin/script").canExecute(), "script(1) is not installed");
        String java = ProcessHandle.current().info().command().orElseThrow();
        String command = String.join(
                " ",
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.vitrine.app.Main");
        String cat = run(command + " cat " + slow.url("a.zss"));
        assertFalse(cat.contains("\u001b[K"), "no progress line among the records");
        assertTrue(cat.contains("key-00049999 value-"), "every record printed");
        String verify = run(command + " verify " + slow.url("a.zss"));
        assertTrue(verify.contains("\u001b[K") && verify.contains(" of "), "verify draws its line: " + verify);
    }

    /** What a command wrote to a terminal of its own. */
    private static String run(String command) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/script", "-qefc", command, "/dev/null")
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out.length() > 2000 ? out.substring(0, 2000) : out);
        return out;
    }
}
