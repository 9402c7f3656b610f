package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.SegmentInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import org.tukaani.xz.ArrayCache;
import org.tukaani.xz.BasicArrayCache;
import org.tukaani.xz.FinishableOutputStream;
import org.tukaani.xz.FinishableWrapperOutputStream;
import org.tukaani.xz.LZMA2InputStream;
import org.tukaani.xz.LZMA2Options;

/** ZS v0.10's "lzma2;dsize=2^20": a raw LZMA2 stream (no .xz container) with a 1 MiB dictionary. */
final class Lzma2Codec implements Codec {
    static final String NAME = "lzma2;dsize=2^20";
    private static final int DICT = 1 << 20;
    /** Reuses the encoder tables between blocks instead of allocating them per block. */
    private static final ArrayCache CACHE = BasicArrayCache.getInstance();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public MemorySegment decompress(MemorySegment input, long maxOutput, String file, long offset)
            throws FormatException {
        SegmentInputStream raw = new SegmentInputStream(input);
        MemorySegment out;
        try (var in = new LZMA2InputStream(raw, DICT)) {
            out = StreamDecompression.drain(in, input.byteSize(), maxOutput, file, offset, "LZMA2");
        } catch (IOException e) {
            throw new FormatException(file, offset, "bad LZMA2 data: " + e.getMessage());
        }
        // The decoder stops at the end marker; the reference rejects anything after it.
        if (raw.remaining() > 0) throw new FormatException(file, offset, "trailing garbage after LZMA2 stream");
        return out;
    }

    @Override
    public byte[] compress(byte[] data, int off, int len) throws IOException {
        LZMA2Options opts = new LZMA2Options(0);
        // A dictionary larger than the payload buys nothing; any size up to the decoder's 1 MiB is valid.
        opts.setDictSize(Math.max(
                LZMA2Options.DICT_SIZE_MIN, Math.min(DICT, Integer.highestOneBit(Math.max(1, len - 1)) << 1)));
        ByteArrayOutputStream out = new ByteArrayOutputStream(len / 4 + 64);
        FinishableOutputStream lz = opts.getOutputStream(new FinishableWrapperOutputStream(out), CACHE);
        lz.write(data, off, len);
        lz.finish();
        lz.close();
        return out.toByteArray();
    }
}
