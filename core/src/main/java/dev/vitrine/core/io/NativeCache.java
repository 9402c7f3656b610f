package dev.vitrine.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One copy of a jar's native library in the user's own cache folder ({@code $XDG_CACHE_HOME}
 * or {@code ~/.cache}, then {@code vitrine/native}; never a shared temp folder, since native
 * code is loaded from it). Libraries such as RocksDB and zstd-jni copy their library out of the
 * jar into a new temp file on every start (a quarter of a second for RocksDB's 15 MB, 90 ms for
 * zstd's); a command that runs for half a second cannot afford that. The copy is keyed by the
 * jar's name and size, not its time: every build or install copies the jar anew, and a key with
 * its time kept a copy each time. A new version's copy replaces the older ones.
 */
public final class NativeCache {
    private NativeCache() {}

    /**
     * The cached copy of {@code resource} from the jar holding {@code anchor}, written once under
     * the name {@code fileName}; copies for other jars whose names start with {@code family} are
     * removed when a new one is written.
     *
     * @throws IOException when the class is not loaded from a jar, the jar has no such resource,
     *     or the cache folder cannot be written (callers then load the library the library's way)
     */
    public static Path copyOf(Class<?> anchor, String resource, String fileName, String family) throws IOException {
        Path jar;
        try {
            jar = Path.of(
                    anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (RuntimeException | java.net.URISyntaxException e) {
            throw new IOException("cannot locate the jar of " + anchor.getName(), e);
        }
        if (!Files.isRegularFile(jar)) throw new IOException(anchor.getName() + " is not loaded from a jar");
        String key = jar.getFileName() + "-" + Files.size(jar);
        Path root = root();
        Path folder = root.resolve(key);
        Path lib = folder.resolve(fileName);
        if (!Files.isRegularFile(lib)) {
            Files.createDirectories(folder);
            try (InputStream in = anchor.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) throw new IOException("no " + resource + " in " + jar);
                AtomicWrite.write(lib, true, in::transferTo);
            }
            removeStale(root, family, key);
        }
        return lib;
    }

    private static Path root() {
        return UserCache.folder().resolve("native");
    }

    /**
     * Removes the copies of the family's other versions. A process still running one keeps its
     * mapping: Linux frees the file only when the last user unmaps it.
     */
    private static void removeStale(Path root, String family, String keep) {
        try (var folders = Files.list(root)) {
            for (Path f : (Iterable<Path>) folders::iterator) {
                String n = f.getFileName().toString();
                if (n.equals(keep) || !n.startsWith(family) || Files.isSymbolicLink(f) || !Files.isDirectory(f))
                    continue;
                try (var files = Files.list(f)) {
                    for (Path x : (Iterable<Path>) files::iterator) Files.deleteIfExists(x);
                }
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // a copy left behind costs disk space only; the next new version tries again
        }
    }
}
