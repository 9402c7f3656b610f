package dev.vitrine.core.io;

import java.nio.file.Path;

/**
 * Vitrine's folder in the user's own cache ({@code $XDG_CACHE_HOME/vitrine}, else
 * {@code ~/.cache/vitrine}): native library copies, clp-s spill files. Never a shared temp
 * folder, since native code is loaded from it.
 */
public final class UserCache {
    private UserCache() {}

    public static Path folder() {
        String base = System.getenv("XDG_CACHE_HOME");
        return (base != null && !base.isBlank() ? Path.of(base) : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("vitrine");
    }
}
