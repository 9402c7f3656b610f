package dev.vitrine.core.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * liblzma's {@code lzma_crc64} (same CRC-64/XZ) through the foreign-function API, when the
 * system has it and native access is enabled: it uses carry-less multiplication (CLMUL) and
 * runs about six times faster than any table-driven Java code. Optional: absent library, no
 * native access, or {@code -Dvitrine.crc64.native=false} leave {@link Crc64Xz} on its Java path.
 */
final class NativeCrc64 {
    private NativeCrc64() {}

    /** Below this, the downcall costs more than it saves. */
    static final long MIN_LENGTH = 512;

    private static final MethodHandle CRC64 = lookup();

    static boolean available() {
        return CRC64 != null;
    }

    private static MethodHandle lookup() {
        try {
            if (!Boolean.parseBoolean(System.getProperty("vitrine.crc64.native", "true"))) return null;
            // Without --enable-native-access the JVM would print a warning on first use: stay quiet instead.
            if (!NativeCrc64.class.getModule().isNativeAccessEnabled()) return null;
            Optional<MemorySegment> sym = Optional.empty();
            for (String name :
                    new String[] {"liblzma.so.5", "liblzma.5.dylib", "liblzma.dylib", "liblzma.dll", "liblzma-5.dll"}) {
                try {
                    sym = SymbolLookup.libraryLookup(name, Arena.global()).find("lzma_crc64");
                } catch (IllegalArgumentException notFound) {
                    continue;
                }
                if (sym.isPresent()) break;
            }
            if (sym.isEmpty()) return null;
            // uint64_t lzma_crc64(const uint8_t *buf, size_t size, uint64_t crc): pure, short, no
            // callbacks, so a critical call that may read heap arrays directly is safe.
            MethodHandle h = Linker.nativeLinker()
                    .downcallHandle(
                            sym.get(),
                            FunctionDescriptor.of(
                                    ValueLayout.JAVA_LONG,
                                    ValueLayout.ADDRESS,
                                    ValueLayout.JAVA_LONG,
                                    ValueLayout.JAVA_LONG),
                            Linker.Option.critical(true));
            byte[] check = "123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            long v = (long) h.invokeExact(MemorySegment.ofArray(check), (long) check.length, 0L);
            return v == 0x995dc9bbdf1939faL ? h : null;
        } catch (Throwable t) {
            return null;
        }
    }

    /**
     * Continues a CRC: {@code crc} and the result are finished values (liblzma's convention;
     * start with 0).
     */
    static long update(long crc, MemorySegment seg, long off, long len) {
        if (seg.isMapped()) return updateCopied(crc, seg, off, len);
        return call(crc, seg.asSlice(off, len), len);
    }

    /** Bytes go through this before native code sees them; see {@link #updateCopied}. */
    private static final ThreadLocal<MemorySegment> SCRATCH =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(256 * 1024));

    /**
     * A page of a mapped file that shrank faults: in Java code that is an InternalError we can
     * report, in native code a SIGBUS that kills the JVM. So the file's bytes are copied (a
     * copy faults safely) in cache-sized pieces before liblzma reads them.
     */
    private static long updateCopied(long crc, MemorySegment seg, long off, long len) {
        MemorySegment scratch = SCRATCH.get();
        long done = 0;
        while (done < len) {
            long n = Math.min(scratch.byteSize(), len - done);
            MemorySegment.copy(seg, off + done, scratch, 0, n);
            crc = call(crc, scratch, n);
            done += n;
        }
        return crc;
    }

    private static long call(long crc, MemorySegment seg, long len) {
        try {
            return (long) CRC64.invokeExact(seg, len, crc);
        } catch (Throwable t) {
            throw new IllegalStateException("lzma_crc64 failed", t);
        }
    }
}
