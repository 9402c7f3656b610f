package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha256Test {
    @Test
    void libcryptoIsUsedHereAndHashesAsTheJdkDoesWhateverTheSlicing() {
        // .ci/run installs libssl3: without it, verify silently runs on the slower JDK hash.
        assertTrue(Sha256.nativeAvailable(), "libcrypto.so.3 not found or native access off");
        byte[] b = new byte[1 << 20];
        new Random(7).nextBytes(b);
        Sha256 fast = Sha256.create();
        Sha256 jdk = Sha256.jdk();
        int off = 0;
        for (int len : new int[] {0, 1, 55, 56, 63, 64, 65, 1000, 4096, 100_000, 500_000}) {
            fast.update(b, off, len);
            jdk.update(b, off, len);
            off += 13;
        }
        assertArrayEquals(jdk.digest(), fast.digest());
        Sha256 abc = Sha256.create();
        abc.update("abc".getBytes(StandardCharsets.US_ASCII), 0, 3);
        assertEquals(
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                HexFormat.of().formatHex(abc.digest()));
        // Native code is never handed a range outside the array.
        assertThrows(IndexOutOfBoundsException.class, () -> Sha256.create().update(b, b.length - 1, 2));
    }
}
