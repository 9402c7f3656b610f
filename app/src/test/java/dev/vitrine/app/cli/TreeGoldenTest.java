package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.testing.Fixtures;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * `vitrine tree` on every archive fixture of every format, compared with a golden output under
 * src/test/resources/golden/tree/: "fixtures/REL.txt" for core's test fixture REL (each file
 * whose extension a registered format claims), "samples/NAME.txt" for each folder archive in the
 * repository's samples/ folder (an Ark log, a DataBundle: formats without fixture files), and
 * "shared/ark/NAME.txt" for each Ark log in ../shared/fixtures/ark beside the repository (no
 * licence: read in place, never copied; skipped when absent). A golden holds the outline on
 * stdout, then the exit code and stderr. The goldens were generated from the output once and
 * read against the fixtures' structure (ZSS: SOURCE.md's annotated bytes). After an intended
 * change, regenerate with {@code -Dvitrine.golden.update=true} and read the diff.
 */
class TreeGoldenTest {
    static final Path FIXTURES = Path.of("..", "core", "src", "test", "resources", "fixtures");
    static final Path SAMPLES = Path.of("..", "samples");
    static final Path SHARED_ARK = sharedArk();

    /** ../shared/fixtures/ark beside the repository, or one level further up for a worktree kept in a folder of worktrees. */
    private static Path sharedArk() {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        Path beside = repo.resolveSibling("shared/fixtures/ark");
        if (Files.isDirectory(beside)
                || repo.getParent() == null
                || repo.getParent().getParent() == null) return beside;
        return repo.getParent().resolveSibling("shared/fixtures/ark");
    }

    static Path goldenRoot() {
        URL url = TreeGoldenTest.class.getClassLoader().getResource("golden/tree");
        if (url == null) throw new IllegalStateException("no golden/tree on the test class path");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every archive in the repository that should have a golden: fixtures by extension, samples by detection. */
    static Set<String> archives() throws IOException {
        Set<String> exts = new TreeSet<>();
        for (ArchiveFormat f : FormatRegistry.get().formats())
            for (String e : f.extensions()) exts.add("." + e.toLowerCase(Locale.ROOT));
        Set<String> out = new TreeSet<>();
        try (Stream<Path> s = Files.walk(FIXTURES)) {
            s.filter(Files::isRegularFile)
                    .filter(p -> exts.stream()
                            .anyMatch(e -> p.getFileName()
                                    .toString()
                                    .toLowerCase(Locale.ROOT)
                                    .endsWith(e)))
                    .forEach(p -> out.add(
                            "fixtures/" + FIXTURES.relativize(p).toString().replace('\\', '/')));
        }
        try (Stream<Path> s = Files.list(SAMPLES)) {
            for (Path p : s.sorted().toList()) {
                // Folder archives only: the single-file samples are large and their formats have fixtures.
                if (Files.isDirectory(p) && FormatRegistry.get().detect(p).isPresent())
                    out.add("samples/" + p.getFileName());
            }
        }
        return out;
    }

    /** The Ark logs in ../shared/fixtures/ark, when it is there. */
    static Set<String> sharedArkLogs() throws IOException {
        Set<String> out = new TreeSet<>();
        if (!Files.isDirectory(SHARED_ARK)) return out;
        try (Stream<Path> s = Files.list(SHARED_ARK)) {
            for (Path p : s.sorted().toList()) {
                if (FormatRegistry.get().detect(p).isPresent()) out.add("shared/ark/" + p.getFileName());
            }
        }
        return out;
    }

    static Stream<String> goldens() throws IOException {
        if (Boolean.getBoolean("vitrine.golden.update")) {
            Set<String> all = new TreeSet<>(archives());
            all.addAll(sharedArkLogs());
            return all.stream();
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
    void everyArchiveOfEveryFormatHasAGolden() throws IOException {
        assertEquals(
                List.copyOf(archives()),
                goldens().filter(g -> !g.startsWith("shared/")).toList());
    }

    @Test
    void everyFormatHasGoldens() throws IOException {
        Set<String> seen = new TreeSet<>();
        for (String g : goldens().toList()) {
            Path p = source(g);
            if (Files.exists(p)) FormatRegistry.get().detect(p).ifPresent(f -> seen.add(f.id()));
        }
        for (ArchiveFormat f : FormatRegistry.get().formats()) {
            // The shipped formats; test formats registered by the app's tests have no fixtures.
            if (!f.getClass().getName().startsWith("dev.vitrine.core.format.")) continue;
            assertTrue(seen.contains(f.id()), "no golden tree for " + f.id());
        }
    }

    private static Path source(String golden) {
        if (golden.startsWith("samples/")) return SAMPLES.resolve(golden.substring("samples/".length()));
        if (golden.startsWith("shared/ark/")) return SHARED_ARK.resolve(golden.substring("shared/ark/".length()));
        return Fixtures.path(golden.substring("fixtures/".length()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void treeMatchesGolden(String name) throws IOException {
        Path file = source(name);
        if (name.startsWith("shared/")) assumeTrue(Files.exists(file), "../shared/fixtures/ark absent");
        CliRun r = CliRun.of("tree", file.toString());
        String actual = r.out() + "[exit " + r.exit() + "]\n"
                + r.stderr()
                        // damage lines name the file as typed; the goldens keep its name alone
                        .replace(file + ": offset", file.getFileName() + ": offset")
                        .replace(file.toString(), name);
        if (Boolean.getBoolean("vitrine.golden.update")) {
            Path out = Path.of("src", "test", "resources", "golden", "tree", name + ".txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual, StandardCharsets.UTF_8);
            return;
        }
        Path golden = goldenRoot().resolve(name + ".txt");
        assertTrue(Files.exists(golden), "no golden for " + name);
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual);
    }
}
