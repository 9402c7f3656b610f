package dev.vitrine.core.export;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.Charset;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;

/**
 * The two Linux calls the exporter makes through the foreign-function API, because java.nio
 * has no equivalent: {@code renameat2(..., RENAME_NOREPLACE)} (publish a temp file in one
 * atomic call that never replaces anything) and {@code madvise(MADV_DONTNEED)} over a range
 * (let go of mapped archive pages in large batches). Linux only, and only when native access
 * is enabled for this code; otherwise {@link #renameNoReplaceAvailable()} and
 * {@link #madviseAvailable()} say false and callers stay on their portable paths. Setting
 * {@code -Dvitrine.export.native=false} forces those paths.
 */
final class LinuxCalls {
    private LinuxCalls() {}

    // errno values of Linux's generic ABI (x86-64, arm64, riscv64 share them).
    static final int EEXIST = 17;
    static final int EINVAL = 22;
    static final int ENOSYS = 38;
    static final int ENOTSUP = 95;

    private static final int AT_FDCWD = -100;
    private static final int RENAME_NOREPLACE = 1;
    private static final int MADV_DONTNEED = 4;

    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
    /** How java.nio turns path strings into bytes on this system; we must pass the same bytes. */
    private static final Charset PATH_CHARSET = pathCharset();

    private static final MethodHandle RENAMEAT2;
    private static final MethodHandle MADVISE;
    private static final long PAGE_SIZE;

    static {
        MethodHandle rename = null;
        MethodHandle madvise = null;
        long page = 0;
        try {
            boolean usable = System.getProperty("os.name", "").equals("Linux")
                    && Boolean.parseBoolean(System.getProperty("vitrine.export.native", "true"))
                    // Without native access the JVM would warn on first use: stay quiet and portable.
                    && LinuxCalls.class.getModule().isNativeAccessEnabled();
            if (usable) {
                Linker linker = Linker.nativeLinker();
                var lookup = linker.defaultLookup();
                Linker.Option errno = Linker.Option.captureCallState("errno");
                // int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags)
                rename = lookup.find("renameat2").map(sym -> linker.downcallHandle(sym, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT), errno)).orElse(null);
                // int madvise(void *addr, size_t length, int advice); int getpagesize(void)
                madvise = lookup.find("madvise").map(sym -> linker.downcallHandle(sym, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT))).orElse(null);
                MethodHandle getpagesize = lookup.find("getpagesize")
                        .map(sym -> linker.downcallHandle(sym, FunctionDescriptor.of(ValueLayout.JAVA_INT))).orElse(null);
                page = getpagesize == null ? 0 : (int) getpagesize.invokeExact();
                if (page <= 0 || Long.bitCount(page) != 1) madvise = null;
            }
        } catch (Throwable e) {
            rename = null;
            madvise = null;
        }
        RENAMEAT2 = rename;
        MADVISE = madvise;
        PAGE_SIZE = madvise == null ? 0 : page;
    }

    static boolean renameNoReplaceAvailable() {
        return RENAMEAT2 != null;
    }

    static boolean madviseAvailable() {
        return MADVISE != null;
    }

    /** The system's page size, known when {@link #madviseAvailable()}; 0 otherwise. */
    static long pageSize() {
        return PAGE_SIZE;
    }

    /**
     * {@code renameat2(from, to, RENAME_NOREPLACE)}: 0 when {@code from} now has the name
     * {@code to}, else the errno ({@link #EEXIST} when {@code to} exists, in any form,
     * including a dangling link; {@link #EINVAL} or {@link #ENOSYS} when the file system or
     * kernel cannot do it). Paths of another file system than the default one give
     * {@link #ENOTSUP} without a call.
     */
    static int renameNoReplace(Path from, Path to) {
        if (RENAMEAT2 == null) return ENOSYS;
        FileSystem fs = FileSystems.getDefault();
        if (from.getFileSystem() != fs || to.getFileSystem() != fs) return ENOTSUP;
        // java.nio made these paths from the same strings with the same charset (it refuses
        // strings the charset cannot encode), so encoding them again gives the kernel the same bytes.
        String a = from.toString();
        String b = to.toString();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            int r = (int) RENAMEAT2.invokeExact(state, AT_FDCWD, arena.allocateFrom(a, PATH_CHARSET), AT_FDCWD,
                    arena.allocateFrom(b, PATH_CHARSET), RENAME_NOREPLACE);
            return r == 0 ? 0 : (int) ERRNO.get(state, 0L);
        } catch (Throwable t) {
            return ENOSYS;
        }
    }

    /**
     * {@code madvise(MADV_DONTNEED)} over the pages of {@code region}, which must start on a
     * page boundary: drops them from this process's resident set. Only for mapped files,
     * whose pages stay in the page cache and come back on the next read; on private memory
     * it would lose data. The call keeps {@code region}'s scope alive while it runs. Returns
     * false if the call failed or is not available.
     */
    static boolean dontNeed(MemorySegment region) {
        if (MADVISE == null || region.byteSize() <= 0) return false;
        try {
            return (int) MADVISE.invokeExact(region, region.byteSize(), MADV_DONTNEED) == 0;
        } catch (Throwable t) {
            return false;
        }
    }

    private static Charset pathCharset() {
        for (String key : new String[] {"sun.jnu.encoding", "native.encoding"}) {
            try {
                String name = System.getProperty(key);
                if (name != null) return Charset.forName(name);
            } catch (RuntimeException ignored) {
                // try the next one
            }
        }
        return Charset.defaultCharset();
    }
}
