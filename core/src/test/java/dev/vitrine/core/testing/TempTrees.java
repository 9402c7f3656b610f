package dev.vitrine.core.testing;

import dev.vitrine.core.io.FileTrees;
import java.nio.file.Path;

/** Temporary folders the tests make outside JUnit's @TempDir: removed whole, now or at exit. */
public final class TempTrees {
    private TempTrees() {}

    /** Removes {@code root} and everything under it; what cannot be removed is left. */
    public static void delete(Path root) {
        FileTrees.deleteQuietly(root);
    }

    /** Removes {@code root} and everything under it when the JVM exits (deleteOnExit takes files only). */
    public static void deleteOnExit(Path root) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(root)));
    }
}
