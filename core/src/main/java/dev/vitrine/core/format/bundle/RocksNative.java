package dev.vitrine.core.format.bundle;

import dev.vitrine.core.io.AtomicWrite;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;

/**
 * Loads RocksDB's native library once per process. {@code RocksDB.loadLibrary()} copies the
 * 15 MB library out of its jar into a new temp file on every start, about a quarter of a
 * second of each `vitrine ls`; we keep one copy per rocksdbjni jar in the user's own cache
 * folder ({@code $XDG_CACHE_HOME} or {@code ~/.cache}, never a shared temp folder: native
 * code is loaded from it) and load that; a new version's copy replaces the older ones.
 * Anything unexpected falls back to the plain load.
 */
final class RocksNative {
    private RocksNative() {}

    private static boolean loaded;

    static synchronized void load() {
        if (loaded) return;
        try {
            loadCached();
        } catch (Throwable e) {
            RocksDB.loadLibrary();
        }
        loaded = true;
    }

    private static void loadCached() throws Exception {
        String name = Environment.getJniLibraryFileName("rocksdb");
        // RocksDB.loadLibrary(paths) looks for getJniLibraryFileName("rocksdbjni") in each path
        // ("librocksdbjnijni-linux64.so"), so the cached copy goes by that name.
        String cachedName = Environment.getJniLibraryFileName("rocksdbjni");
        Path jar = Path.of(RocksDB.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        if (!Files.isRegularFile(jar)) throw new IllegalStateException("not loaded from a jar");
        String base = System.getenv("XDG_CACHE_HOME");
        Path root = (base != null && !base.isBlank()
                        ? Path.of(base)
                        : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("vitrine")
                .resolve("native");
        // One copy per rocksdbjni version (its jar's name and size), not per build: every build or
        // install copies the jar anew, and a key with its time kept a 15 MB copy each time.
        String key = jar.getFileName() + "-" + Files.size(jar);
        Path cache = root.resolve(key);
        Path lib = cache.resolve(cachedName);
        if (!Files.isRegularFile(lib)) {
            Files.createDirectories(cache);
            try (InputStream in = RocksDB.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) throw new IllegalStateException("no " + name + " in " + jar);
                AtomicWrite.write(lib, true, in::transferTo);
            }
            removeStale(root, key);
        }
        RocksDB.loadLibrary(List.of(cache.toString()));
    }

    /**
     * Removes the copies of other versions (and of the older per-build keys). A process still
     * running one keeps its mapping: Linux frees the file only when the last user unmaps it.
     */
    private static void removeStale(Path root, String keep) {
        try (var folders = Files.list(root)) {
            for (Path f : (Iterable<Path>) folders::iterator) {
                String n = f.getFileName().toString();
                if (n.equals(keep) || !n.startsWith("rocksdbjni") || Files.isSymbolicLink(f) || !Files.isDirectory(f))
                    continue;
                try (var files = Files.list(f)) {
                    for (Path x : (Iterable<Path>) files::iterator) Files.deleteIfExists(x);
                }
                Files.deleteIfExists(f);
            }
        } catch (java.io.IOException e) {
            // a copy left behind costs disk space only; the next new version tries again
        }
    }
}
