package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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

    /** Its owner's pin: true (and the call run) while it holds the memory. */
    private static AnonymousMemory.Pin held(AtomicBoolean gone) {
        return call -> {
            if (gone.get()) return false;
            call.run();
            return true;
        };
    }

    private static void awaitHelper() throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (AnonymousMemory.populating() && System.nanoTime() < end) Thread.sleep(5);
        assertEquals(false, AnonymousMemory.populating(), "the helper ends");
    }

    /**
     * A stream is decoded from its start while the helper asks for the pages of its end: what
     * the writer wrote before, during and after the helper's work is all there, and the pages
     * the writer never reached read as zeros.
     */
    @Test
    void populatingKeepsWhatIsWrittenBeforeDuringAndAfter() throws Exception {
        assumeTrue(Libc.available(), "Linux with native access only");
        awaitHelper();
        try (Arena arena = Arena.ofShared()) {
            long size = 48L << 20;
            MemorySegment m = AnonymousMemory.allocate(size, arena);
            long written = size - (1 << 20); // the last MB is never written
            for (long at = 0; at < size / 4; at += 8) m.set(ValueLayout.JAVA_LONG, at, at * 31 + 7);
            AnonymousMemory.populateFromEnd(List.of(m), held(new AtomicBoolean()));
            for (long at = size / 4; at < written; at += 8) m.set(ValueLayout.JAVA_LONG, at, at * 31 + 7);
            awaitHelper();
            for (long at = 0; at < written; at += 8) {
                if (m.get(ValueLayout.JAVA_LONG, at) != at * 31 + 7) throw new AssertionError("changed at " + at);
            }
            for (long at = written; at < size; at += 8) assertEquals(0L, m.get(ValueLayout.JAVA_LONG, at));
        }
    }

    /** The helper really asks for the pages (where the kernel can): the process's resident memory grows by them. */
    @Test
    void theHelperBacksThePartsWithPages() throws Exception {
        assumeTrue(Libc.available(), "Linux with native access only");
        awaitHelper();
        try (Arena arena = Arena.ofShared()) {
            long size = 64L << 20;
            MemorySegment m = AnonymousMemory.allocate(size, arena);
            long before = residentBytes();
            // two parts of 24 MB each, with 16 MB between them that nobody asked for
            AnonymousMemory.populateFromEnd(
                    List.of(m.asSlice(0, 24L << 20), m.asSlice(40L << 20, 24L << 20)), held(new AtomicBoolean()));
            awaitHelper();
            assumeTrue(AnonymousMemory.populateSupported(), "the kernel populates (Linux 5.14 or later)");
            long grown = residentBytes() - before;
            assertTrue(grown >= 44L << 20 && grown < 60L << 20, "resident memory grew by " + grown);
        }
    }

    /** An owner that let its memory go stops the helper at its next step: nothing more is asked for. */
    @Test
    void theHelperStopsOnceTheMemoryIsGone() throws Exception {
        assumeTrue(Libc.available(), "Linux with native access only");
        awaitHelper();
        try (Arena arena = Arena.ofShared()) {
            MemorySegment m = AnonymousMemory.allocate(64L << 20, arena);
            AtomicBoolean gone = new AtomicBoolean(true);
            long before = residentBytes();
            AnonymousMemory.populateFromEnd(List.of(m), held(gone));
            awaitHelper();
            assertTrue(residentBytes() - before < 8L << 20, "no pages asked for");
        }
    }

    private static long residentBytes() throws java.io.IOException {
        String statm = Files.readString(Path.of("/proc/self/statm")).trim();
        return Long.parseLong(statm.split(" ")[1]) * 4096;
    }
}
