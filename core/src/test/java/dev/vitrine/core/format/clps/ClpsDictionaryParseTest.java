package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A dictionary's entries (u64 length, then the bytes) are found wherever they lie: many short
 * ones, one longer than the parser's 64 KB window, lengths split across its edges; and a length
 * that runs past the end is refused at its offset.
 */
class ClpsDictionaryParseTest {
    private static byte[] length(long n) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(n).array();
    }

    @Test
    void everyEntryIsFoundAcrossTheWindowsEdges() throws Exception {
        Random r = new Random(42);
        List<byte[]> entries = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < 60_000; i++) {
            int n = i == 30_000 ? 200_000 : r.nextInt(i % 7 == 0 ? 300 : 20); // one entry spans several windows
            byte[] e = new byte[n];
            r.nextBytes(e);
            entries.add(e);
            out.write(length(n));
            out.write(e);
        }
        ClpsDictionary d =
                ClpsDictionary.parse(MemorySegment.ofArray(out.toByteArray()), entries.size(), new ClpsSpill(1L << 30));
        assertEquals(entries.size(), d.size());
        for (int i = 0; i < entries.size(); i++) assertArrayEquals(entries.get(i), d.bytes(i), "entry " + i);
    }

    @Test
    void aLengthPastTheEndIsRefusedWhereItLies() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < 10_000; i++) {
            out.write(length(10));
            out.write(new byte[10]);
        }
        long at = out.size();
        out.write(length(1000)); // 1000 bytes announced, 3 there
        out.write(new byte[3]);
        ClpsDecodeException e = assertThrows(
                ClpsDecodeException.class,
                () -> ClpsDictionary.parse(MemorySegment.ofArray(out.toByteArray()), 10_001, new ClpsSpill(1L << 30)));
        assertEquals(at, e.decodedOffset());
        assertEquals("dictionary entry 10000 length 1000 does not fit the 3 bytes left", e.getMessage());
    }
}
