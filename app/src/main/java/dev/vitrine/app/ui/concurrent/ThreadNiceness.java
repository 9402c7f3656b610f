package dev.vitrine.app.ui.concurrent;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Lowers the calling thread's scheduling priority on Linux, where Java's thread priorities are
 * ignored and the kernel weighs each thread's nice value instead. Background decoding then
 * yields the cores to the FX thread (and the compiler) whenever they want them, and still takes
 * all that is idle: on two cores a filter scan no longer delays frames. Threads a lowered thread
 * starts (decoding pools) inherit its value. Elsewhere, or without native access, it does nothing.
 */
public final class ThreadNiceness {
    private static final int PRIO_PROCESS = 0;
    private static final MethodHandle GETTID;
    private static final MethodHandle SETPRIORITY;

    static {
        MethodHandle tid = null, set = null;
        if (System.getProperty("os.name", "").startsWith("Linux")) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                tid = libc.find("gettid")
                        .map(a -> linker.downcallHandle(a, FunctionDescriptor.of(ValueLayout.JAVA_INT)))
                        .orElse(null);
                set = libc.find("setpriority")
                        .map(a -> linker.downcallHandle(
                                a,
                                FunctionDescriptor.of(
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT)))
                        .orElse(null);
            } catch (RuntimeException | LinkageError e) {
                tid = null;
                set = null; // no native access: priorities stay as they are
            }
        }
        GETTID = tid;
        SETPRIORITY = set;
    }

    private ThreadNiceness() {}

    /**
     * Sets the nice value of this process's threads whose kernel name starts with {@code prefix}
     * (as /proc shows it, at most 15 characters); returns how many took it.
     */
    static int lowerThreadsNamed(String prefix, int nice) {
        if (SETPRIORITY == null) return 0;
        int done = 0;
        try (var tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/task"))) {
            for (java.nio.file.Path t : (Iterable<java.nio.file.Path>) tasks::iterator) {
                try {
                    String name =
                            java.nio.file.Files.readString(t.resolve("comm")).strip();
                    if (!name.startsWith(prefix)) continue;
                    int tid = Integer.parseInt(t.getFileName().toString());
                    if ((int) SETPRIORITY.invokeExact(PRIO_PROCESS, tid, nice) == 0) done++;
                } catch (Throwable e) {
                    // a thread that ended meanwhile, or no right to change it: leave it
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return done;
        }
        return done;
    }

    /** Sets the calling thread's nice value (0 normal, 19 lowest); true when it took effect. */
    public static boolean lowerTo(int nice) {
        if (GETTID == null || SETPRIORITY == null) return false;
        try {
            int tid = (int) GETTID.invokeExact();
            return (int) SETPRIORITY.invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable e) {
            return false;
        }
    }
}
