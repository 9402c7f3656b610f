package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.remote.NginxServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every single-file fixture opened from a real nginx gives what its local copy gives, byte for
 * byte and with the same exit status, the URL standing where the path stood; and opening reads
 * only what the format needs.
 */
class RemoteCliTest {
    static final Path FIXTURES =
            Path.of("../core/src/test/resources/fixtures").toAbsolutePath().normalize();
    static NginxServer nginx;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        nginx = NginxServer.serve(FIXTURES);
    }

    @AfterAll
    static void stop() throws IOException {
        if (nginx != null) nginx.close();
    }

    static List<Path> archives() throws IOException {
        try (Stream<Path> s = Files.walk(FIXTURES)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> p.toString().matches(".*\\.(zss|zs|caf|clps)$"))
                    .sorted()
                    .toList();
        }
    }

    private static String url(Path file) {
        return nginx.url(FIXTURES.relativize(file).toString());
    }

    @TestFactory
    List<DynamicTest> everyCommandPrintsWhatTheLocalCopyPrints() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : archives()) {
            String name = FIXTURES.relativize(f).toString();
            boolean files = name.endsWith(".caf");
            List<String[]> commands = new ArrayList<>(List.of(
                    new String[] {"info", "--json"}, new String[] {"tree"}, new String[] {"verify"}, new String[] {
                        files ? "ls" : "cat"
                    }));
            if (files) commands.add(new String[] {"ls", "--json"});
            for (String[] c : commands) {
                tests.add(DynamicTest.dynamicTest(String.join(" ", c) + " " + name, () -> {
                    CliRun local = CliRun.of(concat(c, f.toString()));
                    CliRun remote = CliRun.of(concat(c, url(f)));
                    assertEquals(local.exit(), remote.exit(), "exit status; remote said " + remote.stderr());
                    assertEquals(local.out(), remote.out().replace(url(f), f.toString()), "standard output");
                    assertEquals(local.stderr(), remote.stderr().replace(url(f), f.toString()), "standard error");
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

    @Test
    void infoOfAZssArchiveCostsAtMostThreeRequestsAndAMegabyte() throws IOException {
        for (String f : List.of(
                "zss/generated/big-records-none.zss",
                "zss/generated/deep-index-3level.zss",
                "clp-s/generated/archives/sts135-multifile.clps")) {
            nginx.clearLog();
            CliRun r = CliRun.of("info", nginx.url(f));
            assertEquals(0, r.exit(), r.stderr());
            List<NginxServer.Request> rs = nginx.requests();
            long bytes = rs.stream().mapToLong(NginxServer.Request::bytes).sum();
            assertTrue(
                    rs.size() <= 3 && bytes <= 1 << 20, f + ": " + rs.size() + " requests, " + bytes + " bytes: " + rs);
            assertTrue(
                    rs.stream()
                            .allMatch(q -> q.method().equals("GET") && q.range().startsWith("bytes=")),
                    "ranged GETs only: " + rs);
        }
    }

    @Test
    void unreachableAndMissingObjectsAreOneLineWithExitTwo() throws IOException {
        CliRun missing = CliRun.of("info", nginx.url("zss/nope.zss"));
        assertEquals(2, missing.exit());
        assertEquals("vitrine: " + nginx.url("zss/nope.zss") + ": no such object (HTTP 404)\n", missing.stderr());
        int closed = dev.vitrine.core.remote.TestPorts.free();
        CliRun refused = CliRun.of("verify", "http://127.0.0.1:" + closed + "/a.zss");
        assertEquals(2, refused.exit());
        assertEquals("vitrine: http://127.0.0.1:" + closed + "/a.zss: connection refused\n", refused.stderr());
    }

    /**
     * A server behind a login (nginx's auth_basic): the user and password in the address are sent
     * as curl sends them, percent-decoded; a wrong one is the server's 401, and neither is printed.
     */
    @Test
    void aLoginInTheAddressIsSentAndNeverPrinted() throws IOException {
        String f = "clp-s/generated/archives/sts135-multifile.clps";
        String base = "http://127.0.0.1:" + nginx.port() + "/private/" + f;
        String good = base.replace("http://", "http://bob:pa%40ss%20word@");
        CliRun r = CliRun.of("info", "--json", good);
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(
                CliRun.of("info", "--json", nginx.url(f)).out().replace(nginx.url(f), "URL"),
                r.out().replace("http://bob:…@127.0.0.1:" + nginx.port() + "/private/" + f, "URL"));
        assertTrue(!r.out().contains("pa%40ss") && !r.out().contains("pa@ss"), r.out());
        // redirected to the same server (nginx's /moved/), the login goes along, as curl -L sends it
        String moved = good.replace("/private/", "/moved/private/");
        CliRun redirected = CliRun.of("info", "--json", moved);
        assertEquals(0, redirected.exit(), redirected.stderr());
        String wrong = base.replace("http://", "http://bob:guess@");
        CliRun refused = CliRun.of("info", wrong);
        assertEquals(2, refused.exit());
        assertEquals(
                "vitrine: http://bob:…@127.0.0.1:" + nginx.port() + "/private/" + f
                        + ": authentication required (HTTP 401)\n",
                refused.stderr());
    }

    /**
     * A server that cuts every body short: the command says the connection dropped, after its
     * retries, where the formats' probes took the unread bytes for "not an archive Vitrine knows".
     */
    @Test
    void bodiesCutEveryTimeAreSaidAsSuchNotAsAnUnknownArchive() throws IOException {
        try (dev.vitrine.core.remote.FaultProxy proxy = new dev.vitrine.core.remote.FaultProxy(nginx.port())) {
            proxy.dropAfter(400, Integer.MAX_VALUE); // headers and a few bytes of each body
            String u = proxy.url("zss/letters-none.zss");
            CliRun r = CliRun.of("info", u);
            assertEquals(2, r.exit(), r.stderr());
            assertTrue(r.stderr().startsWith("vitrine: " + u + ": connection dropped "), r.stderr());
            // where: the first block not read, the header's own (nothing of it arrived whole)
            assertTrue(r.stderr().strip().endsWith(" times, the last in the bytes from 0"), r.stderr());
        }
    }

    /** A header that cannot be sent is one line naming it, never its value (a token), and no request is made. */
    @Test
    void headersThatCannotBeSentAreRefusedByName() {
        String u = nginx.url("zss/letters-none.zss");
        String[][] cases = {
            {
                "Authorization: Bearer s3cr3t\r\nX-Evil: 1",
                "'Authorization': its value holds a line break or another control character"
            },
            {"Range: bytes=5-9", "'Range': Vitrine sets this header itself"},
            {"Host: elsewhere", "'Host': the HTTP client sets this header itself"},
            {"Bad Name: s3cr3t", "'Bad Name' is not a header name"}
        };
        for (String[] c : cases) {
            CliRun r = CliRun.of("info", "--header", c[0], u);
            assertEquals(2, r.exit(), c[0]);
            assertEquals("vitrine: " + u + ": --header " + c[1] + "\n", r.stderr());
            assertTrue(!r.stderr().contains("s3cr3t"), r.stderr());
        }
    }

    @Test
    void secretsInAUrlAreNeverPrinted() {
        String u = nginx.url("zss/letters-none.zss") + "?X-Amz-Signature=s3cr3t&X-Amz-Credential=AKIDEXAMPLE";
        CliRun r = CliRun.of("info", u);
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(!r.out().contains("s3cr3t") && !r.out().contains("AKIDEXAMPLE"), r.out());
        CliRun bad = CliRun.of("verify", u.replace("letters-none", "nope"));
        assertTrue(!bad.stderr().contains("s3cr3t") && bad.stderr().contains("X-Amz-Signature=…"), bad.stderr());
    }

    /** verify names each archive in its summary and in --json: a URL there is shown as everywhere else. */
    @Test
    void verifyNamesAUrlWithoutItsSecrets() {
        String login = "http://bob:pa%40ss%20word@127.0.0.1:" + nginx.port()
                + "/private/clp-s/generated/archives/sts135-multifile.clps";
        String signed = nginx.url("zss/letters-none.zss") + "?X-Amz-Signature=s3cr3t&X-Amz-Credential=AKIDEXAMPLE";
        for (String u : List.of(login, signed)) {
            String shown = dev.vitrine.core.remote.Redact.url(u);
            CliRun text = CliRun.of("verify", u);
            assertEquals(0, text.exit(), text.stderr());
            assertEquals(shown + ": ok\n", text.out());
            CliRun json = CliRun.of("verify", "--json", u);
            assertTrue(json.out().contains("\"file\" : \"" + shown + "\""), json.out());
            for (CliRun r : List.of(text, json)) {
                String all = r.out() + r.stderr();
                assertTrue(!all.contains("pa%40ss") && !all.contains("s3cr3t") && !all.contains("AKIDEXAMPLE"), all);
            }
        }
        CliRun part = CliRun.of("verify", "--range", "0:100", signed);
        assertTrue(!part.out().contains("s3cr3t") && part.out().contains("X-Amz-Signature=…"), part.out());
    }
}
