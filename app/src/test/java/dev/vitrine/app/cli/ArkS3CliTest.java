package dev.vitrine.app.cli;

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

/** An Ark log from an s3:// prefix (s3proxy over a folder) prints what its local copy prints, the name aside. */
class ArkS3CliTest {
    static final Path SAMPLE = Path.of("../samples/robot-log");
    static S3TestServer s3;

    @TempDir
    static Path tmp;

    static Path broken;

    @BeforeAll
    static void start() throws IOException {
        s3 = S3TestServer.serving("logs/robot-log", SAMPLE).put("logs/broken", SAMPLE);
        // the bucket is a folder: the broken copy is read locally and from S3 alike
        broken = s3.root().resolve("logs/broken");
        try (Stream<Path> s = Files.list(broken.resolve("splits"))) {
            Files.delete(s.sorted().toList().get(1));
        }
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
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
        // The folder's name: the URL (ending in "/") where the local copy shows its path, with or
        // without the "/" before a part's name.
        assertEquals(folder(lr.out(), local), rr.out().replace(url, "<folder>/"), c);
        assertEquals(folder(lr.stderr(), local), rr.stderr().replace(url, "<folder>/"), c);
    }

    private static String folder(String text, Path local) {
        return text.replace(local + "/", "<folder>/").replace(local.toString(), "<folder>/");
    }

    @Test
    void everyCommandPrintsWhatTheLocalCopyPrints() {
        for (String[] c :
                List.of(new String[] {"info", "--json"}, new String[] {"tree"}, new String[] {"verify"}, new String[] {
                    "cat", "--json"
                })) {
            same(SAMPLE, "s3://logs/robot-log/", c);
        }
    }

    @Test
    void exportWritesTheSameFiles() throws IOException {
        CliRun lr = CliRun.of("export", SAMPLE.toString(), tmp.resolve("local").toString());
        CliRun rr = CliRun.of(
                "export",
                "--endpoint-url",
                s3.endpoint().toString(),
                "s3://logs/robot-log/",
                tmp.resolve("remote").toString());
        assertEquals(0, rr.exit(), rr.stderr());
        assertEquals(lr.exit(), rr.exit());
        assertEquals(
                lr.out().replace(tmp.resolve("local").toString(), "OUT"),
                rr.out().replace(tmp.resolve("remote").toString(), "OUT"));
        List<String> names;
        try (Stream<Path> s = Files.list(tmp.resolve("local"))) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertTrue(names.size() > 1, names.toString());
        for (String n : names)
            assertEquals(
                    Files.readString(tmp.resolve("local").resolve(n)),
                    Files.readString(tmp.resolve("remote").resolve(n)),
                    n);
    }

    @Test
    void aMissingSplitIsSaidAsLocally() {
        for (String[] c : List.of(new String[] {"info"}, new String[] {"verify"}, new String[] {"cat", "--json"})) {
            same(broken, "s3://logs/broken/", c);
        }
        CliRun v = CliRun.of("verify", "--endpoint-url", s3.endpoint().toString(), "s3://logs/broken/");
        assertEquals(1, v.exit(), v.stderr());
        assertTrue((v.out() + v.stderr()).contains("named by the manifest is missing"), v.out() + v.stderr());
    }
}
