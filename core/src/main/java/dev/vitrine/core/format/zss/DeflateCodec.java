package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.NativeInflate;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** Raw RFC 1951 deflate (no zlib or gzip framing: the block CRC is the checksum). */
final class DeflateCodec implements Codec {
    /** Inflaters hold native memory; one per thread is reused instead of one per block. */
    private static final ThreadLocal<Inflater> INFLATERS = ThreadLocal.withInitial(() -> new Inflater(true));

    private final int level;
    /** Whether blocks go to libdeflate first ({@link NativeInflate}); tests turn it off to check the fallback. */
    private final boolean nativeInflate;
    /**
     * How much the last block grew when inflated, in sixteenths: the first guess for the next
     * block's output size (libdeflate wants all the room at once; a guess too small costs a retry).
     */
    private static volatile int growth16 = 64;

    DeflateCodec() {
        this(6); // what the reference writer uses
    }

    DeflateCodec(int level) {
        this(level, NativeInflate.available());
    }

    DeflateCodec(int level, boolean nativeInflate) {
        this.level = level;
        this.nativeInflate = nativeInflate;
    }

    @Override
    public String name() {
        return "deflate";
    }

    private static final ThreadLocal<byte[]> COPY = ThreadLocal.withInitial(() -> new byte[0]);

    /**
     * zlib reads a direct buffer natively, where a page of a file that shrank is a SIGBUS that
     * kills the JVM; a Java copy of the block faults as an error we can report instead.
     */
    private static MemorySegment copied(MemorySegment input) {
        int n = (int) input.byteSize();
        byte[] b = COPY.get();
        if (b.length < n) COPY.set(b = new byte[Math.max(n, b.length * 2)]);
        MemorySegment.copy(input, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, b, 0, n);
        return MemorySegment.ofArray(b).asSlice(0, n);
    }

    @Override
    public MemorySegment decompress(MemorySegment input, long maxOutput, String file, long offset)
            throws FormatException {
        MemorySegment in = input.isMapped() ? copied(input) : input;
        if (nativeInflate) {
            MemorySegment done = inflateNatively(in, maxOutput);
            if (done != null) return done;
        }
        Inflater inf = INFLATERS.get();
        inf.reset();
        inf.setInput(in.asByteBuffer());
        BoundedBuffer out = new BoundedBuffer(
                maxOutput, (int) Math.min(Integer.MAX_VALUE / 4, input.byteSize() * 4 + 64), file, offset);
        try {
            while (!inf.finished()) {
                out.ensureRoom();
                int n = inf.inflate(out.array(), out.size(), out.array().length - out.size());
                out.advance(n);
                if (n == 0 && !inf.finished()) {
                    if (inf.needsInput())
                        throw new FormatException(file, offset, "deflate stream ends before its last block");
                    if (inf.needsDictionary())
                        throw new FormatException(file, offset, "deflate stream asks for a preset dictionary");
                }
            }
            if (inf.getRemaining() > 0) {
                throw new FormatException(
                        file, offset, inf.getRemaining() + " bytes of trailing garbage after the deflate stream");
            }
        } catch (DataFormatException e) {
            throw new FormatException(file, offset, "bad deflate data: " + e.getMessage());
        } finally {
            inf.reset();
        }
        return out.segment();
    }

    @Override
    public boolean decompressesInto() {
        return true;
    }

    @Override
    public int decompressInto(MemorySegment input, byte[] out, int off, int room) {
        MemorySegment in = input.isMapped() ? copied(input) : input;
        if (nativeInflate) {
            int n = NativeInflate.inflate(in, out, off, room);
            if (n >= 0 && in.byteSize() > 0)
                growth16 = (int) Math.min(1 << 20, Math.max(16, 16L * n / in.byteSize() + 1));
            return Math.max(n, -1);
        }
        Inflater inf = INFLATERS.get();
        inf.reset();
        inf.setInput(in.asByteBuffer());
        try {
            int n = 0;
            while (!inf.finished()) {
                int k = inf.inflate(out, off + n, room - n);
                n += k;
                // out of room, out of input, or a preset dictionary: decompress() says which
                if (k == 0 && !inf.finished() && (n == room || inf.needsInput() || inf.needsDictionary())) return -1;
            }
            return inf.getRemaining() > 0 ? -1 : n;
        } catch (DataFormatException e) {
            return -1;
        } finally {
            inf.reset();
        }
    }

    /**
     * The whole block through libdeflate, into an array sized by the last block's growth; null
     * when it is not done (bad data, trailing bytes, over the limit), for the Inflater to redo
     * and name the problem in the same words as without libdeflate.
     */
    private static MemorySegment inflateNatively(MemorySegment in, long maxOutput) {
        long limit = Math.min(maxOutput, Integer.MAX_VALUE - 16);
        long guess = in.byteSize() * growth16 / 16 * 5 / 4 + 1024;
        int room = (int) Math.max(16, Math.min(limit, guess));
        while (true) {
            byte[] out = new byte[room];
            int n = NativeInflate.inflate(in, out, room);
            if (n >= 0) {
                if (in.byteSize() > 0) growth16 = (int) Math.min(1 << 20, Math.max(16, 16L * n / in.byteSize() + 1));
                return MemorySegment.ofArray(out).asSlice(0, n);
            }
            if (n == NativeInflate.FAILED || room >= limit) return null;
            room = (int) Math.min(limit, room * 2L);
        }
    }

    @Override
    public byte[] compress(byte[] data, int off, int len) {
        Deflater d = new Deflater(level, true);
        try {
            d.setInput(data, off, len);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(len / 3 + 64);
            byte[] buf = new byte[64 * 1024];
            while (!d.finished()) {
                int n = d.deflate(buf);
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }
}
