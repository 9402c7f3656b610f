package dev.vitrine.core.export;

import dev.vitrine.core.io.Libc;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Linux calls the exporter makes through the foreign-function API, because java.nio
 * has no equivalent: {@code renameat2(..., RENAME_NOREPLACE)} (publish a temp file in one
 * atomic call that never replaces anything), {@code madvise(MADV_DONTNEED)} over a range
 * (let go of mapped archive pages in large batches), and {@code openat} with
 * {@code O_NOFOLLOW} (folder handles that pin where an export writes, see {@link DirHandles}). Linux only, and only when native access
 * is enabled for this code ({@link Libc} sets that up); otherwise {@link #renameNoReplaceAvailable()} and
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

    private static final boolean ENABLED = Boolean.parseBoolean(System.getProperty("vitrine.export.native", "true"));

    /** {@link Libc#madvise}, when the system's page size is known (ranges are rounded to it). */
    private static final MethodHandle MADVISE = ENABLED && Libc.pageSize() != 0 ? Libc.madvise() : null;

    private static final long PAGE_SIZE = MADVISE == null ? 0 : Libc.pageSize();

    /**
     * The calls only an export makes, linked at its first use of them: a verify, which only
     * releases pages, does not pay for linking them (tens of ms of CPU as it starts).
     */
    private static final class ExportCalls {
        static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO =
                CAPTURE.varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));

        static final MethodHandle RENAMEAT2;
        static final MethodHandle OPENAT;
        /** open(2) flags that differ by architecture: the generic ABI's (x86-64, riscv64) or arm64's; 0 where unknown. */
        static final int O_DIRECTORY;

        static final int O_NOFOLLOW;
        static final int O_PATH = 010000000;

        static {
            MethodHandle rename = null;
            MethodHandle openat = null;
            try {
                if (ENABLED) {
                    Linker.Option errno = Linker.Option.captureCallState("errno");
                    // int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned
                    // flags)
                    rename = Libc.function(
                            "renameat2",
                            FunctionDescriptor.of(
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.ADDRESS,
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.ADDRESS,
                                    ValueLayout.JAVA_INT),
                            errno);
                    // int openat(int dirfd, const char *path, int flags)
                    openat = Libc.function(
                            "openat",
                            FunctionDescriptor.of(
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.JAVA_INT,
                                    ValueLayout.ADDRESS,
                                    ValueLayout.JAVA_INT),
                            errno);
                }
            } catch (Throwable e) {
                rename = null;
                openat = null;
            }
            String arch = System.getProperty("os.arch", "");
            boolean generic = arch.equals("amd64") || arch.equals("x86_64") || arch.equals("riscv64");
            boolean arm64 = arch.equals("aarch64");
            O_DIRECTORY = generic ? 0200000 : arm64 ? 040000 : 0;
            O_NOFOLLOW = generic ? 0400000 : arm64 ? 0100000 : 0;
            if (!Libc.closeAvailable() || O_DIRECTORY == 0 || !Files.isDirectory(Path.of("/proc/self/fd")))
                openat = null;
            RENAMEAT2 = rename;
            OPENAT = openat;
        }
    }

    static boolean renameNoReplaceAvailable() {
        return ExportCalls.RENAMEAT2 != null;
    }

    /** Whether {@link #openDirectory} works here (Linux, a known architecture, /proc mounted, native access). */
    static boolean directoryHandlesAvailable() {
        return ExportCalls.OPENAT != null;
    }

    /**
     * {@code openat(dirfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)}: a handle on the
     * folder {@code name} in the folder {@code dirfd} ({@link #AT_FDCWD_HANDLE} for a path from
     * the current folder), refusing a symbolic link (ELOOP) or anything not a folder (ENOTDIR).
     * Returns the handle, or minus the errno.
     */
    static int openDirectory(int dirfd, String name) {
        if (ExportCalls.OPENAT == null) return -ENOSYS;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(ExportCalls.CAPTURE);
            int fd = (int) ExportCalls.OPENAT.invokeExact(
                    state,
                    dirfd,
                    Libc.string(arena, name),
                    ExportCalls.O_PATH | ExportCalls.O_DIRECTORY | ExportCalls.O_NOFOLLOW | Libc.O_CLOEXEC);
            return fd >= 0 ? fd : -(int) ExportCalls.ERRNO.get(state, 0L);
        } catch (Throwable t) {
            return -ENOSYS;
        }
    }

    static final int AT_FDCWD_HANDLE = AT_FDCWD;
    static final int ELOOP = 40;
    static final int ENOTDIR = 20;
    static final int ENOENT = 2;

    /** Closes a handle from {@link #openDirectory}. */
    static void close(int fd) {
        if (ExportCalls.OPENAT != null) Libc.close(fd);
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
        if (ExportCalls.RENAMEAT2 == null) return ENOSYS;
        FileSystem fs = FileSystems.getDefault();
        if (from.getFileSystem() != fs || to.getFileSystem() != fs) return ENOTSUP;
        // java.nio made these paths from the same strings with the same charset (it refuses
        // strings the charset cannot encode), so encoding them again gives the kernel the same bytes.
        String a = from.toString();
        String b = to.toString();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(ExportCalls.CAPTURE);
            int r = (int) ExportCalls.RENAMEAT2.invokeExact(
                    state, AT_FDCWD, Libc.string(arena, a), AT_FDCWD, Libc.string(arena, b), RENAME_NOREPLACE);
            return r == 0 ? 0 : (int) ExportCalls.ERRNO.get(state, 0L);
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
}
