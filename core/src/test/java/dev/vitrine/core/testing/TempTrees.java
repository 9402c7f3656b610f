package dev.vitrine.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Temporary folders the tests make outside JUnit's @TempDir: removed whole, now or at exit. */
public final class TempTrees {
    private TempTrees() {}

    /** Removes {@code root} and everything under it; what cannot be removed is left. */
    public static void delete(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temporary folder left behind
        }
    }

    /** Removes {@code root} and everything under it when the JVM exits (deleteOnExit takes files only). */
    public static void deleteOnExit(Path root) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(root)));
    }
}
