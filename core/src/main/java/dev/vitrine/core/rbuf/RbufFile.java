package dev.vitrine.core.rbuf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The "rbuf serializable file" container (verified): {@code content · trailer block ·
 * u32 trailer_block_size · u64 content_size · u8 version · 16-byte magic}; the trailer block
 * holds two strings, the type name and the schema IR JSON. D10: our reader requires
 * content_size + trailer_block_size + 29 = file size and the trailer block to be exactly the
 * two strings.
 *
 * @param contentSize      bytes of content at offset 0
 * @param trailerOffset    where the trailer block starts (= contentSize)
 * @param trailerBlockSize bytes of the trailer block
 * @param typeNameOffset   offset of the type name string's length prefix
 * @param irOffset         offset of the IR string's length prefix
 */
public record RbufFile(
        long fileSize,
        long contentSize,
        long trailerOffset,
        long trailerBlockSize,
        int version,
        String typeName,
        String irJson,
        long typeNameOffset,
        long irOffset) {

    public static final byte[] MAGIC = {
        (byte) 0xb6,
        0x48,
        (byte) 0xf0,
        (byte) 0xe8,
        (byte) 0xfc,
        (byte) 0xe9,
        (byte) 0xeb,
        0x53,
        0x1f,
        (byte) 0xea,
        0x4c,
        0x6b,
        0x29,
        (byte) 0xab,
        (byte) 0x81,
        (byte) 0xbc
    };
    /** u32 trailer size + u64 content size + u8 version + magic. */
    public static final int TAIL = 4 + 8 + 1 + 16;

    public static final int VERSION = 1;

    /** Reads what parsing needs: the last {@link #TAIL} bytes and then the trailer block. */
    public interface Reader {
        long size();

        byte[] read(long offset, int length) throws java.io.IOException;
    }

    /** True when the file ends with the magic (cheap: for detection). */
    public static boolean hasMagic(Reader r) {
        try {
            if (r.size() < TAIL) return false;
            return Arrays.equals(r.read(r.size() - 16, 16), MAGIC);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Parses the tail and trailer; RbufException (offset in the file) when they are damaged. */
    public static RbufFile parse(Reader r, long maxTrailerBytes) throws java.io.IOException {
        long size = r.size();
        if (size < TAIL)
            throw new RbufException(
                    0, "file of " + size + " bytes is shorter than the " + TAIL + "-byte serializable-file tail");
        byte[] tail = r.read(size - TAIL, TAIL);
        if (!Arrays.equals(Arrays.copyOfRange(tail, 13, 29), MAGIC)) {
            throw new RbufException(size - 16, "serializable-file magic missing at the end");
        }
        long trailerSize = le(tail, 0, 4);
        long contentSize = le(tail, 4, 8);
        int version = tail[12] & 0xff;
        if (version != VERSION)
            throw new RbufException(size - 17, "serializable-file version " + version + ", expected " + VERSION);
        if (contentSize < 0 || trailerSize > size || contentSize > size || contentSize + trailerSize + TAIL != size) {
            throw new RbufException(
                    size - TAIL,
                    "sizes do not add up: content " + Long.toUnsignedString(contentSize) + " + trailer " + trailerSize
                            + " + " + TAIL + " != file size " + size);
        }
        if (trailerSize > maxTrailerBytes)
            throw new RbufException(contentSize, "trailer of " + trailerSize + " bytes is over the limit");
        byte[] t = r.read(contentSize, (int) trailerSize);
        int p = 0;
        if (t.length < 4) throw new RbufException(contentSize, "trailer too short for the type name");
        long n1 = le(t, 0, 4);
        if (n1 > t.length - 4)
            throw new RbufException(contentSize, "type name length " + n1 + " runs past the trailer");
        String type = new String(t, 4, (int) n1, StandardCharsets.UTF_8);
        p = 4 + (int) n1;
        if (t.length - p < 4) throw new RbufException(contentSize + p, "trailer too short for the schema IR");
        long n2 = le(t, p, 4);
        if (n2 != t.length - p - 4) {
            throw new RbufException(
                    contentSize + p,
                    "schema IR length " + n2 + " does not end the trailer block (" + (t.length - p - 4)
                            + " bytes left)");
        }
        String ir = new String(t, p + 4, (int) n2, StandardCharsets.UTF_8);
        return new RbufFile(
                size, contentSize, contentSize, trailerSize, version, type, ir, contentSize, contentSize + p);
    }

    public static RbufFile parse(byte[] file) throws java.io.IOException {
        return parse(
                new Reader() {
                    @Override
                    public long size() {
                        return file.length;
                    }

                    @Override
                    public byte[] read(long offset, int length) {
                        return Arrays.copyOfRange(file, (int) offset, (int) offset + length);
                    }
                },
                Integer.MAX_VALUE);
    }

    private static long le(byte[] b, int off, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) v = (v << 8) | (b[off + i] & 0xff);
        return v;
    }

    /** The whole file: {@code content}, then the trailer (type name, IR JSON), sizes, version and magic. */
    public static byte[] write(byte[] content, String typeName, String irJson) {
        RbufEncoder e = new RbufEncoder(null);
        e.bytes(content);
        int before = e.size();
        e.string(typeName);
        e.string(irJson);
        int trailer = e.size() - before;
        e.le(trailer, 4);
        e.le(content.length, 8);
        e.u8(VERSION);
        e.bytes(MAGIC);
        return e.toByteArray();
    }
}
