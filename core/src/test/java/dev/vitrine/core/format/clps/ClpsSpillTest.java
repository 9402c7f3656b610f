package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.LittleEndian;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The spill that holds decoded clp-s data off the heap: large segments are in memory or mapped, and a budget stops a hostile archive from filling the disk. */
class ClpsSpillTest {
    @Test
    void largeSegmentsAreMappedSmallOnesStayOnTheHeap() throws IOException {
        try (ClpsSpill s = new ClpsSpill(1L << 30, new ClpsSpill.MemoryBudget(0))) {
            MemorySegment big = s.allocate(4L << 20);
            assertEquals(4L << 20, s.inFiles(), "in a spill file");
            big.set(LittleEndian.U64, (4L << 20) - 8, 42L);
            assertEquals(42L, big.get(LittleEndian.U64, (4L << 20) - 8));
            assertTrue(!s.allocate(100).isNative());
        }
    }

    @Test
    void segmentsTakeProcessMemoryWhileItsBudgetLastsThenSpillFilesAndGiveItBackOnClose() throws IOException {
        ClpsSpill.MemoryBudget memory = new ClpsSpill.MemoryBudget(5L << 20);
        try (ClpsSpill s = new ClpsSpill(1L << 30, memory)) {
            MemorySegment first = s.allocate(4L << 20);
            assertTrue(first.isNative() && s.inFiles() == 0, "within the budget: plain memory");
            MemorySegment second = s.allocate(4L << 20);
            assertEquals(4L << 20, s.inFiles(), "past it: a spill file");
            second.set(LittleEndian.U64, 8, 7L);
            assertEquals(7L, second.get(LittleEndian.U64, 8));
            assertEquals(1L << 20, memory.free());
        }
        assertEquals(5L << 20, memory.free(), "a closed archive gives its memory back to the others");
    }

    @Test
    void decodingPastTheBudgetIsRefused() throws IOException {
        try (ClpsSpill s = new ClpsSpill(3L << 20)) {
            s.allocate(2L << 20);
            IOException e = assertThrows(IOException.class, () -> s.allocate(2L << 20));
            assertTrue(e.getMessage().contains("more than"), e.getMessage());
            // A stream of unknown size (a dictionary) is stopped as it grows, not after.
            byte[] chunk = new byte[1 << 16];
            IOException f = assertThrows(
                    IOException.class,
                    () -> s.fill(
                            (b, o, l) -> {
                                int n = Math.min(l, chunk.length);
                                System.arraycopy(chunk, 0, b, o, n);
                                return n; // endless
                            },
                            Long.MAX_VALUE,
                            "test"));
            assertTrue(f.getMessage().contains("more than"), f.getMessage());
        }
    }

    @Test
    void aClosedSpillRefusesAndUnmaps() throws IOException {
        ClpsSpill s = new ClpsSpill(1L << 30, new ClpsSpill.MemoryBudget(0));
        MemorySegment m = s.allocate(1L << 20);
        s.close();
        assertThrows(IllegalStateException.class, () -> m.get(LittleEndian.U64, 0));
        assertThrows(IOException.class, () -> s.allocate(1L << 20));
    }
}
