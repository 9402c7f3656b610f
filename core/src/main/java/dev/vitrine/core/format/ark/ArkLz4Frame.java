package dev.vitrine.core.format.ark;

import java.io.IOException;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Decodes one LZ4 frame held whole in memory straight into an array of its content size.
 * lz4-java's frame stream allocates two buffers of the frame's block size for every frame
 * (8 MB for the 4 MB blocks our writer and others declare), which for a log of many small
 * messages was gigabytes of garbage per verify and a heap grown to match; here the only
 * allocation is the output. Frames that depend on earlier blocks fail as malformed, as they
 * did with the stream.
 */
final class ArkLz4Frame {
    private ArkLz4Frame() {}

    private static final int MAGIC = 0x184D2204;
    private static final LZ4SafeDecompressor LZ4 = LZ4Factory.fastestInstance().safeDecompressor();
    private static final XXHash32 XXH = XXHashFactory.fastestInstance().hash32();

    /** The frame's content; it must fill {@code b} exactly and decode to at most {@code max} bytes. */
    static byte[] decode(byte[] b, long max) throws IOException {
        int p;
        if (b.length < 7 || intAt(b, 0) != MAGIC)
            throw new IOException("lz4 frame: not an LZ4 frame (no magic number)");
        int flg = b[4] & 0xff;
        int bd = b[5] & 0xff;
        if ((flg >>> 6) != 1) throw new IOException("lz4 frame: version " + (flg >>> 6) + " is not supported");
        if ((flg & 0x02) != 0 || (bd & 0x8f) != 0) throw new IOException("lz4 frame: reserved descriptor bits are set");
        int sizeCode = (bd >>> 4) & 7;
        if (sizeCode < 4) throw new IOException("lz4 frame: block size code " + sizeCode + " is not defined");
        int blockMax = 1 << (2 * sizeCode + 8);
        boolean blockSums = (flg & 0x10) != 0;
        boolean hasSize = (flg & 0x08) != 0;
        boolean contentSum = (flg & 0x04) != 0;
        int descriptor = 2 + (hasSize ? 8 : 0) + ((flg & 0x01) != 0 ? 4 : 0);
        p = 4 + descriptor;
        if (b.length < p + 1) throw new IOException("lz4 frame: ends inside its header");
        if (((XXH.hash(b, 4, descriptor, 0) >>> 8) & 0xff) != (b[p] & 0xff))
            throw new IOException("lz4 frame: header checksum does not match");
        p++;
        long declared = hasSize ? longAt(b, 6) : -1;
        if (declared > max || (hasSize && (declared < 0 || declared > Integer.MAX_VALUE - 16))) {
            throw new IOException(
                    "lz4 frame declares " + Long.toUnsignedString(declared) + " bytes, over the limit of " + max);
        }
        // The most bytes held: the declared size, or one over the limit (which tells a frame that exceeds it).
        long end = hasSize ? declared : Math.min(max + 1, Integer.MAX_VALUE - 16);
        byte[] out = new byte[(int) (hasSize ? declared : Math.min(end, 1 << 16))];
        int n = 0;
        while (true) {
            if (b.length - p < 4) throw new IOException("lz4 frame: ends before its end mark");
            int word = intAt(b, p);
            p += 4;
            if (word == 0) break;
            boolean stored = word < 0;
            int len = word & 0x7fffffff;
            if (len > blockMax)
                throw new IOException("lz4 frame: block at byte " + (p - 4) + " is " + len
                        + " bytes, over the frame's block size of " + blockMax);
            if (b.length - p < len + (blockSums ? 4 : 0))
                throw new IOException("lz4 frame: ends inside the block at byte " + (p - 4));
            if (blockSums && XXH.hash(b, p, len, 0) != intAt(b, p + len))
                throw new IOException("lz4 frame: block at byte " + (p - 4) + ": checksum does not match");
            int room = (int) Math.min(blockMax, end - n);
            if (out.length - n < room)
                out = java.util.Arrays.copyOf(out, (int) Math.min(end, Math.max(n + (long) room, 2L * out.length)));
            int got;
            if (stored) {
                if (len > room) got = -1;
                else {
                    System.arraycopy(b, p, out, n, len);
                    got = len;
                }
            } else {
                try {
                    got = LZ4.decompress(b, p, len, out, n, room);
                } catch (LZ4Exception e) {
                    // Too little room left: the frame goes past its declared size or the limit.
                    if (room < blockMax && (hasSize || end > max)) got = -1;
                    else
                        throw new IOException("lz4 frame: block at byte " + (p - 4) + " does not decode ("
                                + ArkCodec.plain(e.getMessage()) + ")");
                }
            }
            if (got < 0 || n + (long) got > max)
                throw new IOException("lz4 frame decodes to more than "
                        + (hasSize ? "the " + declared + " bytes it declares" : "the limit of " + max + " bytes"));
            n += got;
            p += len + (blockSums ? 4 : 0);
        }
        if (hasSize && n != declared) throw new IOException("lz4 frame gave " + n + " bytes, declares " + declared);
        if (contentSum) {
            if (b.length - p < 4) throw new IOException("lz4 frame: ends before its content checksum");
            if (XXH.hash(out, 0, n, 0) != intAt(b, p))
                throw new IOException("lz4 frame: content checksum does not match");
            p += 4;
        }
        if (p != b.length)
            throw new IOException("lz4 frame ends " + (b.length - p) + " bytes before the message's end");
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }

    private static int intAt(byte[] b, int i) {
        return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | (b[i + 3] & 0xff) << 24;
    }

    private static long longAt(byte[] b, int i) {
        return (intAt(b, i) & 0xffffffffL) | (long) intAt(b, i + 4) << 32;
    }
}
