package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every byte of every small fixture flipped (xor 0xff, and +1) and every truncation: each
 * must read or fail with damage at an offset, never with another exception, a hang or an
 * OutOfMemoryError (limits are small so a bomb cannot eat the heap).
 */
class ZssCorruptionSweepTest {

    static Stream<String> smallFixtures() throws IOException {
        Path root = fixture("SOURCE.md").getParent();
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".zss") || p.toString().endsWith(".zs"))
                    .filter(p -> p.toFile().length() < 2048)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    private static ZssFamilyFormat formatFor(String name) {
        return name.endsWith(".zs") ? new ZsFormat() : new ZssFormat();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("smallFixtures")
    void everyFlipAndTruncationIsReportedDamage(String file) {
        byte[] orig = readAll(fixture(file));
        ZssFamilyFormat format = formatFor(file);
        String name = Path.of(file).getFileName().toString();
        // bz2 and LZMA2 decoders allocate megabytes per block (the reference fixtures say
        // "BZh9"), so for those every mutation gets the core checks and every 4th the full walk.
        boolean slowCodec = file.contains("bz2") || file.contains("lzma") || file.contains("tiny-4grams") || file.contains("cli-make");
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> IntStream.range(0, orig.length).parallel().forEach(i -> {
            boolean thorough = !slowCodec || i % 4 == 0;
            byte[] a = orig.clone();
            a[i] ^= (byte) 0xff;
            ZssDamageProbe.probe(a, format, name, SMALL_LIMITS, thorough);
            byte[] b = orig.clone();
            b[i] += 1;
            ZssDamageProbe.probe(b, format, name, SMALL_LIMITS, thorough);
            ZssDamageProbe.probe(Arrays.copyOf(orig, i), format, name, SMALL_LIMITS, thorough);
        }));
    }

    /** The larger recs1000-none, truncated at sampled lengths and flipped at sampled bytes. */
    @Test
    void recs1000SampledDamage() {
        byte[] orig = readAll(fixture("generated/recs1000-none.zss"));
        ZssFormat format = new ZssFormat();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int len = 0; len < orig.length; len += len < 200 ? 1 : 97) {
                ZssDamageProbe.probe(Arrays.copyOf(orig, len), format, "recs1000-none.zss", SMALL_LIMITS);
            }
            for (int i = 0; i < orig.length; i += 89) {
                byte[] a = orig.clone();
                a[i] ^= (byte) 0x40;
                ZssDamageProbe.probe(a, format, "recs1000-none.zss", SMALL_LIMITS);
            }
        });
    }

    @Test
    void randomBytesAndEmptyFiles() {
        java.util.Random rnd = new java.util.Random(42);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 2000; i++) {
                byte[] a = new byte[rnd.nextInt(300)];
                rnd.nextBytes(a);
                if (i % 2 == 0 && a.length >= 8) System.arraycopy(ZssFlavor.ZSS.magic(), 0, a, 0, 8);
                ZssDamageProbe.probe(a, new ZssFormat(), "random.zss", SMALL_LIMITS);
            }
        });
    }
}
