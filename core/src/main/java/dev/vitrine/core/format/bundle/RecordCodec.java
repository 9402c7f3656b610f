package dev.vitrine.core.format.bundle;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.Uleb128;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.xerial.snappy.Snappy;

/**
 * One record's codec, both ways. A record is compressed on its own: zlib is an RFC 1950
 * stream, snappy a raw block (not framed), zstd one frame. The index stores where a record
 * starts, not its compressed length, so decoding also finds where its compressed bytes end
 * (the padding after them must be zeros, and they must not run into the next record).
 */
final class RecordCodec {
    private RecordCodec() {}

    /** A decoded record: its bytes and how many compressed bytes it took. */
    record Result(byte[] data, long compressedLength) {}

    /** Most compressed bytes a record of {@code n} bytes can take with any of our codecs. */
    static long compressedBound(long n) {
        return n + n / 6 + 1024;
    }

    static byte[] compress(CompressionType c, byte[] data, int len) throws IOException {
        return switch (c) {
            case ZLIB -> {
                Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION);
                try {
                    d.setInput(data, 0, len);
                    d.finish();
                    ByteArrayOutputStream out = new ByteArrayOutputStream(len / 2 + 64);
                    byte[] buf = new byte[64 * 1024];
                    while (!d.finished()) out.write(buf, 0, d.deflate(buf));
                    yield out.toByteArray();
                } finally {
                    d.end();
                }
            }
            case SNAPPY -> {
                byte[] out = new byte[Snappy.maxCompressedLength(len)];
                int n = Snappy.compress(data, 0, len, out, 0);
                yield java.util.Arrays.copyOf(out, n);
            }
            case ZSTD -> {
                byte[] out = new byte[(int) Zstd.compressBound(len)];
                // level 3, content size in the frame header, no checksum: what the contract says readers may expect
                long n = Zstd.compressByteArray(out, 0, out.length, data, 0, len, 3, false);
                if (Zstd.isError(n)) throw new IOException("zstd: " + Zstd.getErrorName(n));
                yield java.util.Arrays.copyOf(out, (int) n);
            }
            default -> throw new IllegalArgumentException("no records for compression " + c);
        };
    }

    /**
     * Decodes the record whose compressed bytes start at {@code in[0]}; {@code in} may run past
     * its end (into padding). The result must be exactly {@code expected} bytes.
     *
     * @throws IOException naming what is wrong, when the bytes do not decode to that
     */
    static Result decode(CompressionType c, byte[] in, int inLen, int expected) throws IOException {
        try (Decoder d = new Decoder()) {
            byte[] out = new byte[expected];
            long used = d.decode(c, ByteBuffer.wrap(in, 0, inLen).slice(), out, expected);
            return new Result(out, used);
        }
    }

    /**
     * What decoding keeps from record to record, so a long run (verify, export) allocates
     * nothing per record: a zstd context, an inflater, buffers for the compressed bytes. One per thread; close it.
     */
    static final class Decoder implements AutoCloseable {
        private ZstdDecompressCtx zstd;
        private Inflater inflater;
        private byte[] scratch = new byte[0];
        private byte[] input = new byte[0];

        /** A reused buffer of at least {@code n} bytes for a record's compressed bytes. */
        byte[] input(int n) {
            if (input.length < n) input = new byte[n];
            return input;
        }

        /**
         * Decodes the record whose compressed bytes start at {@code in}'s position 0 ({@code in}
         * may run on into padding; a mapped, direct buffer is read in place) into
         * {@code out[0, expected)}. Returns how many compressed bytes it took.
         *
         * @throws IOException naming what is wrong, when the bytes do not decode to exactly {@code expected} bytes
         */
        long decode(CompressionType c, ByteBuffer in, byte[] out, int expected) throws IOException {
            return switch (c) {
                case ZLIB -> inflate(in, out, expected);
                case SNAPPY -> unsnappy(in, out, expected);
                case ZSTD -> unzstd(in, out, expected);
                default -> throw new IOException("no records for compression " + c);
            };
        }

        private long unzstd(ByteBuffer in, byte[] out, int expected) throws IOException {
            if (zstd == null) zstd = new ZstdDecompressCtx();
            int inLen = in.remaining();
            long frame = in.isDirect()
                    ? Zstd.findDirectByteBufferFrameCompressedSize(in, 0, inLen)
                    : Zstd.findFrameCompressedSize(in.array(), in.arrayOffset(), inLen);
            if (Zstd.isError(frame)) throw new IOException("zstd frame: " + Zstd.getErrorName(frame));
            long content = in.isDirect()
                    ? Zstd.getDirectByteBufferFrameContentSize(in, 0, (int) frame)
                    : Zstd.getFrameContentSize(in.array(), in.arrayOffset(), (int) frame);
            // A frame that says its size must say the record's; one that does not is checked by decoding.
            if (content >= 0 && content != expected)
                throw new IOException("zstd frame holds " + content + " bytes, the record " + expected);
            int n;
            try {
                n = in.isDirect()
                        ? zstd.decompressDirectByteBufferToByteArray(out, 0, expected, in, 0, (int) frame)
                        : zstd.decompressByteArray(out, 0, expected, in.array(), in.arrayOffset(), (int) frame);
            } catch (RuntimeException e) {
                throw new IOException("zstd: " + e.getMessage());
            }
            if (n != expected) throw new IOException("zstd frame holds " + n + " bytes, the record " + expected);
            return frame;
        }

        private long inflate(ByteBuffer in, byte[] out, int expected) throws IOException {
            if (inflater == null) inflater = new Inflater(false);
            Inflater inf = inflater;
            inf.reset();
            try {
                inf.setInput(in.duplicate());
                int n = 0;
                while (n < expected && !inf.finished()) {
                    int k = inf.inflate(out, n, expected - n);
                    if (k == 0 && (inf.needsInput() || inf.needsDictionary())) break;
                    n += k;
                }
                if (n == expected && !inf.finished()) {
                    // the stream may still need to read its Adler-32 trailer, or hold more data than it should
                    byte[] one = new byte[1];
                    int extra = inf.inflate(one);
                    if (extra > 0)
                        throw new IOException("zlib stream holds more than the record's " + expected + " bytes");
                }
                if (!inf.finished()) {
                    throw new IOException(
                            n < expected
                                    ? "zlib stream ends after " + n + " of " + expected + " bytes"
                                    : "zlib stream does not end");
                }
                if (n != expected) throw new IOException("zlib stream holds " + n + " bytes, the record " + expected);
                return inf.getBytesRead();
            } catch (DataFormatException e) {
                throw new IOException("zlib: " + e.getMessage());
            }
        }

        private long unsnappy(ByteBuffer buf, byte[] out, int expected) throws IOException {
            int inLen = buf.remaining();
            byte[] in;
            if (buf.hasArray() && buf.arrayOffset() == 0) {
                in = buf.array();
            } else {
                if (scratch.length < inLen) scratch = new byte[inLen];
                buf.duplicate().get(scratch, 0, inLen);
                in = scratch;
            }
            int pos = snappyEnd(in, inLen, expected);
            int n;
            try {
                n = Snappy.uncompress(in, 0, pos, out, 0);
            } catch (IOException e) {
                throw new IOException("snappy: " + e.getMessage());
            }
            if (n != expected) throw new IOException("snappy block holds " + n + " bytes, the record " + expected);
            return pos;
        }

        @Override
        public void close() {
            if (zstd != null) zstd.close();
            if (inflater != null) inflater.end();
            zstd = null;
            inflater = null;
        }
    }

    /** Where a raw snappy block holding {@code expected} bytes ends: it does not say, so walk its elements. */
    private static int snappyEnd(byte[] in, int inLen, int expected) throws IOException {
        long total;
        int pos;
        try {
            Uleb128.Decoded d = Uleb128.decode(in, 0, inLen);
            // Snappy's preamble is a varint32: at most five bytes.
            if (d.length() > 5) throw new IOException("snappy: bad length preamble");
            total = d.value();
            pos = d.length();
        } catch (Uleb128.Invalid e) {
            throw new IOException("snappy: bad length preamble");
        }
        if (total != expected) throw new IOException("snappy block holds " + total + " bytes, the record " + expected);
        long produced = 0;
        while (produced < total) {
            if (pos >= inLen) throw new IOException("snappy block ends after " + produced + " of " + total + " bytes");
            int tag = in[pos++] & 0xff;
            switch (tag & 3) {
                case 0 -> {
                    long len = (tag >>> 2) + 1;
                    if (len > 60) {
                        int bytes = (int) len - 60;
                        if (pos + bytes > inLen) throw new IOException("snappy: truncated literal length");
                        long l = 0;
                        for (int i = 0; i < bytes; i++) l |= (long) (in[pos + i] & 0xff) << (8 * i);
                        pos += bytes;
                        len = l + 1;
                    }
                    if (len > inLen - pos) throw new IOException("snappy: literal runs past the available bytes");
                    pos += (int) len;
                    produced += len;
                }
                case 1 -> {
                    pos += 1;
                    produced += ((tag >>> 2) & 7) + 4;
                }
                case 2 -> {
                    pos += 2;
                    produced += (tag >>> 2) + 1;
                }
                default -> {
                    pos += 4;
                    produced += (tag >>> 2) + 1;
                }
            }
            if (pos > inLen) throw new IOException("snappy block runs past the available bytes");
        }
        if (produced != total) throw new IOException("snappy block decodes to more than its " + total + " bytes");
        return pos;
    }
}
