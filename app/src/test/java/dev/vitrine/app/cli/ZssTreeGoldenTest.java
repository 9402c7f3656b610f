package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.testing.Fixtures;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * `vitrine tree FILE` on every ZSS and ZS fixture, compared with a golden output under
 * src/test/resources/golden/tree/ (the fixture's path below fixtures/zss/ plus ".txt"): the
 * outline on stdout, then the exit code and stderr. The goldens were generated from the output
 * once and read against the fixtures' structure (SOURCE.md: header lengths, root offsets and
 * lengths, block offsets from the annotated bytes). After an intended change, regenerate with
 * {@code -Dvitrine.golden.update=true} and read the diff.
 */
class ZssTreeGoldenTest {
    /** As many goldens as there are ZSS and ZS fixtures (core/src/test/resources/fixtures/zss). */
    static final int GOLDENS = 106;

    static Path goldenRoot() {
        URL url = ZssTreeGoldenTest.class.getClassLoader().getResource("golden/tree");
        if (url == null) throw new IllegalStateException("no golden/tree on the test class path");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<String> fixtures() throws IOException {
        if (Boolean.getBoolean("vitrine.golden.update")) {
            Path root = Path.of("..", "core", "src", "test", "resources", "fixtures", "zss");
            try (Stream<Path> s = Files.walk(root)) {
                return s
                        .filter(p ->
                                p.toString().endsWith(".zss") || p.toString().endsWith(".zs"))
                        .map(p -> root.relativize(p).toString().replace('\\', '/'))
                        .sorted()
                        .toList()
                        .stream();
            }
        }
        Path root = goldenRoot();
        try (Stream<Path> s = Files.walk(root)) {
            return s
                    .filter(p -> p.toString().endsWith(".txt"))
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .map(n -> n.substring(0, n.length() - ".txt".length()))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    @Test
    void everyFixtureHasAGolden() throws IOException {
        assertEquals(GOLDENS, fixtures().count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void treeMatchesGolden(String fixture) throws IOException {
        Path file = Fixtures.path("zss/" + fixture);
        CliRun r = CliRun.of("tree", file.toString());
        String actual = r.out() + "[exit " + r.exit() + "]\n"
                + r.stderr()
                        // damage lines name the file as typed; the goldens keep its name alone
                        .replace(file + ": offset", file.getFileName() + ": offset")
                        .replace(file.toString(), fixture);
        if (Boolean.getBoolean("vitrine.golden.update")) {
            Path out = Path.of("src", "test", "resources", "golden", "tree", fixture + ".txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual, StandardCharsets.UTF_8);
            return;
        }
        Path golden = goldenRoot().resolve(fixture + ".txt");
        assertTrue(Files.exists(golden), "no golden for " + fixture);
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual);
    }
}
