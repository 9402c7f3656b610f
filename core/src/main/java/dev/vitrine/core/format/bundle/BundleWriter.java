package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleRecordMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleShardHeader;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.AtomicWrite;
import dev.vitrine.core.io.FileTrees;
import dev.vitrine.core.io.LocalNames;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.FlushOptions;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * Writes a folder as a DataBundle, to the contract (shared/specs/databundle-notes.md):
 * <ul>
 *   <li>entries (files and folders) in bytewise order of their full UTF-8 path; every folder
 *       under the input gets a DIRECTORY entry; symbolic links and special files are skipped;</li>
 *   <li>files fill shards in turn: a new shard starts when the next file would take the current
 *       shard's uncompressed stream past {@code maxShardSize} (a file larger than that gets a
 *       shard of its own; files never span shards);</li>
 *   <li>the stream is cut into records of {@code recordSize}; a file of 1 MiB or more first ends
 *       the record being filled; each record is compressed alone and written at the next
 *       multiple of {@code blockSize}, zero padding between and after; an all-zero record is
 *       not written ({@code all_zeros}); with NONE the stream is stored as is, no records;</li>
 *   <li>CRC-32C of every file; config and SHARD_METADATA keys; the index is a RocksDB folder
 *       with block-based table {@code format_version} 5, so Debian's {@code ldb} reads it.</li>
 * </ul>
 * Crash-safe: everything goes to a hidden sibling folder, renamed into place when complete.
 * Deterministic: the same input gives byte-identical shards and the same index keys and values
 * (RocksDB's own files carry a random database identity and timestamps).
 */
public final class BundleWriter {

    /** Writer options; see {@link #defaults()}. {@code compression}: zstd, zlib, snappy or none. */
    public record Options(String compression, long recordSize, long blockSize, long maxShardSize, boolean overwrite) {
        public Options {
            BundleLayout.codecOf(compression);
            if (recordSize < 1 || recordSize > (64L << 20))
                throw new IllegalArgumentException("record size must be 1 .. 64 MiB");
            if (blockSize < 1 || blockSize > (1L << 24))
                throw new IllegalArgumentException("block size must be 1 .. 16 MiB");
            if (maxShardSize < 1) throw new IllegalArgumentException("max shard size must be at least 1");
        }

        public Options withCompression(String c) {
            return new Options(c, recordSize, blockSize, maxShardSize, overwrite);
        }

        public Options withRecordSize(long n) {
            return new Options(compression, n, blockSize, maxShardSize, overwrite);
        }

        public Options withBlockSize(long n) {
            return new Options(compression, recordSize, n, maxShardSize, overwrite);
        }

        public Options withMaxShardSize(long n) {
            return new Options(compression, recordSize, blockSize, n, overwrite);
        }

        public Options withOverwrite(boolean b) {
            return new Options(compression, recordSize, blockSize, maxShardSize, b);
        }
    }

    /** zstd, 256 KiB records, 4096-byte blocks, shards up to 1 GiB, no overwrite. */
    public static Options defaults() {
        return new Options("zstd", BundleLayout.DEFAULT_RECORD_SIZE, BundleLayout.DEFAULT_BLOCK_SIZE, 1L << 30, false);
    }

    /**
     * Options from `vitrine create bundle` words, by option name with dashes: --compression
     * (zstd|zlib|snappy|none), --record-size, --block-size, --max-shard-size (a number with an
     * optional K, M, G or T suffix, powers of 1024), --overwrite ("true"/"false"). Missing or
     * null values take {@link #defaults()}.
     *
     * @throws IllegalArgumentException with a one-line message naming the option
     */
    public static Options options(java.util.Map<String, String> values) {
        Options d = defaults();
        String c = values.get("--compression");
        String rs = values.get("--record-size");
        String bs = values.get("--block-size");
        String ms = values.get("--max-shard-size");
        String ow = values.get("--overwrite");
        if (c != null) {
            try {
                BundleLayout.codecOf(c);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--compression: " + e.getMessage());
            }
        }
        try {
            return new Options(
                    c == null ? d.compression() : c.toLowerCase(java.util.Locale.ROOT),
                    rs == null ? d.recordSize() : size("--record-size", rs),
                    bs == null ? d.blockSize() : size("--block-size", bs),
                    ms == null ? d.maxShardSize() : size("--max-shard-size", ms),
                    Boolean.parseBoolean(ow));
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith("--") ? e : new IllegalArgumentException(e.getMessage());
        }
    }

    /** A size as {@link dev.vitrine.core.text.SizeText} reads it, the option named in the message. */
    static long size(String option, String text) {
        try {
            return dev.vitrine.core.text.SizeText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    /** What was written. {@code skipped}: input paths that are neither files nor folders (links, devices). */
    public record Result(long files, long folders, long shards, long contentBytes, List<String> skipped) {
        /** The lines `vitrine create bundle` prints. */
        public List<String> summary(Path out) {
            List<String> l = new ArrayList<>();
            for (String s : skipped) l.add("skipped " + s + " (not a regular file or folder)");
            l.add("wrote " + out + ": " + files + (files == 1 ? " file, " : " files, ") + folders
                    + (folders == 1 ? " folder, " : " folders, ") + contentBytes + " bytes of data in " + shards
                    + (shards == 1 ? " shard" : " shards"));
            return l;
        }
    }

    private record Input(String path, Path file, boolean dir, long size) {}

    private BundleWriter() {}

    public static Result write(Path inputDir, Path out, Options o) throws IOException {
        if (!Files.isDirectory(inputDir)) throw new IOException(inputDir + ": not a folder");
        Path target = out.toAbsolutePath().normalize();
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !o.overwrite()) {
            throw new FileAlreadyExistsException(
                    target.toString(), null, "exists; use the overwrite option to replace it");
        }
        Path realIn = inputDir.toRealPath();
        if (target.startsWith(realIn))
            throw new IOException(out + ": the bundle cannot be written inside its own input folder");
        List<String> skipped = new ArrayList<>();
        List<Input> inputs = collect(realIn, skipped);
        try (AtomicWrite tmp = AtomicWrite.folder(target)) {
            Result r = writeInto(tmp.temp(), inputs, o, skipped);
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) FileTrees.deleteQuietly(target);
                else Files.delete(target);
            }
            tmp.commit(true);
            return r;
        }
    }

    private static List<Input> collect(Path root, List<String> skipped) throws IOException {
        List<Input> out = new ArrayList<>();
        LocalNames.Check names = new LocalNames.Check(root);
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (p.equals(root)) continue;
                String rel =
                        root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
                if (!names.add(p, rel)) continue;
                BasicFileAttributes at = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (at.isDirectory()) out.add(new Input(rel, p, true, 0));
                else if (at.isRegularFile()) out.add(new Input(rel, p, false, at.size()));
                else skipped.add(rel);
            }
        }
        // A name the JVM could not read as text would be stored as U+FFFD, merging files: refuse.
        String bad = names.problem();
        if (bad != null) throw new dev.vitrine.core.format.ArchiveWriter.BadInputException(root + ": " + bad);
        out.sort((x, y) -> Arrays.compareUnsigned(
                x.path.getBytes(StandardCharsets.UTF_8), y.path.getBytes(StandardCharsets.UTF_8)));
        return out;
    }

    private static Result writeInto(Path dir, List<Input> inputs, Options o, List<String> skipped) throws IOException {
        CompressionType codec = BundleLayout.codecOf(o.compression());
        // Which shard each file goes to, decided first: every shard header names the shard count.
        List<List<Input>> shards = new ArrayList<>();
        shards.add(new ArrayList<>());
        long stream = 0;
        long files = 0;
        long folders = 0;
        long bytes = 0;
        for (Input in : inputs) {
            if (in.dir) {
                folders++;
                continue;
            }
            files++;
            bytes += in.size;
            if (stream > 0 && in.size > o.maxShardSize() - stream) {
                shards.add(new ArrayList<>());
                stream = 0;
            }
            shards.getLast().add(in);
            stream += in.size;
        }
        RocksNative.load();
        Path indexDir = Files.createDirectories(dir.resolve("index"));
        BlockBasedTableConfig table = new BlockBasedTableConfig().setFormatVersion(5);
        try (org.rocksdb.Options dbo = new org.rocksdb.Options()
                        .setCreateIfMissing(true)
                        .setErrorIfExists(true)
                        .setInfoLogLevel(InfoLogLevel.HEADER_LEVEL)
                        .setTableFormatConfig(table)
                        .setCompressionType(org.rocksdb.CompressionType.SNAPPY_COMPRESSION);
                RocksDB db = RocksDB.open(dbo, indexDir.toString());
                WriteOptions wo = new WriteOptions().setDisableWAL(true)) {
            Sink index = (k, v) -> {
                try {
                    db.put(wo, k, v);
                } catch (RocksDBException e) {
                    throw new IOException("index: " + e.getMessage(), e);
                }
            };
            index.put(
                    BundleLayout.CONFIG_KEY,
                    BundleConfig.newBuilder()
                            .setVersionMagic(BundleLayout.VERSION_MAGIC)
                            .setBlockSize(o.blockSize())
                            .setRecordSize(o.recordSize())
                            .setCompressionMethod(codec)
                            .setShardCount(shards.size())
                            .build()
                            .toByteArray());
            for (Input in : inputs) {
                if (in.dir)
                    index.put(
                            BundleLayout.fileKey(in.path),
                            BundleFileMetadata.newBuilder()
                                    .setType(BundleFileMetadata.FileType.DIRECTORY)
                                    .build()
                                    .toByteArray());
            }
            for (int s = 0; s < shards.size(); s++) {
                new ShardWriter(dir.resolve(BundleLayout.shardName(s)), s, shards.size(), codec, o, index)
                        .write(shards.get(s));
            }
            try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
                db.flush(fo);
            }
            db.compactRange();
        } catch (RocksDBException e) {
            throw new IOException("index: " + e.getMessage(), e);
        }
        // RocksDB's informational log is no part of a bundle.
        try (Stream<Path> s = Files.list(indexDir)) {
            for (Path p : (Iterable<Path>) s::iterator)
                if (p.getFileName().toString().startsWith("LOG")) Files.delete(p);
        }
        return new Result(files, folders, shards.size(), bytes, List.copyOf(skipped));
    }

    private interface Sink {
        void put(byte[] key, byte[] value) throws IOException;
    }

    /** One shard: header, then the stream cut into records (or stored as is for NONE). */
    private static final class ShardWriter {
        private final Path file;
        private final long index;
        private final CompressionType codec;
        private final Options o;
        private final Sink sink;
        private final byte[] record;
        private int filled;
        private long recordStart; // stream offset of record[0]
        private long pos; // file position
        private FileChannel ch;

        ShardWriter(Path file, long index, long count, CompressionType codec, Options o, Sink sink) {
            this.file = file;
            this.index = index;
            this.codec = codec;
            this.o = o;
            this.sink = sink;
            this.record = codec == CompressionType.NONE ? new byte[1 << 20] : new byte[(int) o.recordSize()];
            this.header = BundleShardHeader.newBuilder()
                    .setShardIndex(index)
                    .setShardCount(count)
                    .setRecordSize(o.recordSize())
                    .setRecordAlignment(o.blockSize())
                    .setCompressionMethod(codec)
                    .setExternalMetadata(true)
                    .build()
                    .toByteArray();
        }

        private final byte[] header;

        void write(List<Input> inputs) throws IOException {
            try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ch = c;
                long dataOffset = BundleLayout.alignUp(BundleLayout.SHARD_PREAMBLE + header.length, o.blockSize());
                ByteBuffer pre =
                        ByteBuffer.allocate(BundleLayout.SHARD_PREAMBLE).order(ByteOrder.LITTLE_ENDIAN);
                pre.put(BundleLayout.SHARD_MAGIC)
                        .putInt(header.length)
                        .putInt((int) dataOffset)
                        .flip();
                writeFully(pre);
                writeFully(ByteBuffer.wrap(header));
                pos = BundleLayout.SHARD_PREAMBLE + header.length;
                padTo(dataOffset);
                for (Input in : inputs) writeFile(in);
                if (codec != CompressionType.NONE) {
                    if (filled > 0) flushRecord();
                    padTo(BundleLayout.alignUp(pos, o.blockSize()));
                } else if (filled > 0) {
                    writeFully(ByteBuffer.wrap(record, 0, filled));
                    pos += filled;
                    filled = 0;
                }
                c.force(true);
            }
        }

        private void writeFile(Input in) throws IOException {
            long start = recordStart + filled;
            if (codec != CompressionType.NONE && in.size >= BundleLayout.LARGE_FILE && filled > 0) {
                flushRecord();
                start = recordStart;
            }
            CRC32C crc = new CRC32C();
            long n = 0;
            try (InputStream is = Files.newInputStream(in.file, LinkOption.NOFOLLOW_LINKS)) {
                while (true) {
                    if (filled == record.length) flush();
                    int k = is.read(record, filled, record.length - filled);
                    if (k < 0) break;
                    crc.update(record, filled, k);
                    filled += k;
                    n += k;
                    if (n > in.size) break;
                }
            }
            if (n != in.size)
                throw new IOException(
                        in.file + ": changed while being written (" + in.size + " bytes, then " + n + ")");
            BundleFileMetadata.Builder m = BundleFileMetadata.newBuilder()
                    .setType(BundleFileMetadata.FileType.REGULAR)
                    .setShardIndex(index)
                    .setShardUncompressedOffset(start)
                    .setUncompressedSize(in.size)
                    .setCrc32C((int) crc.getValue());
            sink.put(BundleLayout.fileKey(in.path), m.build().toByteArray());
        }

        private void flush() throws IOException {
            if (codec == CompressionType.NONE) {
                writeFully(ByteBuffer.wrap(record, 0, filled));
                pos += filled;
                recordStart += filled;
                filled = 0;
            } else {
                flushRecord();
            }
        }

        private void flushRecord() throws IOException {
            BundleRecordMetadata.Builder m =
                    BundleRecordMetadata.newBuilder().setShardIndex(index).setShardUncompressedOffset(recordStart);
            if (allZero(record, filled)) {
                m.setAllZeros(true);
            } else {
                byte[] c = RecordCodec.compress(codec, record, filled);
                padTo(BundleLayout.alignUp(pos, o.blockSize()));
                m.setShardByteOffset(pos);
                writeFully(ByteBuffer.wrap(c));
                pos += c.length;
            }
            sink.put(BundleLayout.recordKey(index, recordStart), m.build().toByteArray());
            recordStart += filled;
            filled = 0;
        }

        private static boolean allZero(byte[] b, int n) {
            for (int i = 0; i < n; i++) if (b[i] != 0) return false;
            return true;
        }

        private void padTo(long to) throws IOException {
            if (to <= pos) return;
            byte[] zeros = new byte[(int) Math.min(to - pos, 1 << 16)];
            while (pos < to) {
                int k = (int) Math.min(zeros.length, to - pos);
                writeFully(ByteBuffer.wrap(zeros, 0, k));
                pos += k;
            }
        }

        private void writeFully(ByteBuffer b) throws IOException {
            while (b.hasRemaining()) ch.write(b);
        }
    }
}
