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
 * code is loaded from it) and load that. Anything unexpected falls back to the plain load.
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
        Path cache = (base != null && !base.isBlank()
                        ? Path.of(base)
                        : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("vitrine")
                .resolve("native")
                .resolve(jar.getFileName() + "-" + Files.size(jar) + "-"
                        + Files.getLastModifiedTime(jar).toMillis());
        Path lib = cache.resolve(cachedName);
        if (!Files.isRegularFile(lib)) {
            Files.createDirectories(cache);
            try (InputStream in = RocksDB.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) throw new IllegalStateException("no " + name + " in " + jar);
                AtomicWrite.write(lib, true, in::transferTo);
            }
        }
        RocksDB.loadLibrary(List.of(cache.toString()));
    }
}
