package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vitrine.core.remote.S3TestServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** s3:// archives through a real S3 API (s3proxy over a folder): the same output as the local copies. */
class RemoteS3CliTest {
    static final Path FIXTURES = RemoteCliTest.FIXTURES;
    static final List<String> FILES = List.of(
            "zss/generated/recs1000-deflate.zss",
            "zss/zs-v0.10/broken-files/bad-sha256.zs",
            "caf/sample-ts-reference.caf",
            "clp-s/generated/archives/sts135-multifile.clps");
    static S3TestServer s3;

    @BeforeAll
    static void start() throws IOException {
        s3 = S3TestServer.start();
        for (String f : FILES) s3.put("fixtures/" + f, FIXTURES.resolve(f));
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
    }

    @Test
    void everyCommandPrintsWhatTheLocalCopyPrints() {
        for (String f : FILES) {
            String local = FIXTURES.resolve(f).toString();
            String url = "s3://fixtures/" + f;
            for (String c : List.of("info --json", "tree", "verify", f.endsWith(".caf") ? "ls --json" : "cat")) {
                String[] words = c.split(" ");
                String[] l = concat(words, local);
                String[] r =
                        concat(concat(words, "--endpoint-url"), s3.endpoint().toString(), url);
                CliRun lr = CliRun.of(l);
                CliRun rr = CliRun.of(r);
                assertEquals(lr.exit(), rr.exit(), c + " " + f + ": " + rr.stderr());
                assertEquals(lr.out(), rr.out().replace(url, local), c + " " + f);
                assertEquals(lr.stderr(), rr.stderr().replace(url, local), c + " " + f);
            }
        }
    }

    @Test
    void aMissingObjectIsOneLineWithExitTwo() {
        CliRun r = CliRun.of("info", "--endpoint-url", s3.endpoint().toString(), "s3://fixtures/zss/nope.zss");
        assertEquals(2, r.exit());
        assertEquals("vitrine: s3://fixtures/zss/nope.zss: no such object or prefix\n", r.stderr());
    }

    private static String[] concat(String[] a, String... more) {
        String[] out = java.util.Arrays.copyOf(a, a.length + more.length);
        System.arraycopy(more, 0, out, a.length, more.length);
        return out;
    }
}
