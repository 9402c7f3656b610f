package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDB;

/**
 * The RocksDB native library's copy in ~/.cache/vitrine/native: one per version, however many
 * times the jar is rebuilt or installed (each gives it a new time), and older copies removed.
 * Each start is a child JVM, as each `vitrine` command is.
 */
class RocksNativeCacheTest {
    @TempDir
    Path tmp;

    /** A child JVM's entry: loads the library as a DataBundle open does and proves it works. */
    public static void main(String[] args) {
        RocksNative.load();
        new org.rocksdb.Options().close();
    }

    @Test
    void oneCopyPerVersionAndStaleOnesRemoved() throws Exception {
        Path real = Path.of(RocksDB.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path jar = Files.copy(real, Files.createDirectories(tmp.resolve("lib")).resolve(real.getFileName()));
        Path cacheHome = tmp.resolve("cache");
        Path nativeRoot = cacheHome.resolve("vitrine/native");
        // a copy an older version left
        Path old = Files.createDirectories(nativeRoot.resolve("rocksdbjni-9.0.0.jar-61234567-1700000000000"));
        Files.writeString(old.resolve("librocksdbjnijni-linux64.so"), "old");

        start(jar, cacheHome);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000)); // a rebuild
        start(jar, cacheHome);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 120_000)); // an install
        start(jar, cacheHome);

        List<String> copies;
        try (var s = Files.list(nativeRoot)) {
            copies = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(1, copies.size(), "one copy for one version, the older version's removed: " + copies);
        assertTrue(copies.getFirst().startsWith(real.getFileName().toString()), copies.toString());
    }

    private static void start(Path rocksJar, Path cacheHome) throws Exception {
        String cp = String.join(
                File.pathSeparator,
                codeSource(RocksNative.class),
                codeSource(RocksNativeCacheTest.class),
                rocksJar.toString());
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        cp,
                        RocksNativeCacheTest.class.getName())
                .redirectErrorStream(true);
        pb.environment().put("XDG_CACHE_HOME", cacheHome.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
    }

    private static String codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }
}
