package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every byte of every small fixture flipped (xor 0xff, and +1) and every truncation: each
 * must read or fail with damage at an offset inside the file, never with another exception, a
 * hang or an OutOfMemoryError (limits are small so a bomb cannot eat the heap). And each must
 * be <em>found</em>: verify reports at least one ERROR.
 *
 * <p>Which bytes are checked, and so must be reported when changed: all of them. In a ZSS/ZS
 * file every byte belongs to the header or to a block (bytes between the header and the first
 * block, or after the last, are themselves damage), and
 * <ul>
 * <li>magic (0..7): compared with the format's magic;
 * <li>header_length (8..15): not CRC-covered, but it places the header CRC, which then no
 *     longer matches (or lies past the end of the file);
 * <li>header data (root offset and length, total length, SHA-256, codec, metadata length,
 *     metadata, extension bytes) and the header CRC: CRC-64 covered;
 * <li>each block's uleb128 length prefix: not CRC-covered, but it bounds the CRC's range and
 *     places the next block, so a changed length fails that CRC or the framing after it;
 * <li>each block's level byte, payload and CRC, extension blocks included: CRC-64 covered;
 * <li>any truncation: total_file_length no longer equals the file size.
 * </ul>
 * The broken fixtures stay broken under one more change (none of them is one byte away from a
 * good file), so for them too every mutation must give an ERROR.
 */
class ZssCorruptionSweepTest {

    static Stream<String> smallFixtures() throws IOException {
        Path root = fixture("SOURCE.md").getParent();
        try (Stream<Path> s = Files.walk(root)) {
            return s
                    .filter(p -> p.toString().endsWith(".zss") || p.toString().endsWith(".zs"))
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
        boolean slowCodec = file.contains("bz2")
                || file.contains("lzma")
                || file.contains("tiny-4grams")
                || file.contains("cli-make");
        Queue<String> missed = new ConcurrentLinkedQueue<>();
        assertTimeoutPreemptively(
                Duration.ofSeconds(120),
                () -> IntStream.range(0, orig.length).parallel().forEach(i -> {
                    boolean thorough = !slowCodec || i % 4 == 0;
                    byte[] a = orig.clone();
                    a[i] ^= (byte) 0xff;
                    requireError(
                            ZssDamageProbe.probe(a, format, name, SMALL_LIMITS, thorough),
                            "byte " + i + " xor 0xff",
                            missed);
                    byte[] b = orig.clone();
                    b[i] += 1;
                    requireError(
                            ZssDamageProbe.probe(b, format, name, SMALL_LIMITS, thorough),
                            "byte " + i + " + 1",
                            missed);
                    requireError(
                            ZssDamageProbe.probe(Arrays.copyOf(orig, i), format, name, SMALL_LIMITS, thorough),
                            "cut to " + i + " bytes",
                            missed);
                }));
        assertTrue(
                missed.isEmpty(),
                () -> missed.size() + " changes went unreported, e.g. "
                        + missed.stream().sorted().limit(20).toList());
    }

    private static void requireError(List<Problem> problems, String change, Queue<String> missed) {
        if (problems.stream().noneMatch(p -> p.severity() == Severity.ERROR)) missed.add(change + ": " + problems);
    }

    /** The larger recs1000-none, truncated at sampled lengths and flipped at sampled bytes. */
    @Test
    void recs1000SampledDamage() {
        byte[] orig = readAll(fixture("generated/recs1000-none.zss"));
        ZssFormat format = new ZssFormat();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            Queue<String> missed = new ConcurrentLinkedQueue<>();
            for (int len = 0; len < orig.length; len += len < 200 ? 1 : 97) {
                requireError(
                        ZssDamageProbe.probe(Arrays.copyOf(orig, len), format, "recs1000-none.zss", SMALL_LIMITS),
                        "cut to " + len,
                        missed);
            }
            for (int i = 0; i < orig.length; i += 89) {
                byte[] a = orig.clone();
                a[i] ^= (byte) 0x40;
                requireError(
                        ZssDamageProbe.probe(a, format, "recs1000-none.zss", SMALL_LIMITS),
                        "byte " + i + " xor 0x40",
                        missed);
            }
            assertTrue(
                    missed.isEmpty(),
                    () -> missed.size() + " changes went unreported, e.g. "
                            + missed.stream().limit(20).toList());
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
