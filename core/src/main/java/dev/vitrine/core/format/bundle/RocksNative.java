package dev.vitrine.core.format.bundle;

import dev.vitrine.core.io.NativeCache;
import java.util.List;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;

/**
 * Loads RocksDB's native library once per process. {@code RocksDB.loadLibrary()} copies the
 * 15 MB library out of its jar into a new temp file on every start, about a quarter of a
 * second of each `vitrine ls`; we load the one copy per version kept by {@link NativeCache}.
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
        // RocksDB.loadLibrary(paths) looks for getJniLibraryFileName("rocksdbjni") in each path
        // ("librocksdbjnijni-linux64.so"), so the cached copy goes by that name.
        java.nio.file.Path lib = NativeCache.copyOf(
                RocksDB.class,
                Environment.getJniLibraryFileName("rocksdb"),
                Environment.getJniLibraryFileName("rocksdbjni"),
                "rocksdbjni");
        RocksDB.loadLibrary(List.of(lib.getParent().toString()));
    }
}
