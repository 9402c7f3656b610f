package dev.vitrine.core.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Large blocks of process memory straight from the kernel (an anonymous mapping) for data that
 * is written whole before it is read, such as a decoded stream. {@code Arena.allocate} zeroes
 * its memory first, touching every page once for nothing; a fresh mapping is zero already.
 * Huge pages are not asked for: on a machine whose memory is mostly page cache, the kernel
 * compacts memory for them at fault time, which cost more than the page faults they save.
 * Linux with native access only; elsewhere callers allocate as before.
 */
public final class AnonymousMemory {
    private AnonymousMemory() {}

    private static final int PROT_READ = 1, PROT_WRITE = 2, MAP_PRIVATE = 2, MAP_ANONYMOUS = 0x20;

    // void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
    private static final MethodHandle MMAP = Libc.function(
            "mmap",
            FunctionDescriptor.of(
                    ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG));
    // int munmap(void *addr, size_t length)
    private static final MethodHandle MUNMAP = Libc.function(
            "munmap", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));

    /**
     * {@code bytes} of zeroed memory that lives as long as {@code arena} (unmapped when it
     * closes), or null when it cannot be had this way (then allocate from the arena).
     */
    public static MemorySegment allocate(long bytes, Arena arena) {
        if (MMAP == null || MUNMAP == null || bytes <= 0) return null;
        try {
            MemorySegment at = (MemorySegment) MMAP.invokeExact(
                    MemorySegment.NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
            if (at.address() == -1L || at.address() == 0) return null; // MAP_FAILED
            try {
                return at.reinterpret(bytes, arena, AnonymousMemory::unmap);
            } catch (RuntimeException e) { // the arena closed meanwhile
                unmap(at.reinterpret(bytes));
                throw e;
            }
        } catch (IllegalStateException e) {
            throw e;
        } catch (Throwable e) {
            return null;
        }
    }

    private static void unmap(MemorySegment s) {
        try {
            int ignored = (int) MUNMAP.invokeExact(s, s.byteSize());
        } catch (Throwable e) {
            // nothing to do: the memory goes with the process
        }
    }
}
