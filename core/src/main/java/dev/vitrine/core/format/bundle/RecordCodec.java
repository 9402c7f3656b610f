package dev.vitrine.core.format.bundle;

import com.github.luben.zstd.Zstd;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
        return switch (c) {
            case ZLIB -> inflate(in, inLen, expected);
            case SNAPPY -> unsnappy(in, inLen, expected);
            case ZSTD -> unzstd(in, inLen, expected);
            default -> throw new IOException("no records for compression " + c);
        };
    }

    private static Result inflate(byte[] in, int inLen, int expected) throws IOException {
        Inflater inf = new Inflater(false);
        try {
            inf.setInput(in, 0, inLen);
            byte[] out = new byte[expected];
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
                if (extra > 0) throw new IOException("zlib stream holds more than the record's " + expected + " bytes");
            }
            if (!inf.finished()) {
                throw new IOException(n < expected ? "zlib stream ends after " + n + " of " + expected + " bytes"
                        : "zlib stream does not end");
            }
            if (n != expected) throw new IOException("zlib stream holds " + n + " bytes, the record " + expected);
            return new Result(out, inf.getBytesRead());
        } catch (DataFormatException e) {
            throw new IOException("zlib: " + e.getMessage());
        } finally {
            inf.end();
        }
    }

    private static Result unzstd(byte[] in, int inLen, int expected) throws IOException {
        long frame = Zstd.findFrameCompressedSize(in, 0, inLen);
        if (Zstd.isError(frame)) throw new IOException("zstd frame: " + Zstd.getErrorName(frame));
        byte[] out = new byte[expected];
        long n = Zstd.decompressByteArray(out, 0, expected, in, 0, (int) frame);
        if (Zstd.isError(n)) throw new IOException("zstd: " + Zstd.getErrorName(n));
        if (n != expected) throw new IOException("zstd frame holds " + n + " bytes, the record " + expected);
        return new Result(out, frame);
    }

    private static Result unsnappy(byte[] in, int inLen, int expected) throws IOException {
        // A raw snappy block does not say how long it is: walk its elements to find its end.
        int pos = 0;
        long total = 0;
        int shift = 0;
        while (true) {
            if (pos >= inLen || shift > 28) throw new IOException("snappy: bad length preamble");
            int b = in[pos++] & 0xff;
            total |= (long) (b & 0x7f) << shift;
            shift += 7;
            if ((b & 0x80) == 0) break;
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
        byte[] out = new byte[expected];
        int n;
        try {
            n = Snappy.uncompress(in, 0, pos, out, 0);
        } catch (IOException e) {
            throw new IOException("snappy: " + e.getMessage());
        }
        if (n != expected) throw new IOException("snappy block holds " + n + " bytes, the record " + expected);
        return new Result(out, pos);
    }
}
