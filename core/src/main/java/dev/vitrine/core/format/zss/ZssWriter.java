package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.HeaderLayout.*;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.io.Crc64Xz;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.io.Uleb128;
import dev.vitrine.core.json.PythonJson;
import dev.vitrine.core.limits.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Writes a ZSS or ZS file from records given in sorted order. Memory is bounded by the block
 * size (times the few blocks being compressed in parallel) and one pending index block per
 * level, never by the file size.
 *
 * <p>Crash safety as the format asks: the partial-file magic is written first; the real
 * header goes in once everything else is written; the file is synced; only then is the real
 * magic written, and synced again. {@link #close()} without {@link #finish()} deletes the
 * file. Index blocks are built greedily, {@code branchingFactor} entries each, keyed by each
 * block's first record, every level n pointing only at level n-1 (so all root-to-leaf paths
 * have the same depth; a level with one leftover entry gets a one-entry index block).
 *
 * <pre>{@code
 * try (ZssWriter w = ZssWriter.create(path, ZssWriter.Options.of(ZssFlavor.ZSS).codec("deflate"))) {
 *     for (byte[] r : sortedRecords) w.add(r);
 *     w.finish();
 * }
 * }</pre>
 */
public final class ZssWriter implements AutoCloseable {

    /**
     * @param approxBlockSize  uncompressed record bytes per data block (a block is closed once it reaches this)
     * @param branchingFactor  entries per index block (at least 2)
     * @param metadata         a JSON object stored in the header
     * @param parallelism      threads compressing data blocks (1 = in the calling thread)
     * @param overwrite        replace an existing file instead of refusing
     */
    public record Options(
            ZssFlavor flavor,
            String codec,
            int approxBlockSize,
            int branchingFactor,
            ObjectNode metadata,
            int parallelism,
            boolean overwrite) {
        /** The reference `zss make` defaults: bz2 (ZS: lzma2), blocks of 128 KiB, branching 1024, metadata {}. */
        public static Options of(ZssFlavor flavor) {
            return new Options(
                    flavor,
                    flavor == ZssFlavor.ZSS ? "bz2" : Lzma2Codec.NAME,
                    131072,
                    1024,
                    JsonNodeFactory.instance.objectNode(),
                    Workers.parallelism(),
                    false);
        }

        public Options codec(String c) {
            return new Options(
                    flavor, flavor.codecName(c), approxBlockSize, branchingFactor, metadata, parallelism, overwrite);
        }

        public Options approxBlockSize(int n) {
            return new Options(flavor, codec, n, branchingFactor, metadata, parallelism, overwrite);
        }

        public Options branchingFactor(int n) {
            return new Options(flavor, codec, approxBlockSize, n, metadata, parallelism, overwrite);
        }

        public Options metadata(ObjectNode m) {
            return new Options(flavor, codec, approxBlockSize, branchingFactor, m, parallelism, overwrite);
        }

        public Options parallelism(int n) {
            return new Options(flavor, codec, approxBlockSize, branchingFactor, metadata, n, overwrite);
        }

        public Options overwrite(boolean b) {
            return new Options(flavor, codec, approxBlockSize, branchingFactor, metadata, parallelism, b);
        }
    }

    /** What was written. */
    public record Result(
            long records,
            long dataBlocks,
            long rootOffset,
            long rootLength,
            int rootLevel,
            long totalFileLength,
            byte[] sha256) {}

    /** Input the writer cannot take; {@link #recordNumber()} is 1-based (= the line, for text input). */
    public static class BadInputException extends IOException {
        private final long recordNumber;

        BadInputException(long recordNumber, String message) {
            super(message);
            this.recordNumber = recordNumber;
        }

        public long recordNumber() {
            return recordNumber;
        }
    }

    /** The input was not in sorted order. */
    public static final class UnsortedException extends BadInputException {
        UnsortedException(long recordNumber, String message) {
            super(recordNumber, message);
        }
    }

    /**
     * Parses metadata given as text the way the reference's json.loads does (key order kept);
     * it must be a JSON object.
     *
     * @throws IllegalArgumentException with a one-line reason otherwise
     */
    public static ObjectNode parseMetadata(String json) {
        com.fasterxml.jackson.databind.JsonNode n;
        try {
            n = MetadataJson.parse(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + dev.vitrine.core.text.Messages.reason(e));
        }
        if (n instanceof ObjectNode o) return o;
        throw new IllegalArgumentException("metadata must be a JSON object ({...}), not "
                + n.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
    }

    private record PendingBlock(Future<byte[]> compressed, byte[] payload, byte[] firstKey) {}

    private final Path path;
    private final Options opts;
    private final Codec codec;
    private final FileChannel ch;
    private final BlockOutput out;
    private final byte[] headerData;
    private final MessageDigest sha;
    private final ArrayDeque<PendingBlock> pending = new ArrayDeque<>();

    private byte[] block = new byte[1024];
    private int blockSize;
    private long blockRecordBytes;
    private int blockFirstStart = -1;
    private int prevStart = -1;
    private int prevLen;
    private byte[] prevBlockLast;
    private long records;
    private long dataBlocks;
    private boolean finished;
    private boolean closed;

    private ZssWriter(Path path, Options opts, Codec codec, FileChannel ch, byte[] headerData) {
        this.path = path;
        this.opts = opts;
        this.codec = codec;
        this.ch = ch;
        this.headerData = headerData;
        this.out = new BlockOutput(ch, codec, opts.branchingFactor());
        try {
            this.sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ZssWriter create(Path path, Options opts) throws IOException {
        Codec codec = Codecs.forName(opts.flavor(), opts.codec())
                .orElseThrow(() -> new IllegalArgumentException("unknown codec '" + opts.codec() + "' for "
                        + opts.flavor().label() + " (one of: "
                        + String.join(", ", opts.flavor().codecs()) + ")"));
        if (opts.branchingFactor() < 2) throw new IllegalArgumentException("branching factor must be at least 2");
        if (opts.approxBlockSize() < 1) throw new IllegalArgumentException("block size must be at least 1 byte");
        byte[] meta = PythonJson.dumps(
                        opts.metadata() == null ? JsonNodeFactory.instance.objectNode() : opts.metadata())
                .getBytes(StandardCharsets.UTF_8);
        byte[] codecBytes = opts.codec().getBytes(StandardCharsets.US_ASCII);
        if (codecBytes.length > CODEC_LENGTH) throw new IllegalArgumentException("codec name longer than 16 bytes");
        byte[] headerData = new byte[FIXED_DATA_LENGTH + meta.length];
        System.arraycopy(codecBytes, 0, headerData, CODEC - DATA, codecBytes.length);
        LittleEndian.putU64(headerData, METADATA_LENGTH - DATA, meta.length);
        System.arraycopy(meta, 0, headerData, METADATA - DATA, meta.length);
        LittleEndian.putU64(headerData, ROOT_OFFSET - DATA, Long.MAX_VALUE);

        FileChannel ch = opts.overwrite()
                ? FileChannel.open(
                        path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)
                : FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ZssWriter w = new ZssWriter(path, opts, codec, ch, headerData);
        try {
            w.out.put(opts.flavor().partialMagic());
            byte[] len = new byte[8];
            LittleEndian.putU64(len, 0, headerData.length);
            w.out.put(len);
            w.out.put(headerData);
            w.out.put(new byte[CRC_LENGTH]); // an invalid CRC until the header is final
        } catch (IOException | RuntimeException e) {
            w.close();
            throw e;
        }
        return w;
    }

    /** Writes all records of {@code sorted} and finishes the file. */
    public static Result write(Path path, Options opts, Iterator<byte[]> sorted) throws IOException {
        try (ZssWriter w = create(path, opts)) {
            while (sorted.hasNext()) w.add(sorted.next());
            return w.finish();
        }
    }

    public void add(byte[] record) throws IOException {
        add(record, 0, record.length);
    }

    /** Adds one record; it must not sort before the previous one. */
    public void add(byte[] b, int off, int len) throws IOException {
        if (finished || closed) throw new IllegalStateException("writer is finished");
        long n = records + 1;
        if (prevStart >= 0) {
            if (Arrays.compareUnsigned(b, off, off + len, block, prevStart, prevStart + prevLen) < 0) {
                throw unsorted(n);
            }
        } else if (prevBlockLast != null
                && Arrays.compareUnsigned(b, off, off + len, prevBlockLast, 0, prevBlockLast.length) < 0) {
            throw unsorted(n);
        }
        long max = Limits.DEFAULT.maxBlockBytes() - 16;
        if (len > max)
            throw new BadInputException(
                    n, "record " + n + " is " + len + " bytes; readers accept blocks up to " + max + " bytes");
        if ((long) blockSize + len + 10 > max) flushBlock();
        ensureBlockRoom(len + 10);
        blockSize = Uleb128.encode(len, block, blockSize);
        if (blockFirstStart < 0) blockFirstStart = blockSize;
        prevStart = blockSize;
        prevLen = len;
        System.arraycopy(b, off, block, blockSize, len);
        blockSize += len;
        blockRecordBytes += len;
        records = n;
        if (blockRecordBytes >= opts.approxBlockSize()) flushBlock();
    }

    /** Ends the current data block here, as the reference's add_data_block does (no-op if empty). */
    public void endBlock() throws IOException {
        if (finished || closed) throw new IllegalStateException("writer is finished");
        flushBlock();
    }

    private UnsortedException unsorted(long n) {
        return new UnsortedException(
                n,
                "record " + n + " sorts before record " + (n - 1)
                        + ": input must be sorted (bytewise, like LC_ALL=C sort)");
    }

    /**
     * Adds every record of {@code in}, each ended by {@code terminator} (the reference `zss make`
     * input). Returns the number of records added. Fails if the input does not end with the
     * terminator.
     */
    public long addTerminated(InputStream in, byte terminator) throws IOException {
        byte[] buf = new byte[1 << 16];
        byte[] rec = new byte[256];
        int recLen = 0;
        long added = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (buf[i] != terminator) continue;
                if (recLen == 0) {
                    add(buf, start, i - start);
                } else {
                    rec = appendTo(rec, recLen, buf, start, i - start);
                    add(rec, 0, recLen + i - start);
                    recLen = 0;
                }
                added++;
                start = i + 1;
            }
            if (start < n) {
                rec = appendTo(rec, recLen, buf, start, n - start);
                recLen += n - start;
            }
        }
        if (recLen > 0) {
            throw new BadInputException(
                    records + 1, "record " + (records + 1) + " does not end with the terminator (a truncated input?)");
        }
        return added;
    }

    private static byte[] appendTo(byte[] dst, int dstLen, byte[] src, int off, int len) {
        if (dstLen + len > dst.length) dst = Arrays.copyOf(dst, Math.max(dstLen + len, dst.length * 2));
        System.arraycopy(src, off, dst, dstLen, len);
        return dst;
    }

    private void ensureBlockRoom(int extra) {
        if (blockSize + extra > block.length) {
            block = Arrays.copyOf(block, (int)
                    Math.min(Integer.MAX_VALUE - 16, Math.max((long) blockSize + extra, block.length * 2L)));
        }
    }

    private void flushBlock() throws IOException {
        if (blockSize == 0) return;
        byte[] payload = Arrays.copyOf(block, blockSize);
        byte[] first = Arrays.copyOfRange(block, blockFirstStart, blockFirstStart + firstLength());
        prevBlockLast = Arrays.copyOfRange(block, prevStart, prevStart + prevLen);
        blockSize = 0;
        blockRecordBytes = 0;
        blockFirstStart = -1;
        prevStart = -1;
        Future<byte[]> z;
        if (opts.parallelism() > 1 && !codec.isIdentity()) {
            z = Workers.pool().submit(() -> codec.compress(payload, 0, payload.length));
        } else {
            z = java.util.concurrent.CompletableFuture.completedFuture(codec.compress(payload, 0, payload.length));
        }
        pending.add(new PendingBlock(z, payload, first));
        while (pending.size() > 2 * Math.max(1, opts.parallelism())) writePending();
    }

    private int firstLength() {
        // The first record's length is the uleb128 just before it.
        int p = blockFirstStart - 1;
        while (p > 0 && (block[p - 1] & 0x80) != 0) p--;
        try {
            return (int) Uleb128.decode(block, p, blockFirstStart).value();
        } catch (Uleb128.Invalid e) {
            throw new IllegalStateException(e);
        }
    }

    private void writePending() throws IOException {
        PendingBlock b = pending.poll();
        byte[] z;
        try {
            z = b.compressed().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while compressing", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            throw new IOException("compression failed: " + e.getCause(), e.getCause());
        }
        sha.update(b.payload());
        dataBlocks++;
        out.writeBlock(0, z, b.firstKey());
    }

    /** Writes the index, the final header, syncs, and only then the real magic. */
    public Result finish() throws IOException {
        if (finished || closed) throw new IllegalStateException("writer is finished");
        flushBlock();
        while (!pending.isEmpty()) writePending();
        if (records == 0)
            throw new IOException("no records: a " + opts.flavor().label() + " file must hold at least one record");
        BlockOutput.Entry root = out.finishIndex();
        long total = out.position();
        byte[] digest = sha.digest();
        LittleEndian.putU64(headerData, ROOT_OFFSET - DATA, root.offset());
        LittleEndian.putU64(headerData, ROOT_LENGTH - DATA, root.length());
        LittleEndian.putU64(headerData, TOTAL_LENGTH - DATA, total);
        System.arraycopy(digest, 0, headerData, SHA256 - DATA, SHA256_LENGTH);
        byte[] crc = new byte[8];
        LittleEndian.putU64(crc, 0, Crc64Xz.of(headerData, 0, headerData.length));
        out.writeAt(DATA, headerData);
        out.writeAt(DATA + headerData.length, crc);
        ch.force(true);
        out.writeAt(0, opts.flavor().magic());
        ch.force(true);
        finished = true;
        ch.close();
        closed = true;
        return new Result(records, dataBlocks, root.offset(), root.length(), out.rootLevel(), total, digest);
    }

    public long recordCount() {
        return records;
    }

    /** Closes; without a successful {@link #finish()} the incomplete file is deleted. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        for (PendingBlock b : pending) b.compressed().cancel(false);
        pending.clear();
        try {
            ch.close();
        } catch (IOException ignored) {
            // deleting below is what matters
        }
        if (!finished) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // nothing more we can do
            }
        }
    }
}
