package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.NativeInflate;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Deflate blocks inflate through libdeflate where the system has it and through the JDK's
 * Inflater where not: both must give the same bytes for good streams and the same message,
 * at the same offset, for bad ones.
 */
class DeflateCodecPathsTest {
    private static String outcome(DeflateCodec c, byte[] z, long max) {
        try {
            MemorySegment out = c.decompress(MemorySegment.ofArray(z), max, "f.zss", 77);
            return "ok " + HexFormat.of().formatHex(out.toArray(ValueLayout.JAVA_BYTE));
        } catch (FormatException e) {
            return "error at " + e.offset() + ": " + e.detail();
        }
    }

    @Test
    void libdeflateAndTheInflaterAgreeOnGoodAndBadStreams() {
        // .ci/run installs libdeflate0: without it, this would only compare the Inflater with itself.
        assertTrue(NativeInflate.available(), "libdeflate.so.0 not found or native access off");
        DeflateCodec fast = new DeflateCodec(6, true);
        DeflateCodec jdk = new DeflateCodec(6, false);
        Random rnd = new Random(3);
        byte[] random = new byte[100_000];
        rnd.nextBytes(random);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) text.append("key-").append(i).append(" value\n");
        List<byte[]> plain = List.of(
                new byte[0],
                new byte[] {42},
                random,
                new byte[1 << 20], // grows about a thousandfold: several retries with more room
                text.toString().getBytes(StandardCharsets.US_ASCII));
        List<byte[]> streams = new ArrayList<>();
        for (byte[] p : plain) {
            byte[] z = fast.compress(p, 0, p.length);
            streams.add(z);
            streams.add(Arrays.copyOf(z, z.length - 1)); // truncated
            streams.add(Arrays.copyOf(z, z.length + 3)); // trailing bytes
            for (int at : new int[] {0, z.length / 2, z.length - 1}) {
                byte[] bad = z.clone();
                bad[at] ^= 0x5a;
                streams.add(bad);
            }
        }
        byte[] garbage = new byte[500];
        rnd.nextBytes(garbage);
        streams.add(garbage);
        streams.add(new byte[0]);
        for (long max : new long[] {8L << 20, 64 << 10}) { // the second: over the limit for the big ones
            for (byte[] z : streams) {
                String expected = outcome(jdk, z, max);
                assertEquals(expected, outcome(fast, z, max), "stream of " + z.length + " bytes, limit " + max);
            }
        }
        // The good ones really inflate (so the comparison above is not error against error).
        assertEquals(
                "ok " + HexFormat.of().formatHex(random),
                outcome(fast, fast.compress(random, 0, random.length), 8L << 20));
    }
    /**
     * Verify inflates blocks into a reused buffer ({@link Codec#decompressInto}): on either path a
     * good stream with room gives decompress's bytes there and writes nothing outside its room;
     * anything else (no room, bad data) is declined with -1, for decompress to name.
     */
    @Test
    void inflatingIntoAReusedBufferGivesTheSameBytesOrDeclines() {
        Random rnd = new Random(5);
        byte[] random = new byte[50_000];
        rnd.nextBytes(random);
        byte[] text = "key-1 value\n".repeat(5_000).getBytes(StandardCharsets.US_ASCII);
        for (boolean nativeInflate : new boolean[] {true, false}) {
            DeflateCodec c = new DeflateCodec(6, nativeInflate);
            for (byte[] p : List.of(random, text, new byte[] {7})) {
                byte[] z = c.compress(p, 0, p.length);
                byte[] out = new byte[p.length + 300];
                Arrays.fill(out, (byte) 0x33);
                int n = c.decompressInto(MemorySegment.ofArray(z), out, 100, p.length + 100);
                assertEquals(p.length, n, "native " + nativeInflate + ", " + p.length + " bytes");
                assertArrayEquals(p, Arrays.copyOfRange(out, 100, 100 + n));
                for (int i = 0; i < 100; i++) assertEquals(0x33, out[i], "byte before the room written");
                // Too little room, truncated, trailing bytes, damaged: declined, and nothing outside the room written.
                byte[] damaged = z.clone();
                damaged[z.length / 2] ^= 0x5a;
                boolean damagedFails = outcome(c, damaged, 1 << 20).startsWith("error");
                Arrays.fill(out, (byte) 0x33);
                assertEquals(-1, c.decompressInto(MemorySegment.ofArray(z), out, 100, p.length - 1));
                assertEquals(
                        -1,
                        c.decompressInto(
                                MemorySegment.ofArray(Arrays.copyOf(z, z.length - 1)), out, 100, out.length - 100));
                assertEquals(
                        -1,
                        c.decompressInto(
                                MemorySegment.ofArray(Arrays.copyOf(z, z.length + 3)), out, 100, out.length - 100));
                if (damagedFails) assertEquals(-1, c.decompressInto(MemorySegment.ofArray(damaged), out, 100, 200));
                for (int i = 0; i < 100; i++) assertEquals(0x33, out[i], "byte before the room written");
            }
        }
    }
}
