package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * zstd-jni's library comes from one copy in ~/.cache/vitrine/native, not a new temp file per
 * start. Each start is a child JVM with the launcher's options, as each `vitrine` command is.
 */
class ZstdNativeTest {
    @TempDir
    Path tmp;

    /** A child JVM's entry: prepares, then compresses and decompresses through zstd-jni. */
    public static void main(String[] args) {
        ZstdNative.prepare();
        byte[] text = "the same words, the same words, the same words".getBytes();
        byte[] back = com.github.luben.zstd.Zstd.decompress(com.github.luben.zstd.Zstd.compress(text), text.length);
        assertArrayEquals(text, back);
        System.out.println(System.getProperty("ZstdNativePath"));
    }

    @Test
    void loadsOneCachedCopyAndWritesNothingToTemp() throws Exception {
        Path cacheHome = tmp.resolve("cache");
        Path temp = Files.createDirectories(tmp.resolve("temp"));
        String first = start(cacheHome, temp);
        String second = start(cacheHome, temp);
        assertEquals(first, second, "the second start loads the same copy");
        Path lib = Path.of(first);
        assertTrue(lib.startsWith(cacheHome.resolve("vitrine/native")), first);
        assertTrue(Files.size(lib) > 100_000, "the library itself: " + first);
        try (var s = Files.list(temp)) {
            assertEquals(List.of(), s.toList(), "nothing copied into the temp folder");
        }
    }

    private static String start(Path cacheHome, Path temp) throws Exception {
        String cp = System.getProperty("java.class.path");
        ProcessBuilder pb = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Djdk.util.jar.version=21",
                "-Djava.io.tmpdir=" + temp,
                "-cp",
                cp,
                ZstdNativeTest.class.getName());
        pb.environment().put("XDG_CACHE_HOME", cacheHome.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        String err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out + err);
        return out.lines().reduce((a, b) -> b).orElse("");
    }
}
