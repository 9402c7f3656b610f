package dev.vitrine.core.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;

/**
 * libdeflate's whole-buffer raw-deflate decompressor through the foreign-function API, when
 * the system has it ({@code libdeflate.so.0}, Debian's libdeflate0) and native access is
 * enabled: about twice as fast as zlib's streaming inflate behind {@link java.util.zip.Inflater}.
 * Optional: an absent library, no native access, or {@code -Dvitrine.inflate.native=false}
 * leave callers on the JDK's Inflater. It answers only "done" or "not done": callers redo a
 * block that is not done with the Inflater, whose messages name what is wrong.
 */
public final class NativeInflate {
    private NativeInflate() {}

    /** libdeflate_result: LIBDEFLATE_SUCCESS. */
    private static final int SUCCESS = 0;
    /** libdeflate_result: LIBDEFLATE_INSUFFICIENT_SPACE. */
    private static final int INSUFFICIENT_SPACE = 3;

    /** The output did not fit: retry with more room. */
    public static final int TOO_SMALL = -1;
    /** Bad data, or bytes left over after the stream's last block: not an answer. */
    public static final int FAILED = -2;

    private static final MethodHandle ALLOC;
    private static final MethodHandle FREE;
    private static final MethodHandle DECOMPRESS;
    private static final Cleaner CLEANER = Cleaner.create();

    static {
        MethodHandle[] h = lookup();
        ALLOC = h == null ? null : h[0];
        FREE = h == null ? null : h[1];
        DECOMPRESS = h == null ? null : h[2];
    }

    public static boolean available() {
        return DECOMPRESS != null && PER_THREAD.get() != null;
    }

    private static MethodHandle[] lookup() {
        try {
            if (!Boolean.parseBoolean(System.getProperty("vitrine.inflate.native", "true"))) return null;
            // Without --enable-native-access the JVM would print a warning on first use: stay quiet instead.
            if (!NativeInflate.class.getModule().isNativeAccessEnabled()) return null;
            SymbolLookup lib = null;
            for (String name : new String[] {"libdeflate.so.0", "libdeflate.0.dylib", "libdeflate.dll"}) {
                try {
                    lib = SymbolLookup.libraryLookup(name, Arena.global());
                    break;
                } catch (IllegalArgumentException notFound) {
                    // try the next name
                }
            }
            if (lib == null) return null;
            Linker linker = Linker.nativeLinker();
            MethodHandle alloc = linker.downcallHandle(
                    lib.find("libdeflate_alloc_decompressor").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.ADDRESS));
            MethodHandle free = linker.downcallHandle(
                    lib.find("libdeflate_free_decompressor").orElseThrow(),
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
            // enum libdeflate_result libdeflate_deflate_decompress_ex(d, in, in_n, out, out_avail,
            // *actual_in, *actual_out): pure, bounded by its buffers, no callbacks, so a critical
            // call that reads and writes heap arrays directly (no copies) is safe.
            MethodHandle decompress = linker.downcallHandle(
                    lib.find("libdeflate_deflate_decompress_ex").orElseThrow(),
                    FunctionDescriptor.of(
                            ValueLayout.JAVA_INT,
                            ValueLayout.ADDRESS,
                            ValueLayout.ADDRESS,
                            ValueLayout.JAVA_LONG,
                            ValueLayout.ADDRESS,
                            ValueLayout.JAVA_LONG,
                            ValueLayout.ADDRESS,
                            ValueLayout.ADDRESS),
                    Linker.Option.critical(true));
            return new MethodHandle[] {alloc, free, decompress};
        } catch (Throwable t) {
            return null;
        }
    }

    /** One decompressor per thread (libdeflate's are not shared), freed when the thread is gone. */
    private static final class PerThread {
        final MemorySegment decompressor;
        final long[] sizes = new long[2];

        PerThread(MemorySegment d) {
            this.decompressor = d;
        }
    }

    private static final ThreadLocal<PerThread> PER_THREAD = ThreadLocal.withInitial(() -> {
        if (DECOMPRESS == null) return null;
        try {
            MemorySegment d = (MemorySegment) ALLOC.invokeExact();
            if (d.equals(MemorySegment.NULL)) return null;
            PerThread t = new PerThread(d);
            CLEANER.register(t, () -> {
                try {
                    FREE.invokeExact(d);
                } catch (Throwable ignored) {
                    // nothing to do: a small leak at worst
                }
            });
            return t;
        } catch (Throwable e) {
            return null;
        }
    });

    /**
     * Decompresses all of {@code in} (raw deflate, a heap segment: native code must never read a
     * mapped file, where a page of a file that shrank is a SIGBUS) into {@code out[0..outLen)}.
     *
     * @return the number of bytes written, {@link #TOO_SMALL} when they would not fit, or
     *     {@link #FAILED} when the data is bad or does not end exactly at the end of {@code in}
     */
    public static int inflate(MemorySegment in, byte[] out, int outLen) {
        return inflate(in, out, 0, outLen);
    }

    /** As {@link #inflate(MemorySegment, byte[], int)}, into {@code out[off..off+outLen)}. */
    public static int inflate(MemorySegment in, byte[] out, int off, int outLen) {
        if (in.isMapped()) throw new IllegalArgumentException("never a mapped file");
        java.util.Objects.checkFromIndexSize(off, outLen, out.length);
        PerThread t = PER_THREAD.get();
        int r;
        try {
            r = (int) DECOMPRESS.invokeExact(
                    t.decompressor,
                    in,
                    in.byteSize(),
                    MemorySegment.ofArray(out).asSlice(off, outLen),
                    (long) outLen,
                    MemorySegment.ofArray(t.sizes).asSlice(0, 8),
                    MemorySegment.ofArray(t.sizes).asSlice(8, 8));
        } catch (Throwable e) {
            throw new IllegalStateException("libdeflate failed", e);
        }
        if (r == INSUFFICIENT_SPACE) return TOO_SMALL;
        if (r != SUCCESS || t.sizes[0] != in.byteSize()) return FAILED;
        return (int) t.sizes[1];
    }
}
