package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.remote.S3TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A DataBundle from an s3:// prefix (s3proxy over a folder) prints what its local copy prints, the name aside. */
class BundleS3CliTest {
    static final Path SAMPLE = Path.of("../samples/weather-bundle");
    static S3TestServer s3;

    @TempDir
    static Path tmp;

    static Path broken;
    /** The sample under the name the README's example uses, as the prefix holding it is named. */
    static Path local;

    @BeforeAll
    static void start() throws IOException {
        s3 = S3TestServer.start();
        System.setProperty("aws.accessKeyId", S3TestServer.IDENTITY);
        System.setProperty("aws.secretAccessKey", S3TestServer.CREDENTIAL);
        System.setProperty("aws.region", "us-east-1");
        local = tmp.resolve("run-42");
        copy(SAMPLE, local);
        copy(SAMPLE, s3.root().resolve("data/run-42"));
        broken = tmp.resolve("broken");
        copy(SAMPLE, broken);
        Files.delete(broken.resolve("shard-00000000"));
        copy(broken, s3.root().resolve("data/broken"));
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }

    private static void same(Path local, String url, String... command) {
        List<String> l = new ArrayList<>(List.of(command));
        l.add(local.toString());
        List<String> r = new ArrayList<>(List.of(command));
        r.addAll(List.of("--endpoint-url", s3.endpoint().toString(), url));
        CliRun lr = CliRun.of(l.toArray(String[]::new));
        CliRun rr = CliRun.of(r.toArray(String[]::new));
        String c = String.join(" ", command);
        assertEquals(lr.exit(), rr.exit(), c + ": " + rr.stderr());
        assertEquals(lr.out(), asLocal(rr.out(), url, local), c);
        assertEquals(lr.stderr(), asLocal(rr.stderr(), url, local), c);
    }

    /** The URL as the local folder's name: "s3://b/p/" alone as "DIR", and "s3://b/p/shard-…" (a part) as "DIR/shard-…". */
    private static String asLocal(String text, String url, Path local) {
        String dir = java.util.regex.Matcher.quoteReplacement(local.toString());
        return text.replaceAll(java.util.regex.Pattern.quote(url) + "(?![\\w.-])", dir)
                .replace(url.substring(0, url.length() - 1), local.toString());
    }

    @Test
    void everyCommandPrintsWhatTheLocalCopyPrints() {
        for (String[] c : List.of(
                new String[] {"info"},
                new String[] {"info", "--json"},
                new String[] {"tree"},
                new String[] {"verify"},
                new String[] {"verify", "--json"},
                new String[] {"ls"},
                new String[] {"ls", "--json"})) {
            same(local, "s3://data/run-42/", c);
        }
        CliRun v = CliRun.of("verify", "--endpoint-url", s3.endpoint().toString(), "s3://data/run-42/");
        assertEquals(0, v.exit(), v.stderr());
    }

    @Test
    void catPrintsTheSameBytes() {
        String name = "weather/readings.txt";
        CliRun lr = CliRun.of("cat", local.toString(), name);
        CliRun rr = CliRun.of("cat", "--endpoint-url", s3.endpoint().toString(), "s3://data/run-42/", name);
        assertEquals(0, rr.exit(), rr.stderr());
        assertTrue(lr.stdout().length > 0, name);
        assertArrayEquals(lr.stdout(), rr.stdout(), name);
    }

    @Test
    void exportWritesTheSameFiles() throws IOException {
        CliRun lr = CliRun.of("export", local.toString(), tmp.resolve("local").toString());
        CliRun rr = CliRun.of(
                "export",
                "--endpoint-url",
                s3.endpoint().toString(),
                "s3://data/run-42/",
                tmp.resolve("remote").toString());
        assertEquals(0, rr.exit(), rr.stderr());
        assertEquals(lr.exit(), rr.exit());
        assertEquals(
                lr.out().replace(tmp.resolve("local").toString(), "OUT"),
                rr.out().replace(tmp.resolve("remote").toString(), "OUT"));
        List<Path> files;
        try (Stream<Path> s = Files.walk(tmp.resolve("local"))) {
            files = s.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.size() > 1, files.toString());
        for (Path f : files) {
            Path rel = tmp.resolve("local").relativize(f);
            assertArrayEquals(
                    Files.readAllBytes(f),
                    Files.readAllBytes(tmp.resolve("remote").resolve(rel)),
                    rel.toString());
        }
    }

    @Test
    void aMissingShardIsSaidAsLocally() {
        for (String[] c : List.of(new String[] {"info"}, new String[] {"verify"}, new String[] {"ls"})) {
            same(broken, "s3://data/broken/", c);
        }
        CliRun v = CliRun.of("verify", "--endpoint-url", s3.endpoint().toString(), "s3://data/broken/");
        assertEquals(1, v.exit(), v.stderr());
        assertTrue((v.out() + v.stderr()).contains("shard 0 is missing"), v.out() + v.stderr());
    }
}
