package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.testing.Fixtures;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file that shrinks while it is read (a log rotator, a download replaced) is one line,
 * "changed while being read", exit 2, in every format: never a stack trace, never "damaged".
 */
class FileChangedCliTest {
    @TempDir
    Path tmp;

    @AfterEach
    void unhook() {
        MappedFileSource.afterMapping = null;
    }

    /** Truncates {@code victim} to {@code keep} bytes the {@code nth} time it is mapped (1 = first). */
    private static void shrinkWhenMapped(Path victim, int nth, long keep) {
        AtomicInteger seen = new AtomicInteger();
        MappedFileSource.afterMapping = p -> {
            if (!p.toAbsolutePath().normalize().equals(victim.toAbsolutePath().normalize())) return;
            if (seen.incrementAndGet() != nth) return;
            try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
                f.setLength(keep);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static Path samples() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("samples"))) return d.resolve("samples");
        }
        throw new IllegalStateException("no samples folder");
    }

    private Path copy(String sample) throws IOException {
        Path from = samples().resolve(sample);
        Path to = tmp.resolve(from.getFileName());
        if (!Files.isDirectory(from)) return Files.copy(from, to);
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList())
                Files.copy(p, to.resolve(from.relativize(p).toString()));
        }
        return to;
    }

    private static void changed(Path file, long was, String... args) {
        CliRun r = CliRun.of(args);
        // Lines read from the zero-filled rest of the last page may come first; the verdict is the last line.
        String last = r.stderr().lines().reduce((a, b) -> b).orElse("");
        assertEquals(
                "vitrine: " + file + ": changed while being read (was " + was + " bytes, now 100)",
                last,
                String.join(" ", args) + "\n" + r.stderr());
        assertEquals(2, r.exit(), r.stderr());
        assertFalse(r.stderr().contains("\tat "), r.stderr());
    }

    /**
     * Every command maps the file once: detection reads its first bytes through the mapping the
     * format then reads on. It shrinks right after it is mapped, so what lies past its first page faults.
     */
    private void shrinksWhileRead(Path file, String... args) throws IOException {
        long was = Files.size(file);
        shrinkWhenMapped(file, 1, 100);
        changed(file, was, args);
    }

    @Test
    void zssVerifyAndCat() throws IOException {
        Path zss = copy("weather-deflate.zss");
        shrinksWhileRead(zss, "verify", zss.toString());
        zss = Files.copy(samples().resolve("weather-none.zss"), tmp.resolve("b.zss"));
        shrinksWhileRead(zss, "cat", zss.toString());
    }

    @Test
    void clpsVerifyAndCat() throws IOException {
        Path clps = copy("app-logs.clps");
        shrinksWhileRead(clps, "verify", clps.toString());
        clps = Files.copy(samples().resolve("app-logs.clps"), tmp.resolve("b.clps"));
        shrinksWhileRead(clps, "cat", clps.toString());
    }

    @Test
    void cafCatEntryAndExport() throws IOException {
        Path caf = Files.copy(Fixtures.path("caf/sample-ts-reference.caf"), tmp.resolve("a.caf"));
        String entry = CliRun.of("ls", caf.toString())
                .out()
                .lines()
                .filter(l -> !l.isBlank())
                .reduce((a, b) -> b)
                .orElseThrow()
                .trim();
        shrinksWhileRead(caf, "export", caf.toString(), tmp.resolve("out").toString());
        caf = Files.copy(Fixtures.path("caf/sample-ts-reference.caf"), tmp.resolve("b.caf"));
        shrinksWhileRead(caf, "cat", caf.toString(), entry);
    }

    @Test
    void bundleCat() throws IOException {
        Path bundle = copy("weather-bundle");
        Path shard = bundle.resolve("shard-00000000");
        String entry = CliRun.of("ls", bundle.toString())
                .out()
                .lines()
                .reduce((a, b) -> b)
                .orElseThrow()
                .trim()
                .replaceAll(".* ", "");
        long was = Files.size(shard);
        shrinkWhenMapped(shard, 1, 100);
        changed(shard, was, "cat", bundle.toString(), entry);
    }

    @Test
    void arkVerifyAndCat() throws IOException {
        Path ark = copy("robot-log");
        Path split;
        try (Stream<Path> s = Files.list(ark.resolve("splits"))) {
            split = s.sorted().findFirst().orElseThrow();
        }
        long was = Files.size(split);
        shrinkWhenMapped(split, 1, 100);
        changed(split, was, "verify", ark.toString());
        ark = Files.move(ark, tmp.resolve("robot-log-2"));
        Files.copy(
                samples()
                        .resolve("robot-log/splits")
                        .resolve(split.getFileName().toString()),
                ark.resolve("splits").resolve(split.getFileName().toString()),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        split = ark.resolve("splits").resolve(split.getFileName().toString());
        shrinkWhenMapped(split, 1, 100);
        changed(split, was, "cat", "--json", ark.toString());
    }
}
