package dev.vitrine.core.format.bundle;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The index part of a bundle's tree: config, folders and files (prefix scans of the index,
 * paged), and the raw index keys as {@code ldb scan} shows them, each value decoded from its
 * protobuf message. The shards and their records are {@link BundleShardNodes}.
 */
final class BundleNodes {
    private BundleNodes() {}

    static final int PAGE = 1024;

    /**
     * Keys under one prefix, paged: every {@link #PAGE}th key is remembered as it is met, so
     * page N seeks near it instead of walking from the start. Counting walks the keys once.
     */
    static final class PagedKeys {
        private final BundleIndex index;
        private final byte[] prefix;
        private final List<byte[]> checkpoints = new ArrayList<>();
        private long count = -1;

        PagedKeys(BundleIndex index, byte[] prefix) {
            this.index = index;
            this.prefix = prefix;
        }

        synchronized long count() throws IOException {
            return count(n -> true);
        }

        /** Counts the keys (once); {@code progress} hears the count every 1024 keys and may stop the walk. */
        synchronized long count(java.util.function.LongPredicate progress) throws IOException {
            if (count >= 0) return count;
            if (index == null) return count = 0;
            long[] n = {0};
            boolean[] stopped = {false};
            checkpoints.clear();
            index.scan(prefix, null, (k, v) -> {
                if (n[0] % PAGE == 0) checkpoints.add(k);
                n[0]++;
                if (n[0] % PAGE == 0 && !progress.test(n[0])) {
                    stopped[0] = true;
                    return false;
                }
                return true;
            });
            if (stopped[0]) return n[0]; // not remembered: a later count walks on to the end
            return count = n[0];
        }

        synchronized List<BundleIndex.KeyValue> page(long from, int n) throws IOException {
            if (index == null || n <= 0) return List.of();
            int cp = (int) Math.min(from / PAGE, checkpoints.size() - 1L);
            long at = cp < 0 ? 0 : (long) cp * PAGE;
            byte[] seek = cp < 0 ? null : checkpoints.get(cp);
            List<BundleIndex.KeyValue> out = new ArrayList<>();
            long[] i = {at};
            index.scan(prefix, seek, (k, v) -> {
                if (i[0] % PAGE == 0 && i[0] / PAGE == checkpoints.size()) checkpoints.add(k);
                if (i[0] >= from) out.add(new BundleIndex.KeyValue(k, v));
                i[0]++;
                return out.size() < n;
            });
            return out;
        }
    }

    /** Fields of a decoded protobuf message, nested messages flattened with dotted names. */
    static void messageFields(String prefix, Message m, List<Field> out) {
        for (Map.Entry<Descriptors.FieldDescriptor, Object> f : m.getAllFields().entrySet()) {
            String name = prefix + f.getKey().getName();
            Object v = f.getValue();
            if (v instanceof Message sub) messageFields(name + ".", sub, out);
            else if (v instanceof List<?> list) {
                for (int i = 0; i < list.size() && i < 100; i++) {
                    if (list.get(i) instanceof Message sub) messageFields(name + "[" + i + "].", sub, out);
                    else out.add(Field.of(name + "[" + i + "]", list.get(i)));
                }
            } else if (v instanceof com.google.protobuf.ByteString bs) {
                out.add(Field.of(name, BundleLayout.printable(bs.toByteArray())));
            } else {
                out.add(Field.of(name, v));
            }
        }
    }

    // ---- root

    record Root(BundleArchive a) implements Node {
        @Override
        public String name() {
            return a.path().getFileName() == null
                    ? a.path().toString()
                    : a.path().getFileName().toString();
        }

        @Override
        public String kind() {
            return "DataBundle";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.ARCHIVE);
        }

        @Override
        public ByteRange range() {
            return ByteRange.NONE;
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        @Override
        public long childCount() {
            return 4;
        }

        @Override
        public List<Field> fields() {
            return List.of(
                    Field.of("folder", a.folder()),
                    Field.of("shards", a.shardCount()),
                    Field.of("compression", BundleLayout.codecName(a.codec())));
        }

        @Override
        public List<Node> children(long from, int count) {
            List<Node> all =
                    List.of(new Config(a), new Folder(a, "", null), new BundleShardNodes.Shards(a), new IndexKeys(a));
            return all.subList((int) Math.min(from, 4), (int) Math.min(4, from + count));
        }

        @Override
        public List<Problem> problems() {
            return a.openProblems();
        }
    }

    record Config(BundleArchive a) implements Node {
        @Override
        public String name() {
            return "config";
        }

        @Override
        public String kind() {
            return "BUNDLE_CONFIG";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.HEADER);
        }

        @Override
        public ByteRange range() {
            return ByteRange.NONE;
        }

        @Override
        public List<Field> fields() {
            BundleConfig c = a.config();
            if (c == null) return List.of(Field.of("config", "unreadable"));
            return List.of(
                    Field.of("key", "BUNDLE_CONFIG #"),
                    Field.of("version_magic", c.getVersionMagic()),
                    Field.of("block_size", Long.toUnsignedString(c.getBlockSize())),
                    Field.of("record_size", Long.toUnsignedString(c.getRecordSize())),
                    Field.of(
                            "compression_method",
                            c.getCompressionMethod() + " (" + c.getCompressionMethodValue() + ")"),
                    Field.of("shard_count", Long.toUnsignedString(c.getShardCount())));
        }

        @Override
        public List<Problem> problems() {
            return a.config() == null
                    ? a.openProblems()
                    : BundleCatalog.configProblems(a.config(), a.catalog().limits());
        }
    }

    // ---- folders and files

    static final class Folder implements Node {
        private final BundleArchive a;
        private final String path;
        private final CatEntry entry;
        private final PagedKeys keys;

        Folder(BundleArchive a, String path, CatEntry entry) {
            this.a = a;
            this.path = path;
            this.entry = entry;
            this.keys = new PagedKeys(a.index(), BundleLayout.folderPrefix(path));
        }

        @Override
        public String name() {
            return path.isEmpty() ? "files" : entry.name().name();
        }

        @Override
        public String kind() {
            return "folder";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.FOLDER);
        }

        @Override
        public ByteRange range() {
            return ByteRange.NONE;
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        @Override
        public long childCount() throws IOException {
            return keys.count();
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("path", path.isEmpty() ? "/" : path));
            f.add(Field.of("prefix", BundleLayout.printable(BundleLayout.folderPrefix(path))));
            if (entry != null) f.add(Field.of("key", BundleLayout.printable(entry.key())));
            return f;
        }

        @Override
        public List<Node> children(long from, int count) throws IOException {
            List<Node> out = new ArrayList<>();
            for (BundleIndex.KeyValue kv : keys.page(from, count))
                out.add(entryNode(a, CatEntry.parse(kv.key(), kv.value())));
            return out;
        }

        @Override
        public Optional<Node> childCovering(ByteRange.Position position) {
            return Optional.empty(); // files live in shards: the hex view selects through the shards' records
        }
    }

    static Node entryNode(BundleArchive a, CatEntry e) {
        if (e.isDirectory() && e.name() != null) return new Folder(a, e.name().path(), e);
        return new File(a, e);
    }

    record File(BundleArchive a, CatEntry e) implements Node {
        @Override
        public String name() {
            return e.name() == null ? BundleLayout.printable(e.key()) : e.name().name();
        }

        @Override
        public String kind() {
            return e.isFile() ? "file" : "entry";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.FILE);
        }

        @Override
        public ByteRange range() {
            return a.bundleListing().fileRange(e);
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("path", e.path()));
            f.add(Field.of("key", BundleLayout.printable(e.key())));
            if (e.meta() != null) {
                BundleFileMetadata m = e.meta();
                f.add(Field.of("type", m.getType()));
                f.add(Field.of("shard_index", Long.toUnsignedString(m.getShardIndex())));
                f.add(Field.of("shard_uncompressed_offset", Long.toUnsignedString(m.getShardUncompressedOffset())));
                f.add(Field.of("uncompressed_size", Long.toUnsignedString(m.getUncompressedSize())));
                f.add(Field.of("crc32c", String.format("%08x", Integer.toUnsignedLong(m.getCrc32C()))));
                if (m.hasUserData())
                    f.add(Field.of(
                            "user_data",
                            m.getUserData().getTypeUrl() + " ("
                                    + m.getUserData().getValue().size() + " bytes)"));
            }
            return f;
        }

        @Override
        public Optional<Content> content() {
            return e.isFile() ? Optional.of(a.bundleListing().contentOf(e)) : Optional.empty();
        }

        @Override
        public Optional<Decoded> decoded() {
            if (!e.isFile() || !a.catalog().usable() || a.codec() == CompressionType.NONE) return Optional.empty();
            try {
                BundleShards.Shard sh = a.shards().shard(e.meta().getShardIndex());
                if (!sh.readable()) return Optional.empty();
                BundleShards.Records r = a.shards().records(sh.index());
                int i = r.find(e.start());
                if (i < 0) return Optional.empty();
                long within = e.start() - r.offsets()[i];
                long len = Math.max(0, Math.min(e.meta().getUncompressedSize(), r.length(i) - within));
                return Optional.of(new BundleShardNodes.RecordDecoded(a, sh, r, i, within, len));
            } catch (IOException ex) {
                return Optional.empty();
            }
        }

        @Override
        public List<Problem> problems() {
            List<Problem> out = new ArrayList<>();
            if (e.problem() != null)
                out.add(Problem.error(
                        BundleLayout.INDEX_REF, -1, "key " + BundleLayout.printable(e.key()) + ": " + e.problem()));
            if (e.name() != null) {
                String why = BundleLayout.unsafeName(e.name());
                if (why != null)
                    out.add(Problem.error(
                            BundleLayout.INDEX_REF, -1, "entry " + e.path() + ": unsafe name (" + why + ")"));
            }
            return out;
        }
    }

    // ---- raw index keys

    record IndexKeys(BundleArchive a, PagedKeys keys) implements Node {
        IndexKeys(BundleArchive a) {
            this(a, new PagedKeys(a.index(), new byte[0]));
        }

        @Override
        public String name() {
            return "index keys";
        }

        @Override
        public String kind() {
            return "RocksDB index";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.INDEX);
        }

        @Override
        public ByteRange range() {
            return ByteRange.NONE;
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        @Override
        public long childCount() throws IOException {
            return keys.count();
        }

        @Override
        public List<Node> children(long from, int count) throws IOException {
            List<Node> out = new ArrayList<>();
            for (BundleIndex.KeyValue kv : keys.page(from, count)) out.add(new IndexKey(kv.key(), kv.value()));
            return out;
        }

        @Override
        public Optional<Node> childCovering(ByteRange.Position p) {
            return Optional.empty();
        }
    }

    /** One index key as `ldb scan` shows it, with its parts and its value decoded. */
    record IndexKey(byte[] key, byte[] value) implements Node {
        @Override
        public String name() {
            return BundleLayout.printable(key);
        }

        @Override
        public String kind() {
            return "index key";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.RECORD);
        }

        @Override
        public ByteRange range() {
            return ByteRange.NONE;
        }

        @Override
        public List<Field> fields() {
            return BundleKeys.fields(key, value);
        }
    }
}
