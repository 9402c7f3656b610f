package dev.vitrine.core.format.ark;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import net.jpountz.lz4.LZ4FrameOutputStream;

/**
 * D14: the per-message compression of a column. "zstd" = one zstd frame per message (level 3,
 * content size and checksum present); "lz4" = one LZ4 frame (content size and checksum, default
 * blocks); "" and "none" = raw. Names compared case-insensitively; anything else is
 * {@link #UNKNOWN}: its bytes are shown raw and the reader says so.
 */
public enum ArkCodec {
    NONE("none"),
    ZSTD("zstd"),
    LZ4("lz4"),
    UNKNOWN("?");

    /** zstd contexts are costly to make (hundreds of KB each): one per thread, reused per message. */
    private static final ThreadLocal<ZstdCompressCtx> CCTX = ThreadLocal.withInitial(() -> {
        ZstdCompressCtx c = new ZstdCompressCtx();
        c.setLevel(3);
        c.setContentSize(true);
        c.setChecksum(true);
        return c;
    });

    private static final ThreadLocal<com.github.luben.zstd.ZstdDecompressCtx> DCTX =
            ThreadLocal.withInitial(com.github.luben.zstd.ZstdDecompressCtx::new);

    /** The name our writer writes (lower case, D14). */
    public final String wireName;

    ArkCodec(String wireName) {
        this.wireName = wireName;
    }

    public static ArkCodec of(String compressionType) {
        String s = compressionType == null ? "" : compressionType.toLowerCase(Locale.ROOT);
        return switch (s) {
            case "", "none" -> NONE;
            case "zstd" -> ZSTD;
            case "lz4" -> LZ4;
            default -> UNKNOWN;
        };
    }

    public byte[] compress(byte[] raw) {
        try {
            return switch (this) {
                case NONE, UNKNOWN -> raw.clone();
                case ZSTD -> CCTX.get().compress(raw);
                case LZ4 -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 2 + 32);
                    try (LZ4FrameOutputStream z = new LZ4FrameOutputStream(
                            out,
                            LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB,
                            raw.length,
                            LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
                            LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE,
                            LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
                        z.write(raw);
                    }
                    yield out.toByteArray();
                }
            };
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Decompresses one message; IOException with a plain message when the frame is damaged or over {@code max} bytes. */
    public byte[] decompress(byte[] stored, long max) throws IOException {
        switch (this) {
            case NONE, UNKNOWN:
                return stored;
            case ZSTD: {
                long frame;
                try {
                    frame = Zstd.findFrameCompressedSize(stored);
                } catch (ZstdException e) {
                    throw new IOException("zstd frame: " + e.getMessage());
                }
                if (Zstd.isError(frame)) throw new IOException("zstd frame: " + Zstd.getErrorName(frame));
                if (frame != stored.length)
                    throw new IOException("zstd frame ends after " + frame + " of " + stored.length + " bytes");
                long n = Zstd.getFrameContentSize(stored);
                if (n < 0)
                    return readBounded(
                            new com.github.luben.zstd.ZstdInputStream(new ByteArrayInputStream(stored)), max, "zstd");
                if (n > max) throw new IOException("zstd frame declares " + n + " bytes, over the limit of " + max);
                try {
                    byte[] out = new byte[(int) n];
                    com.github.luben.zstd.ZstdDecompressCtx d = DCTX.get();
                    d.reset();
                    int got = d.decompressByteArray(out, 0, out.length, stored, 0, stored.length);
                    if (got != n) throw new IOException("zstd frame gave " + got + " bytes, declares " + n);
                    return out;
                } catch (ZstdException | IllegalStateException e) {
                    throw new IOException("zstd: " + e.getMessage());
                }
            }
            case LZ4: {
                try {
                    return ArkLz4Frame.decode(stored, max);
                } catch (RuntimeException e) {
                    throw new IOException("lz4 frame: " + plain(e.getMessage()));
                }
            }
            default:
                throw new AssertionError(this);
        }
    }

    private static byte[] readBounded(InputStream in, long max, String what) throws IOException {
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] b = new byte[8192];
            long total = 0;
            int n;
            while ((n = in.read(b)) > 0) {
                total += n;
                if (total > max)
                    throw new IOException(what + " frame decodes to more than the limit of " + max + " bytes");
                out.write(b, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw e.getMessage() != null && e.getMessage().startsWith(what)
                    ? e
                    : new IOException(what + " frame: " + plain(e.getMessage()));
        }
    }

    /** A library's message without the exception class it wraps ("net.jpountz.lz4.LZ4Exception: Error decoding..." reads "Error decoding..."). */
    static String plain(String message) {
        if (message == null) return "damaged";
        return message.replaceFirst("^(?:[a-z_][\\w]*\\.)+[A-Z]\\w*(?:Exception|Error): ", "");
    }
}
