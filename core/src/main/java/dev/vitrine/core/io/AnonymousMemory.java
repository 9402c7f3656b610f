package dev.vitrine.core.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Large blocks of process memory straight from the kernel (an anonymous mapping) for data that
 * is written whole before it is read, such as a decoded stream. {@code Arena.allocate} zeroes
 * its memory first, touching every page once for nothing; a fresh mapping is zero already.
 * A block of a few MB or more is made of huge pages when the kernel has free blocks for them
 * ({@link HugePages}): a fault per 2 MB instead of one per 4 KB.
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
            boolean huge = MADVISE != null && HugePages.worthAsking(bytes);
            // A huge page backs only a 2 MB-aligned 2 MB of the mapping: map 2 MB more, keep an aligned part.
            long mapped = huge ? bytes + HugePages.SIZE : bytes;
            MemorySegment at = (MemorySegment) MMAP.invokeExact(
                    MemorySegment.NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
            if (at.address() == -1L || at.address() == 0) return null; // MAP_FAILED
            if (huge) at = alignedHuge(at, mapped, bytes);
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

    private static final MethodHandle MADVISE = Libc.madvise();
    /** Asks for transparent huge pages over the range. */
    private static final int MADV_HUGEPAGE = 14;

    private static final long PAGE = Libc.pageSize();
    /** Linux 5.14: fault the range's pages in, writable, keeping what is in them. */
    private static final int MADV_POPULATE_WRITE = 23;
    /** Asked for per call: small, so that the writer and the helper meet close to where their work balances. */
    private static final long STEP = 2L << 20;
    /** One helper at a time: with every core busy (several streams decoding) more would only compete. */
    private static final AtomicBoolean POPULATING = new AtomicBoolean();

    /** Runs a native call on memory only while the memory stays mapped. */
    public interface Pin {
        /** Runs {@code call} with the memory kept mapped until it returns; false (and nothing run) once it is gone. */
        boolean during(Runnable call);
    }

    /** Whether the kernel refused to populate (before Linux 5.14): then no helper starts again. */
    private static volatile boolean unsupported;

    /**
     * Starts backing {@code parts} of memory with pages on another thread, the last part first and
     * each from its end down, for a caller about to write them in order from the start (a stream
     * decoded at once). Each new page of a fresh mapping costs a fault, the kernel zeroing it: on a
     * virtual machine about half of a one-stream clp-s decode (2-3 ms per MB). The helper takes the
     * faults of the far part while the writer writes the near part, and runs on through what the
     * writer has touched already (pages already there cost next to nothing). The contents are
     * never changed. Nothing happens when a helper is busy already (every core is then busy
     * decoding), for a few MB, or where the kernel lacks the call. {@code pin} keeps the memory
     * mapped during each call: the helper stops once its owner let the memory go.
     */
    public static void populateFromEnd(List<MemorySegment> parts, Pin pin) {
        long bytes = 0;
        for (MemorySegment p : parts) bytes += p.byteSize();
        if (MADVISE == null || PAGE == 0 || unsupported || bytes < 4 * STEP) return;
        if (!POPULATING.compareAndSet(false, true)) return;
        Thread t = new Thread(
                () -> {
                    try {
                        for (int i = parts.size() - 1; i >= 0; i--) {
                            if (!populateFromEnd(parts.get(i), pin)) return;
                        }
                    } finally {
                        POPULATING.set(false);
                    }
                },
                "vitrine-populate");
        t.setDaemon(true);
        t.start();
    }

    /** Whether a helper of {@link #populateFromEnd} is at work (tests). */
    static boolean populating() {
        return POPULATING.get();
    }

    /** Whether {@link #populateFromEnd} can work here: false before it was refused (tests). */
    static boolean populateSupported() {
        return MADVISE != null && PAGE != 0 && !unsupported;
    }

    /** The whole pages of {@code part}, STEP at a time from its end: false when the memory went or the kernel refused. */
    private static boolean populateFromEnd(MemorySegment part, Pin pin) {
        long first = (part.address() + PAGE - 1 & -PAGE) - part.address();
        long end = (part.address() + part.byteSize() & -PAGE) - part.address();
        final int gone = Integer.MIN_VALUE;
        int[] rc = new int[1];
        for (long to = end; to > first; to -= STEP) {
            long from = Math.max(first, to - STEP);
            MemorySegment pages = part.asSlice(from, to - from);
            boolean mapped = pin.during(() -> {
                try {
                    rc[0] = (int) MADVISE.invokeExact(pages, pages.byteSize(), MADV_POPULATE_WRITE);
                } catch (Throwable closed) { // its arena closed meanwhile
                    rc[0] = gone;
                }
            });
            if (!mapped || rc[0] == gone) return false;
            if (rc[0] != 0) {
                unsupported = true;
                return false;
            }
        }
        return true;
    }

    /**
     * The 2 MB-aligned {@code bytes} of {@code mapped} bytes mapped at {@code at}, the rest unmapped,
     * asked to be huge pages (the kernel may still give small ones: only the fault count differs).
     */
    private static MemorySegment alignedHuge(MemorySegment at, long mapped, long bytes) throws Throwable {
        long start = at.address() + HugePages.SIZE - 1 & -HugePages.SIZE;
        long kept = bytes + PAGE - 1 & -PAGE;
        long end = at.address() + (mapped + PAGE - 1 & -PAGE);
        if (start > at.address()) unmap(at.reinterpret(start - at.address()));
        if (end > start + kept) unmap(MemorySegment.ofAddress(start + kept).reinterpret(end - start - kept));
        MemorySegment s = MemorySegment.ofAddress(start).reinterpret(bytes);
        int ignored = (int) MADVISE.invokeExact(s, kept, MADV_HUGEPAGE);
        return s;
    }

    private static void unmap(MemorySegment s) {
        try {
            int ignored = (int) MUNMAP.invokeExact(s, s.byteSize());
        } catch (Throwable e) {
            // nothing to do: the memory goes with the process
        }
    }
}
