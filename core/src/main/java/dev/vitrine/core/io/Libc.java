package dev.vitrine.core.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.Charset;
import java.nio.file.Path;

/**
 * The C library through the foreign-function API, set up in one place for every caller (disk
 * room for mappings, the exporter's rename and folder handles): Linux only, and only when
 * native access is enabled for this code; without it the JVM would warn on first use, so
 * callers stay on their portable paths instead.
 */
public final class Libc {
    private Libc() {}

    /** open(2)'s O_CLOEXEC, the same on x86-64, arm64 and riscv64. */
    public static final int O_CLOEXEC = 02000000;

    private static final Linker LINKER;
    private static final SymbolLookup LOOKUP;
    private static final MethodHandle CLOSE;
    /** How java.nio turns path strings into bytes on this system; the kernel must get the same bytes. */
    private static final Charset PATH_CHARSET = pathCharset();

    static {
        Linker linker = null;
        SymbolLookup lookup = null;
        try {
            if (System.getProperty("os.name", "").equals("Linux")
                    && Libc.class.getModule().isNativeAccessEnabled()) {
                linker = Linker.nativeLinker();
                lookup = linker.defaultLookup();
            }
        } catch (Throwable e) {
            linker = null;
        }
        LINKER = linker;
        LOOKUP = linker == null ? null : lookup;
        CLOSE = function("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    }

    /** Whether libc can be called here at all. */
    public static boolean available() {
        return LINKER != null;
    }

    /** A downcall handle for libc's {@code name}, or null when libc or the symbol is not there. */
    public static MethodHandle function(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        if (LINKER == null) return null;
        try {
            return LOOKUP.find(name)
                    .map(sym -> LINKER.downcallHandle(sym, descriptor, options))
                    .orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** madvise and the page size, linked on first use: most commands never call them. */
    private static final class Memory {
        // int madvise(void *addr, size_t length, int advice)
        static final MethodHandle MADVISE = function(
                "madvise",
                FunctionDescriptor.of(
                        ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
        static final long PAGE_SIZE = pageSize();

        private static long pageSize() {
            MethodHandle h = function("getpagesize", FunctionDescriptor.of(ValueLayout.JAVA_INT));
            try {
                long p = h == null ? 0 : (int) h.invokeExact();
                return p > 0 && Long.bitCount(p) == 1 ? p : 0;
            } catch (Throwable e) {
                return 0;
            }
        }
    }

    /** {@code int madvise(void *addr, size_t length, int advice)}, or null when libc cannot be called. */
    public static MethodHandle madvise() {
        return Memory.MADVISE;
    }

    /** The system's page size (a power of two), or 0 when it cannot be asked. */
    public static long pageSize() {
        return Memory.PAGE_SIZE;
    }

    /** {@code close(fd)}, quietly: nothing can be done about a failed close of a handle only read through. */
    public static void close(int fd) {
        if (CLOSE == null || fd < 0) return;
        try {
            int ignored = (int) CLOSE.invokeExact(fd);
        } catch (Throwable t) {
            // the handle is gone with the process at the latest
        }
    }

    /** Whether {@link #close} calls libc (callers that hold handles need it). */
    public static boolean closeAvailable() {
        return CLOSE != null;
    }

    /**
     * {@code path} as the NUL-terminated bytes java.nio gives the kernel: java.nio made the path
     * from a string with this charset (refusing strings it cannot encode), so encoding it again
     * gives the same bytes.
     */
    public static MemorySegment path(Arena arena, Path path) {
        return string(arena, path.toString());
    }

    /** A file name or path string, encoded as {@link #path} encodes paths. */
    public static MemorySegment string(Arena arena, String s) {
        return arena.allocateFrom(s, PATH_CHARSET);
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
