package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A query needs only the tables its schemas can match. Where clp-s packed several tables in one
 * stream (its default for small tables), the stream is decoded whole but only those tables' bytes
 * are kept, with the others' log_event_idx columns for the order: the memory of the rest is never
 * written (fresh memory is most of what decoding a large stream costs).
 */
class ClpsPartStreamTest {
    /** Six tables in one packed stream, as the real clp-s 0.4.1 wrote it. */
    private static final String ARCHIVE = "v0.4.1/archives/app.clps";

    private static ClpsTables tables(ClpsArchive a, Set<Runnable> held) throws IOException {
        return new ClpsTables(a, a.decoding().value(), a.tableMetadata().value(), held);
    }

    private static byte[] rows(ClpsArchive a, ClpsTable t) throws IOException {
        ClpsJsonOut out = new ClpsJsonOut(1 << 16), scratch = new ClpsJsonOut(256);
        for (int r = 0; r < t.records; r++)
            ClpsRecords.renderRow(a, t, r, a.decoding().value(), out, scratch);
        return java.util.Arrays.copyOf(out.buf, out.len);
    }

    @Test
    void aQueryKeepsOnlyItsTablesOfAStreamAndTheOthersOrder() throws Exception {
        Set<Runnable> held = ConcurrentHashMap.newKeySet();
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(ARCHIVE));
                ClpsTables whole = tables(a, held);
                ClpsTables part = tables(a, held)) {
            ClpsTableMetadata meta = a.tableMetadata().value();
            assertEquals(1, meta.streams.size());
            assertEquals(6, meta.tables.size());
            whole.decode(null);
            BitSet some = new BitSet();
            some.set(1);
            some.set(3);
            part.decodeOnly(some);
            assertEquals(1, part.streamsDecoded());
            MemorySegment data = part.table(1).data;
            for (int t = 0; t < meta.tables.size(); t++) {
                ClpsTableMetadata.Table m = meta.tables.get(t);
                if (some.get(t)) {
                    assertNotNull(part.ifDecoded(t), "table " + t);
                    assertArrayEquals(rows(a, whole.table(t)), rows(a, part.table(t)), "table " + t);
                    continue;
                }
                assertNull(part.ifDecoded(t), "table " + t + " is not one the query needs");
                assertArrayEquals(ClpsLogOrder.logEventIdx(a, whole, t), part.orderOnly(t), "table " + t + "'s order");
                // Its bytes outside the order column were never written.
                ClpsLogOrder.OrderColumn order =
                        ClpsLogOrder.orderLayout(a.decoding().value(), m);
                long written = 0;
                for (long at = m.offset(); at < m.offset() + m.length(); at++) {
                    boolean inOrder = at >= order.start() && at < order.start() + order.bytes();
                    if (!inOrder && data.get(ValueLayout.JAVA_BYTE, at) != 0) written++;
                }
                assertEquals(0, written, "table " + t + ": bytes kept that no one needs");
            }
            // Another table asked for later is decoded then, the same as from a whole decode.
            assertArrayEquals(rows(a, whole.table(0)), rows(a, part.table(0)));
            assertEquals(1, part.streamsDecoded(), "one stream, counted once");
        }
    }

    @Test
    void aStreamThatDoesNotDecodeFailsAQueryAsItFailsAWholeDecode() throws Exception {
        byte[] bytes = ClpsTestFiles.bytes(ARCHIVE);
        long at;
        try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
            at = a.streams.compressedRange(a.tableMetadata().value(), 0)[0];
        }
        byte[] damaged = bytes.clone();
        damaged[(int) at] ^= 0x55; // the frame's magic number
        BitSet some = new BitSet();
        some.set(2);
        Set<Runnable> held = ConcurrentHashMap.newKeySet();
        String whole, part;
        try (ClpsArchive a = ClpsTestFiles.open(damaged);
                ClpsTables t = tables(a, held)) {
            whole = assertThrows(IOException.class, () -> t.decode(null)).getMessage();
        }
        try (ClpsArchive a = ClpsTestFiles.open(damaged);
                ClpsTables t = tables(a, held)) {
            part = assertThrows(IOException.class, () -> t.decodeOnly(some)).getMessage();
            assertEquals(part, assertThrows(IOException.class, () -> t.table(0)).getMessage(), "and every time");
        }
        assertTrue(whole.contains("stream 0"), whole);
        assertEquals(whole, part);
    }
}
