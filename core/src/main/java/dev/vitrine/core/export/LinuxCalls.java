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
 * The Linux call the exporter makes through the foreign-function API, because java.nio has no
 * equivalent: {@code renameat2(..., RENAME_NOREPLACE)}, which publishes a temp file in one
 * atomic call that never replaces anything. Linux only, and only when native access is
 * enabled for this code; otherwise {@link #renameNoReplaceAvailable()} says false and callers
 * stay on their portable path. Setting {@code -Dvitrine.export.native=false} forces that path.
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

    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
    /** How java.nio turns path strings into bytes on this system; we must pass the same bytes. */
    private static final Charset PATH_CHARSET = pathCharset();

    private static final MethodHandle RENAMEAT2;

    static {
        MethodHandle rename = null;
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
            }
        } catch (RuntimeException | LinkageError e) {
            rename = null;
        }
        RENAMEAT2 = rename;
    }

    static boolean renameNoReplaceAvailable() {
        return RENAMEAT2 != null;
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
