package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.remote.PythonServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A server that ignores Range (Python's http.server): the object is read whole into a temporary
 * file, and what the commands say is what they say for the local copy, damage included: the URL
 * named where the path was, never the temporary file, and exit 1 for damage, not 2.
 */
class RangeIgnoredCliTest {
    static final Path ZSS = RemoteCliTest.FIXTURES.resolve("zss");
    static PythonServer server;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(PythonServer.available(), "python3 is not installed");
        server = PythonServer.start("-m", "http.server", "PORT", "--bind", "127.0.0.1", "--directory", ZSS.toString());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) server.close();
    }

    @TestFactory
    List<DynamicTest> damageIsReportedAsForTheLocalCopy() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String f : List.of("broken-files/bad-sha256.zss", "broken-files/bad-data-order.zss", "letters-none.zss")) {
            for (String[] c : new String[][] {{"verify"}, {"verify", "--json"}, {"cat"}, {"tree"}}) {
                tests.add(DynamicTest.dynamicTest(String.join(" ", c) + " " + f, () -> {
                    String path = ZSS.resolve(f).toString();
                    String url = server.url(f);
                    CliRun local = CliRun.of(concat(c, path));
                    CliRun remote = CliRun.of(concat(c, url));
                    assertEquals(local.exit(), remote.exit(), "exit status; remote said " + remote.stderr());
                    String name = Path.of(f).getFileName().toString();
                    assertEquals(local.out(), remote.out().replace(url, path), "standard output");
                    assertEquals(
                            local.stderr(),
                            remote.stderr()
                                    .replace(url, path)
                                    .replace("vitrine: " + path + ": server ignores Range", "")
                                    .replaceFirst("^[^\\n]*temporary file\\n", ""),
                            "standard error (" + name + ")");
                }));
            }
        }
        return tests;
    }

    private static String[] concat(String[] a, String last) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = last;
        return out;
    }
}
