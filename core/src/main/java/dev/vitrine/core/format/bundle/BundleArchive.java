package dev.vitrine.core.format.bundle;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.AbstractArchive;
import dev.vitrine.core.format.ArchiveFiles;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.KeyValueIndex;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An opened DataBundle: a folder (or an {@code s3://} prefix) with {@code index/} (RocksDB) and
 * {@code shard-NNNNNNNN} files. Opening copies and opens the index and reads the config ({@link BundleCatalog});
 * folders, shards ({@link BundleShards}) and records ({@link BundleRecordReader}) are read when
 * looked at; {@link BundleListing} lists the files. This class only answers for them as one.
 */
public final class BundleArchive extends AbstractArchive implements FileListing {
    private final Location location;
    private final BundleCatalog catalog;
    private final BundleShards shards;
    private final BundleRecordReader reader;
    private final BundleListing listing;
    private final BundleKeys keys = new BundleKeys(this);

    /**
     * The bundle at {@code root}: a local folder, named {@code path} as the user typed it, or a
     * remote prefix ({@code path} its last name), whose index is fetched to a private copy for
     * RocksDB and whose shards are read by ranges.
     */
    BundleArchive(ArchiveFormat format, Location root, Path path, Limits limits) throws IOException {
        super(format, path);
        this.location = root;
        boolean local = root.localPath().isPresent();
        ArchiveFiles files = new ArchiveFiles(root, limits.maxOpenFiles());
        try {
            // a local index is named from the folder as typed (resolve() would normalize the name)
            Location index = local ? new LocalLocation(path.resolve("index")) : root.resolve("index");
            this.catalog = BundleCatalog.open(index, limits);
        } catch (IOException | RuntimeException e) {
            files.close();
            throw e;
        }
        this.shards = new BundleShards(catalog, files, local);
        this.reader = new BundleRecordReader(catalog);
        this.listing = new BundleListing(catalog, shards, reader);
    }

    /** The folder as messages and the tree name it: the path as typed, or the URL. */
    Object folder() {
        return location.localPath().isPresent() ? path() : location.display();
    }

    // ---- the parts, for nodes, keys and verify

    BundleCatalog catalog() {
        return catalog;
    }

    BundleShards shards() {
        return shards;
    }

    BundleRecordReader reader() {
        return reader;
    }

    BundleListing bundleListing() {
        return listing;
    }

    BundleIndex index() {
        return catalog.index();
    }

    BundleConfig config() {
        return catalog.config();
    }

    CompressionType codec() {
        return catalog.codec();
    }

    long shardCount() {
        return catalog.shardCount();
    }

    BundleShards.Records records(long s) throws IOException {
        return shards.records(s);
    }

    long streamEnd(long s) throws IOException {
        return catalog.streamEnd(s);
    }

    /**
     * Names export refuses, once the catalog was read (ls, export, the tree), and shards the
     * config counts that cannot be read (missing, a link, no permission): every command that
     * lists or reads the bundle says so and exits 1 ({@code ls} reads no shard). Verify reports
     * them itself, shard by shard.
     */
    @Override
    public List<Problem> damageMet() {
        List<Problem> out = new ArrayList<>();
        List<CatEntry> met = catalog.entriesIfRead();
        if (met != null) {
            for (CatEntry e : met) {
                Problem p = e.unsafeNameProblem();
                if (p != null) out.add(p);
            }
        }
        if (catalog.usable()) out.addAll(shards.missing());
        return out;
    }

    // ---- FileListing

    @Override
    public List<FileListing.Entry> entries() throws IOException {
        return listing.files();
    }

    /** Files and folders in bytewise order of their full path, each with type, shard, offset and crc32c (files). */
    @Override
    public List<FileListing.Entry> listing() throws IOException {
        return listing.filesAndFolders();
    }

    /** Every entry, folders too, in bytewise order of the full path (the writer's order), for `ls`. */
    public List<BundleEntry> allEntries() throws IOException {
        return listing.allEntries();
    }

    @Override
    public Content content(FileListing.Entry entry) throws IOException {
        return listing.content(entry);
    }

    // ---- Archive

    @Override
    public ByteSource source() {
        try {
            return shards.source(BundleLayout.shardRef(0));
        } catch (IOException e) {
            return MappedFileSource.ofBytes("shard-00000000", new byte[0]);
        }
    }

    @Override
    public List<FileRef> files() {
        List<FileRef> out = new ArrayList<>();
        long n = Math.min(shardCount(), 100_000);
        for (long s = 0; s < n; s++) out.add(BundleLayout.shardRef(s));
        return out;
    }

    @Override
    public ByteSource source(FileRef file) throws IOException {
        if (BundleLayout.shardNumber(file.path()) < 0)
            throw new NoSuchFileException(file.path(), null, "not a shard of this bundle");
        return shards.source(file);
    }

    @Override
    protected Node makeRoot() {
        return new BundleNodes.Root(this);
    }

    /** The index keys view's capability besides the {@link FileListing} this archive is. */
    @Override
    public <T> Optional<T> capability(Class<T> type) {
        if (type == KeyValueIndex.class)
            return catalog.index() == null ? Optional.empty() : Optional.of(type.cast(keys));
        return super.capability(type);
    }

    @Override
    public List<Problem> openProblems() {
        return catalog.openProblems();
    }

    @Override
    public ObjectNode info() throws IOException {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("format", format().id());
        BundleConfig config = catalog.config();
        if (config != null) {
            o.put("version_magic", config.getVersionMagic());
            o.put("block_size", config.getBlockSize());
            o.put("record_size", config.getRecordSize());
            o.put("compression_method", BundleLayout.codecName(config.getCompressionMethod()));
            o.put("shard_count", config.getShardCount());
        }
        long nFiles = 0;
        long nDirs = 0;
        long content = 0;
        for (CatEntry e : catalog.entries()) {
            if (e.isFile()) {
                nFiles++;
                content += e.meta().getUncompressedSize();
            } else if (e.isDirectory()) {
                nDirs++;
            }
        }
        o.put("total_files", nFiles);
        o.put("total_folders", nDirs);
        o.put("content_size", content);
        o.put("total_size", shards.storedSize());
        o.put("problems_at_open", catalog.openProblems().size());
        return o;
    }

    @Override
    public void verify(VerifyContext ctx) throws IOException {
        new BundleVerifier(this).run(ctx);
    }

    @Override
    public void releaseCaches() {
        shards.releaseCaches();
    }

    @Override
    public long cachedBytes() {
        return shards.cachedBytes();
    }

    /** The read-ahead first (it reads through the index and the mappings), then the index, then the shards. */
    @Override
    public void close() {
        reader.close();
        catalog.close();
        shards.close();
    }
}
