package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.SegmentInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/** One complete bzip2 stream ("BZh9...") per block, as Python's bz2 module writes it. */
final class Bzip2Codec implements Codec {

    @Override
    public String name() {
        return "bz2";
    }

    @Override
    public MemorySegment decompress(MemorySegment input, long maxOutput, String file, long offset)
            throws FormatException {
        if (input.byteSize() == 0) throw new FormatException(file, offset, "bad bz2 data: empty stream");
        try (var in = new BZip2CompressorInputStream(new SegmentInputStream(input), true)) {
            // Concatenated streams are accepted, as Python's bz2.decompress does; anything else
            // after the stream fails in the decoder as "not in the BZip2 format".
            return StreamDecompression.drain(in, input.byteSize(), maxOutput, file, offset, "bz2");
        } catch (FormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new FormatException(file, offset, "bad bz2 data: " + e.getMessage());
        }
    }

    @Override
    public byte[] compress(byte[] data, int off, int len) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(len / 4 + 64);
        // bzip2 works in blocks of level × 100 000 bytes; a smaller level for a smaller payload
        // compresses identically and saves allocating (and clearing) 900 KB tables per block.
        int level = (int) Math.max(1, Math.min(9, (len + 99_999L) / 100_000));
        try (var bz = new BZip2CompressorOutputStream(out, level)) {
            bz.write(data, off, len);
        }
        return out.toByteArray();
    }
}
