package dev.vitrine.core.format.clps;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.vitrine.core.io.ByteSource;
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

    /**
     * Decodes one frame of known output size read by ranges from {@code src} (a remote object), a
     * piece at a time into a direct buffer: the object's read-ahead fetches the next pieces while
     * this one decodes, and each piece decoded is {@link ByteSource#passed passed}, so the
     * compressed stream is never held whole, neither on the heap nor in the block cache.
     */
    static void decompressExact(
            ByteSource src, long offset, long length, java.nio.ByteBuffer out, int size, String what, Native use)
            throws IOException {
        // at least 16 pieces, so that the read-ahead runs ahead of a small stream's decoding too
        int piece = (int) Math.max(1, Math.min(length, Math.clamp(length / 16, 16 << 10, PIECE)));
        src.willRead(offset, length);
        byte[] stage = stage(src, piece);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.allocateDirect(piece);
        boolean done = false;
        long at = 0;
        try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
            while (at < length && !done) {
                at = nextPiece(src, offset, at, length, stage, in);
                boolean[] end = {false};
                while (in.hasRemaining() && !end[0]) {
                    int inAt = in.position(), outAt = out.position();
                    use.run(() -> end[0] = ctx.decompressDirectByteBufferStream(out, in));
                    if (!end[0] && in.position() == inAt && out.position() == outAt) break; // output full
                }
                done = end[0];
                if (!done && in.hasRemaining()) break; // more output than the metadata says
            }
        } catch (RuntimeException e) {
            throw new FrameException(what + ": zstd frame does not decode (" + e.getMessage() + ")");
        }
        long after = length - at + in.remaining();
        if (done && after > 0) throw new FrameException(what + ": " + after + " bytes follow its zstd frame");
        if (!done && out.position() == size)
            throw new FrameException(what + ": decodes to more bytes than table metadata says (" + size + ")");
        if (!done)
            throw new FrameException(what + ": zstd frame ends early, after " + out.position() + " output bytes");
        if (out.position() != size)
            throw new FrameException(what + ": decodes to " + out.position() + " bytes, table metadata says " + size);
    }

    /**
     * Decodes one frame of known output size read by ranges from {@code src}, through a small
     * window, and keeps only the output bytes that fall in {@code ranges} ({start, length} pairs,
     * sorted, apart): each is copied to {@code out} at its own offset, and the rest of {@code out}
     * is never written. A query that needs some tables of a packed stream thus touches only their
     * memory (fresh memory is what decoding a stream whole costs most of). The whole frame is
     * decoded, so its size and end are checked as {@link #decompressExact} checks them.
     */
    static void decompressRanges(
            ByteSource src,
            long offset,
            long length,
            java.lang.foreign.MemorySegment out,
            long size,
            long[][] ranges,
            String what)
            throws IOException {
        int[] next = {0}; // the first range not wholly copied yet
        decompressWindows(src, offset, length, size, what, (w, made, k) -> {
            for (int r = next[0]; r < ranges.length && ranges[r][0] < made + k; r++) {
                long from = Math.max(ranges[r][0], made), to = Math.min(ranges[r][0] + ranges[r][1], made + k);
                if (from < to) java.lang.foreign.MemorySegment.copy(w, from - made, out, from, to - from);
                if (ranges[r][0] + ranges[r][1] <= made + k) next[0] = r + 1;
            }
            return true;
        });
    }

    /** Takes each piece of output of {@link #decompressWindows}; false stops decoding there. */
    interface Window {
        /** {@code w}'s first {@code k} bytes are the output bytes from {@code made} on. */
        boolean take(java.lang.foreign.MemorySegment w, long made, int k) throws IOException;
    }

    /**
     * Decodes one frame of known output size read by ranges from {@code src}, a window of output
     * at a time, each handed to {@code sink}, which copies what it needs: output is never held
     * whole. Decoded to its end (unless the sink stops it), the frame's size and end are checked
     * as {@link #decompressExact} checks them.
     */
    static void decompressWindows(ByteSource src, long offset, long length, long size, String what, Window sink)
            throws IOException {
        int piece = (int) Math.max(1, Math.min(length, PIECE));
        src.willRead(offset, length);
        byte[] stage = stage(src, piece);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.allocateDirect(piece).limit(0);
        java.nio.ByteBuffer window = java.nio.ByteBuffer.allocateDirect(WINDOW);
        java.lang.foreign.MemorySegment w = java.lang.foreign.MemorySegment.ofBuffer(window);
        long at = 0, made = 0;
        boolean done = false;
        try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
            while (!done) {
                if (!in.hasRemaining()) {
                    if (at == length) break; // the frame ends early
                    at = nextPiece(src, offset, at, length, stage, in);
                }
                window.clear();
                int inAt = in.position();
                done = ctx.decompressDirectByteBufferStream(window, in);
                int k = window.position();
                if (!done && k == 0 && in.position() == inAt) break; // no progress: reported below
                if (made + k > size)
                    throw new FrameException(what + ": decodes to more bytes than table metadata says (" + size + ")");
                if (!sink.take(w, made, k)) return;
                made += k;
            }
        } catch (RuntimeException e) {
            throw new FrameException(what + ": zstd frame does not decode (" + e.getMessage() + ")");
        }
        if (!done) throw new FrameException(what + ": zstd frame ends early, after " + made + " output bytes");
        long after = length - at + in.remaining();
        if (after > 0) throw new FrameException(what + ": " + after + " bytes follow its zstd frame");
        if (made != size)
            throw new FrameException(what + ": decodes to " + made + " bytes, table metadata says " + size);
    }

    /** Output decoded at a time by {@link #decompressWindows}: a few of zstd's blocks, reused, so always in cache. */
    private static final int WINDOW = 1 << 20;

    /**
     * Reads the next piece of the frame at {@code offset} (read up to {@code at} of {@code length})
     * into {@code in} (through {@code stage} when there is one), ready to decode; returns how far
     * it is read now.
     */
    private static long nextPiece(
            ByteSource src, long offset, long at, long length, byte[] stage, java.nio.ByteBuffer in)
            throws IOException {
        int n = (int) Math.min(in.capacity(), length - at);
        in.clear();
        if (stage == null) {
            src.read(offset + at, in.limit(n));
            in.flip();
        } else {
            src.read(offset + at, stage, 0, n);
            in.put(stage, 0, n).flip();
        }
        src.passed(offset + at + n);
        return at + n;
    }

    /**
     * Where {@link #nextPiece} reads a piece of {@code src} before zstd's input: none for a local
     * file, which reads from the file itself, not its mapping (a fault per page read once).
     */
    private static byte[] stage(ByteSource src, int piece) {
        return src.whole().isPresent() ? null : new byte[piece];
    }

    /** Most bytes of a remote stream decoded at a time: a few of the cache's blocks, fetched ahead while the last decode. */
    private static final int PIECE = 1 << 20;

    /** How native code that writes into {@code out} is run (with the spill's mapping held). */
    interface Native {
        void run(Runnable decode) throws IOException;
    }

    /**
     * How far past a frame's decoded size its compressed bytes must end for a single-pass decode
     * in place to be safe (zstd's ZSTD_DECOMPRESSION_MARGIN with the largest block, 128 KB): the
     * frame header, the checksum, 3 bytes per block and one block.
     */
    static long inPlaceMargin(long size) {
        long block = 128 << 10;
        return 18 + 4 + 3 * ((size + block - 1) / block) + block;
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
