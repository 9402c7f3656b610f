package dev.vitrine.core.format.clps;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * The zstd frames of a clp-s archive. The metadata section and dictionaries are written without
 * a content size, so they are stream-decompressed and bounded by what actually comes out; table
 * streams have their size in /table_metadata and are decoded in one call into a buffer of it.
 */
final class ClpsZstd {
    private ClpsZstd() {}

    /** A frame that does not decode; {@code decodedOffset} is how far output got (-1 if unknown). */
    static final class FrameException extends IOException {
        FrameException(String message) {
            super(message, null);
        }
    }

    /** Decodes all of {@code compressed} (one or more frames), refusing output past {@code limit} bytes. */
    static byte[] decompressBounded(byte[] compressed, long limit, String what) throws FrameException {
        byte[] out = new byte[(int) Math.min(Math.max(64, compressed.length * 4L), Math.min(limit + 1, 1 << 20))];
        int n = 0;
        try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(compressed))) {
            while (true) {
                if (n == out.length) {
                    if (n > limit) break;
                    out = Arrays.copyOf(
                            out, (int) Math.min(Integer.MAX_VALUE - 16L, Math.min(limit + 1, out.length * 2L)));
                    if (n == out.length) break;
                }
                int r = in.read(out, n, out.length - n);
                if (r < 0) break;
                n += r;
            }
        } catch (IOException | RuntimeException e) {
            throw new FrameException(
                    what + ": zstd frame does not decode after " + n + " output bytes (" + e.getMessage() + ")");
        }
        if (n > limit) throw new FrameException(what + ": decodes to more than the limit of " + limit + " bytes");
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** Like {@link #decompressBounded}, into the spill (mapped) when large; the compressed bytes start at {@code off}. */
    static java.lang.foreign.MemorySegment decompressToSpill(
            byte[] compressed, int off, long limit, String what, ClpsSpill spill) throws IOException {
        long[] out = {0};
        try (ZstdInputStreamNoFinalizer in =
                new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(compressed, off, compressed.length - off))) {
            return spill.fill(
                    (b, o, l) -> {
                        try {
                            int r = in.read(b, o, l);
                            if (r > 0) out[0] += r;
                            return r;
                        } catch (IOException | RuntimeException e) {
                            throw new FrameException(what + ": zstd frame does not decode after " + out[0]
                                    + " output bytes (" + e.getMessage() + ")");
                        }
                    },
                    limit,
                    what);
        }
    }

    /** Decodes one frame of known output size; the output must be exactly {@code size} bytes. */
    static byte[] decompressExact(byte[] compressed, int off, int len, int size, String what) throws FrameException {
        byte[] out = new byte[size];
        try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
            int n = ctx.decompressByteArray(out, 0, size, compressed, off, len);
            if (n != size) throw new FrameException(what + ": decodes to " + n + " bytes, table metadata says " + size);
        } catch (RuntimeException e) {
            throw new FrameException(what + ": zstd frame does not decode (" + e.getMessage() + ")");
        }
        return out;
    }

    /** Decodes one frame from a direct buffer into a direct buffer (a mapped spill file); the output must be exactly {@code size} bytes. */
    static void decompressExact(java.nio.ByteBuffer compressed, java.nio.ByteBuffer out, int size, String what)
            throws FrameException {
        try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
            int n = ctx.decompressDirectByteBuffer(out, 0, size, compressed, 0, compressed.limit());
            if (n != size) throw new FrameException(what + ": decodes to " + n + " bytes, table metadata says " + size);
        } catch (RuntimeException e) {
            throw new FrameException(what + ": zstd frame does not decode (" + e.getMessage() + ")");
        }
    }

    /** Size of the frame starting at {@code off}, or -1 when it is not a whole frame. */
    static long frameSize(byte[] b, int off, int len) {
        try {
            long s = Zstd.findFrameCompressedSize(b, off, len);
            return s <= 0 || s > len ? -1 : s;
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
