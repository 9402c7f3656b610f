package dev.vitrine.core.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Large zero-filled native memory straight from the kernel ({@code mmap(MAP_ANONYMOUS)}), for
 * buffers a decoder fills whole (a clp-s stream of hundreds of MB). {@link Arena#allocate}
 * writes zeros over every byte first, a pass over memory the kernel hands out zeroed already;
 * here a page is first touched when the decoder writes it. (Huge pages were tried: on this
 * kind of virtual machine their faults cost more kernel time, not less.) Linux with native
 * access only ({@link Libc}); elsewhere {@link #allocate} gives null and callers allocate as
 * before.
 */
public final class AnonymousMemory {
    private AnonymousMemory() {}

    private static final int PROT_READ = 1, PROT_WRITE = 2;
    /** MAP_PRIVATE | MAP_ANONYMOUS, the same on x86-64, arm64 and riscv64. */
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;

    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;

    static {
        String arch = System.getProperty("os.arch", "");
        boolean known =
                arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64") || arch.equals("riscv64");
        // void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
        MethodHandle mmap = !known
                ? null
                : Libc.function(
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
        MethodHandle munmap = mmap == null
                ? null
                : Libc.function(
                        "munmap",
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        MMAP = munmap == null ? null : mmap;
        MUNMAP = munmap;
    }

    /**
     * {@code bytes} of zero-filled memory, unmapped when {@code arena} closes; null when it
     * cannot be had this way (not Linux, no native access, or the kernel refused).
     */
    public static MemorySegment allocate(long bytes, Arena arena) {
        if (MMAP == null || bytes <= 0) return null;
        try {
            MemorySegment at = (MemorySegment)
                    MMAP.invokeExact(MemorySegment.NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
            long address = at.address();
            if (address == -1L || address == 0L) return null; // MAP_FAILED
            try {
                return at.reinterpret(bytes, arena, s -> unmap(address, bytes));
            } catch (RuntimeException e) {
                unmap(address, bytes); // the arena is closed already
                return null;
            }
        } catch (Throwable e) {
            return null;
        }
    }

    private static void unmap(long address, long bytes) {
        try {
            int ignored = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(address), bytes);
        } catch (Throwable e) {
            // the pages go with the process at the latest
        }
    }
}
