package dev.vitrine.core.format.zss;

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
}
