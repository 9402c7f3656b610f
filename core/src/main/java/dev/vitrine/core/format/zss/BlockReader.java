package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.Crc64Xz;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.io.Uleb128;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reads block frames, checks their CRCs and decodes their payloads, straight from the mapped
 * file: no copies for codec "none". Thread-safe (stateless over an immutable mapping).
 */
final class BlockReader {
    private final String file;
    private final ByteSource src;
    /** The whole file when it is mapped (local); null for a remote source, read span by span. */
    private final MemorySegment data;

    private final long size;
    private final Codec codec;
    private final long maxBlockBytes;
    /**
     * Recently decompressed payloads by block offset: browsing, info and repeated scans touch
     * the same few blocks (the root above all), and bz2 in particular allocates megabytes per
     * stream. Bounded in bytes; the file is read-only, so entries never go stale.
     */
    private final ParsedCache<MemorySegment> decoded = new ParsedCache<>(CACHE_BYTES, MemorySegment::byteSize);

    /** Payloads the archive's parsed-block caches keep, asked before decoding one again. */
    private volatile java.util.function.LongFunction<MemorySegment> keptElsewhere = offset -> null;

    private static final long CACHE_BYTES = 8L << 20;
    private static final long CACHE_ENTRY_MAX = 1L << 20;
    /** A frame's length prefix (uleb128, at most 10 bytes) and its level byte. */
    private static final long HEAD_BYTES = 11;

    BlockReader(ByteSource src, Codec codec, long maxBlockBytes) throws TruncatedException {
        this.file = src.name();
        this.size = src.size();
        this.src = src;
        this.data = src.whole().orElse(null);
        this.codec = codec;
        this.maxBlockBytes = maxBlockBytes;
    }

    String file() {
        return file;
    }

    long size() {
        return size;
    }

    /** The whole mapped file, or null when the source is read by ranges. */
    MemorySegment data() {
        return data;
    }

    /**
     * Reads {@code n} bytes at {@code offset} into {@code dst} without touching the mapping: a local
     * file through the file itself (the kernel copies from its page cache, where a first read of
     * each mapped page costs a fault), a remote one from its source.
     */
    void read(long offset, byte[] dst, int n) throws java.io.IOException {
        if (data != null) src.read(offset, java.nio.ByteBuffer.wrap(dst, 0, n));
        else src.read(offset, dst, 0, n);
    }

    /** Copies {@code n} bytes at {@code offset} into {@code dst}: from the mapping, or read from the source. */
    void copy(long offset, byte[] dst, int n) throws TruncatedException {
        if (data != null) MemorySegment.copy(data, java.lang.foreign.ValueLayout.JAVA_BYTE, offset, dst, 0, n);
        else src.read(offset, dst, 0, n);
    }

    /** A scan will read on from {@code offset}: a source read by ranges asks for what follows now, side by side. */
    void willRead(long offset, long length) {
        if (data == null) src.willRead(offset, length);
    }

    /** A scan will not come back before {@code offset}: a source read by ranges reuses that memory first. */
    void passed(long offset) {
        if (data == null) src.passed(offset);
    }

    /** {@code length} bytes at {@code offset}: a view of the mapping, or a span read from the source. */
    MemorySegment slice(long offset, long length) throws TruncatedException {
        return data != null ? data.asSlice(offset, length) : src.segment(offset, length);
    }

    Codec codec() {
        return codec;
    }

    /**
     * The frame at {@code offset}, bounds-checked against {@code limit} (the file size, or the
     * end of a range an index entry promised). Null when {@code offset == limit} (clean end).
     */
    BlockFrame frameAt(long offset, long limit) throws FormatException {
        limit = Math.min(limit, size);
        if (offset < 0 || offset > limit) {
            // Callers that know who pointed here check first and blame the pointer instead.
            throw new FormatException(
                    file,
                    Math.max(0, Math.min(offset, size)),
                    "block offset " + Long.toUnsignedString(offset) + " is outside the file (" + size + " bytes)");
        }
        if (offset == limit) return null;
        // the length prefix (at most 10 bytes) and the level byte, in one span
        return frameOf(slice(offset, Math.min(HEAD_BYTES, limit - offset)), offset, limit);
    }

    /**
     * The frame at {@code offset} read from {@code window}, a copy of the file's bytes from {@code
     * base} on; null when its head runs past the window's end short of {@code limit} (the caller
     * reads on from there). {@code offset} is below {@code limit}, which is at most the file's size.
     */
    BlockFrame frameIn(MemorySegment window, long base, long offset, long limit) throws FormatException {
        long headLength = Math.min(HEAD_BYTES, limit - offset);
        if (offset - base + headLength > window.byteSize()) return null;
        return frameOf(window.asSlice(offset - base, headLength), offset, limit);
    }

    /** The frame whose head (its length prefix and level byte, or fewer bytes at the limit) is {@code head}. */
    private BlockFrame frameOf(MemorySegment head, long offset, long limit) throws FormatException {
        long value;
        try {
            value = Uleb128.decode(head, 0, head.byteSize());
        } catch (Uleb128.Invalid e) {
            throw new FormatException(
                    file,
                    offset,
                    RecordCursor.referenceMessage(e, "unexpectedly ran out of data while reading uleb128"));
        }
        int prefix = Uleb128.encodedLength(value);
        long room = limit - offset - prefix;
        if (Long.compareUnsigned(value, room) > 0 || room - value < BlockFrame.CRC_LENGTH) {
            throw new FormatException(
                    file,
                    offset,
                    "unexpected EOF: block at " + offset + " needs "
                            + unsignedSum(prefix + BlockFrame.CRC_LENGTH, value) + " bytes, but only "
                            + (limit - offset) + " remain");
        }
        int level = value == 0 ? -1 : head.get(ValueLayout.JAVA_BYTE, prefix) & 0xff;
        return new BlockFrame(offset, prefix, value, level);
    }

    /** {@code small + value} with value a u64, in decimal: a hostile length may use all 64 bits. */
    private static String unsignedSum(long small, long value) {
        return java.math.BigInteger.valueOf(small)
                .add(new java.math.BigInteger(Long.toUnsignedString(value)))
                .toString();
    }

    long storedCrc(BlockFrame f) throws TruncatedException {
        return data != null ? data.get(LittleEndian.U64, f.crcOffset()) : src.readU64LE(f.crcOffset());
    }

    long computedCrc(BlockFrame f) throws TruncatedException {
        return data != null
                ? Crc64Xz.of(data, f.levelOffset(), f.bodyLength())
                : Crc64Xz.of(slice(f.levelOffset(), f.bodyLength()), 0, f.bodyLength());
    }

    boolean crcOk(BlockFrame f) throws TruncatedException {
        return storedCrc(f) == computedCrc(f);
    }

    void checkCrc(BlockFrame f) throws FormatException {
        if (!crcOk(f)) throw new FormatException(file, f.offset(), "checksum mismatch at " + f.offset());
    }

    /** The compressed payload as stored. */
    MemorySegment rawPayload(BlockFrame f) throws TruncatedException {
        return slice(f.payloadOffset(), f.payloadLength());
    }

    /** The decompressed payload, not cached: for a scan that reads each block once (verify). */
    MemorySegment payloadOnce(BlockFrame f) throws FormatException {
        if (codec == null || codec.isIdentity()) return payload(f);
        return codec.decompress(rawPayload(f), maxBlockBytes, file, f.offset());
    }

    /**
     * The decompressed payload written into {@code out[off, off+room)} (a compressed codec's
     * fast path, see {@link Codec#decompressInto}): its length, or -1 when not done there.
     */
    int payloadInto(BlockFrame f, byte[] out, int off, int room) throws TruncatedException {
        if (codec == null || codec.isIdentity()) return -1;
        return codec.decompressInto(rawPayload(f), out, off, (int) Math.min(room, maxBlockBytes));
    }

    /** Empties the decoded payloads cache (see {@link dev.vitrine.core.format.Archive#releaseCaches}). */
    void releaseDecoded() {
        decoded.clear();
    }

    /** The decoded payloads kept, for {@link ZssArchive#cachedBytes}. */
    java.util.List<MemorySegment> decodedKept() {
        return decoded.values();
    }

    /** Where else decoded payloads are kept (the parsed blocks), so a block is not decoded into a second copy. */
    void alsoKeptBy(java.util.function.LongFunction<MemorySegment> lookup) {
        keptElsewhere = lookup;
    }

    /** The decompressed payload (a view of the file for codec none), kept for the next read. */
    MemorySegment payload(BlockFrame f) throws FormatException {
        return payload(f, true);
    }

    /**
     * The decompressed payload (a view of the file for codec none). {@code keep}: whether the
     * decoded cache keeps it; false when the caller keeps it (a parsed block), so the cache's
     * bytes are not spent on a payload already held.
     */
    MemorySegment payload(BlockFrame f, boolean keep) throws FormatException {
        if (codec == null)
            throw new FormatException(file, f.offset(), "cannot decode block: unrecognized compression codec");
        if (codec.isIdentity()) return rawPayload(f);
        MemorySegment hit = decoded.get(f.offset());
        if (hit != null) return hit;
        MemorySegment held = keptElsewhere.apply(f.offset());
        if (held != null) return held;
        MemorySegment p = codec.decompress(rawPayload(f), maxBlockBytes, file, f.offset());
        if (keep && p.byteSize() <= CACHE_ENTRY_MAX) decoded.put(f.offset(), p);
        return p;
    }
}
