package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** Memory straight from the kernel for decoded streams: zeroed, writable, and gone with its arena. */
class AnonymousMemoryTest {
    @Test
    void memoryIsZeroedWritableAndGoesWithItsArena() {
        assumeTrue(Libc.available(), "Linux with native access only");
        Arena arena = Arena.ofShared();
        MemorySegment m = AnonymousMemory.allocate(5L << 20, arena);
        assertEquals(5L << 20, m.byteSize());
        assertEquals(0L, m.get(ValueLayout.JAVA_LONG, (5L << 20) - 8), "fresh memory reads as zeros");
        m.set(ValueLayout.JAVA_LONG, 4096, 42L);
        assertEquals(42L, m.get(ValueLayout.JAVA_LONG, 4096));
        arena.close();
        assertThrows(
                IllegalStateException.class, () -> m.get(ValueLayout.JAVA_LONG, 0), "unmapped: an error, not a crash");
    }

    @Test
    void aClosedArenaGetsNone() {
        assumeTrue(Libc.available(), "Linux with native access only");
        Arena arena = Arena.ofShared();
        arena.close();
        assertThrows(IllegalStateException.class, () -> AnonymousMemory.allocate(1 << 20, arena));
    }
}
