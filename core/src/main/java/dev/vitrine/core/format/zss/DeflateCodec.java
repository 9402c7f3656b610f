package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
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

    DeflateCodec() {
        this(6); // what the reference writer uses
    }

    DeflateCodec(int level) {
        this.level = level;
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
    private static java.nio.ByteBuffer copied(MemorySegment input) {
        int n = (int) input.byteSize();
        byte[] b = COPY.get();
        if (b.length < n) COPY.set(b = new byte[Math.max(n, b.length * 2)]);
        MemorySegment.copy(input, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, b, 0, n);
        return java.nio.ByteBuffer.wrap(b, 0, n);
    }

    @Override
    public MemorySegment decompress(MemorySegment input, long maxOutput, String file, long offset)
            throws FormatException {
        Inflater inf = INFLATERS.get();
        inf.reset();
        inf.setInput(input.isMapped() ? copied(input) : input.asByteBuffer());
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
