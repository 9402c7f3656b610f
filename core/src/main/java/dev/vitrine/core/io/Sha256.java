package dev.vitrine.core.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256 for bulk data (verify's data hash, the one strictly serial job of a scan): OpenSSL's
 * libcrypto through the foreign-function API when the system has it ({@code libcrypto.so.3},
 * Debian's libssl3) and native access is enabled, else the JDK's MessageDigest. Both use the
 * CPU's SHA instructions; libcrypto's runs at full speed from the first byte, where the JDK's
 * needs its compiler to warm up first, and is about a tenth faster after. {@code
 * -Dvitrine.sha256.native=false} forces the JDK's. Not thread-safe: one per hash.
 */
public abstract sealed class Sha256 {
    private Sha256() {}

    public abstract void update(byte[] b, int off, int len);

    /** The hash of everything given; the object is done after this. */
    public abstract byte[] digest();

    /** The fastest SHA-256 this system has. */
    public static Sha256 create() {
        return Native.UPDATE != null ? new Native() : jdk();
    }

    /** The JDK's, whatever the system has. */
    public static Sha256 jdk() {
        return new Jdk();
    }

    public static boolean nativeAvailable() {
        return Native.UPDATE != null;
    }

    private static final class Jdk extends Sha256 {
        private final MessageDigest md;

        Jdk() {
            try {
                md = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void update(byte[] b, int off, int len) {
            md.update(b, off, len);
        }

        @Override
        public byte[] digest() {
            return md.digest();
        }
    }

    private static final class Native extends Sha256 {
        private static final MethodHandle INIT;
        private static final MethodHandle UPDATE;
        private static final MethodHandle FINAL;
        /** Larger than OpenSSL's SHA256_CTX (112 bytes), which it fills in. */
        private static final long CTX_BYTES = 256;

        static {
            MethodHandle[] h = lookup();
            INIT = h == null ? null : h[0];
            UPDATE = h == null ? null : h[1];
            FINAL = h == null ? null : h[2];
        }

        private final MemorySegment ctx = Arena.ofAuto().allocate(CTX_BYTES, 16);

        Native() {
            try {
                if ((int) INIT.invokeExact(ctx) != 1) throw new IllegalStateException("SHA256_Init failed");
            } catch (Throwable t) {
                throw new IllegalStateException("SHA256_Init failed", t);
            }
        }

        @Override
        public void update(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            try {
                int r = (int) UPDATE.invokeExact(ctx, MemorySegment.ofArray(b).asSlice(off, len), (long) len);
                if (r != 1) throw new IllegalStateException("SHA256_Update failed");
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException("SHA256_Update failed", t);
            }
        }

        @Override
        public byte[] digest() {
            byte[] out = new byte[32];
            try {
                if ((int) FINAL.invokeExact(MemorySegment.ofArray(out), ctx) != 1)
                    throw new IllegalStateException("SHA256_Final failed");
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException("SHA256_Final failed", t);
            }
            return out;
        }

        private static MethodHandle[] lookup() {
            try {
                if (!Boolean.parseBoolean(System.getProperty("vitrine.sha256.native", "true"))) return null;
                // Without --enable-native-access the JVM would print a warning on first use: stay quiet instead.
                if (!Sha256.class.getModule().isNativeAccessEnabled()) return null;
                SymbolLookup lib = null;
                for (String name : new String[] {"libcrypto.so.3", "libcrypto.3.dylib"}) {
                    try {
                        lib = SymbolLookup.libraryLookup(name, Arena.global());
                        break;
                    } catch (IllegalArgumentException notFound) {
                        // try the next name
                    }
                }
                if (lib == null) return null;
                Linker linker = Linker.nativeLinker();
                // int SHA256_Init(SHA256_CTX *c); int SHA256_Update(SHA256_CTX *c, const void *data,
                // size_t len); int SHA256_Final(unsigned char *md, SHA256_CTX *c): pure, no
                // callbacks, so critical calls that read heap arrays directly (no copies) are safe.
                Linker.Option critical = Linker.Option.critical(true);
                MethodHandle init = linker.downcallHandle(
                        lib.find("SHA256_Init").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS),
                        critical);
                MethodHandle update = linker.downcallHandle(
                        lib.find("SHA256_Update").orElseThrow(),
                        FunctionDescriptor.of(
                                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
                        critical);
                MethodHandle fin = linker.downcallHandle(
                        lib.find("SHA256_Final").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS),
                        critical);
                // Known answer: SHA-256("abc").
                MemorySegment ctx = Arena.ofAuto().allocate(CTX_BYTES, 16);
                byte[] abc = {'a', 'b', 'c'};
                byte[] md = new byte[32];
                if ((int) init.invokeExact(ctx) != 1) return null;
                if ((int) update.invokeExact(ctx, MemorySegment.ofArray(abc), 3L) != 1) return null;
                if ((int) fin.invokeExact(MemorySegment.ofArray(md), ctx) != 1) return null;
                String hex = java.util.HexFormat.of().formatHex(md);
                if (!hex.equals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")) return null;
                return new MethodHandle[] {init, update, fin};
            } catch (Throwable t) {
                return null;
            }
        }
    }
}
