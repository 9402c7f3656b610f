package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** The kernel's zeroed pages stand in for Arena.allocate's: same size, zeros, writable, gone with the arena. */
class AnonymousMemoryTest {
    @Test
    void givesZeroedWritableMemoryFreedWithItsArena() {
        assumeTrue(Libc.available(), "Linux with native access only");
        long size = (3L << 20) + 5;
        Arena arena = Arena.ofShared();
        MemorySegment m = AnonymousMemory.allocate(size, arena);
        assertNotNull(m);
        assertEquals(size, m.byteSize());
        assertEquals(-1, m.asSlice(0, size).mismatch(MemorySegment.ofArray(new byte[(int) size])));
        m.set(ValueLayout.JAVA_BYTE, size - 1, (byte) 7);
        assertEquals(7, m.get(ValueLayout.JAVA_BYTE, size - 1));
        arena.close();
        assertThrows(IllegalStateException.class, () -> m.get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void refusesAClosedArenaWithoutLeaking() {
        assumeTrue(Libc.available(), "Linux with native access only");
        Arena arena = Arena.ofShared();
        arena.close();
        assertEquals(null, AnonymousMemory.allocate(1 << 20, arena));
        assertTrue(AnonymousMemory.allocate(0, Arena.global()) == null);
    }
}
