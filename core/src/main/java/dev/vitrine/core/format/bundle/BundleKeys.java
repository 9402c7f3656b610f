package dev.vitrine.core.format.bundle;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleRecordMetadata;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.KeyValueIndex;
import dev.vitrine.core.model.Node;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * The bundle's RocksDB index as a {@link KeyValueIndex}: every key as {@code ldb scan} lists it,
 * with its protobuf value decoded, the shard bytes it points at, and the tree node it is (a
 * file or folder, a record, the config). Prefix scans are paged through {@link BundleNodes.PagedKeys}
 * (a few recent prefixes kept, so paging a filtered view seeks instead of walking).
 */
final class BundleKeys implements KeyValueIndex {
    private static final int KEPT_PREFIXES = 8;
    private final BundleArchive a;
    private final Map<ByteBuffer, BundleNodes.PagedKeys> paged = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, BundleNodes.PagedKeys> eldest) {
            return size() > KEPT_PREFIXES;
        }
    };

    BundleKeys(BundleArchive a) {
        this.a = a;
    }

    private BundleNodes.PagedKeys paged(byte[] prefix) {
        synchronized (paged) {
            return paged.computeIfAbsent(
                    ByteBuffer.wrap(prefix.clone()), p -> new BundleNodes.PagedKeys(a.index(), prefix.clone()));
        }
    }

    @Override
    public long count(byte[] prefix, LongPredicate progress) throws IOException {
        return paged(prefix).count(progress);
    }

    @Override
    public List<Entry> entries(byte[] prefix, long from, int count) throws IOException {
        List<Entry> out = new ArrayList<>();
        long i = from;
        for (BundleIndex.KeyValue kv : paged(prefix).page(from, count)) out.add(describe(i++, kv.key(), kv.value()));
        return out;
    }

    /** One key: what it is, its value in a line and field by field, and the shard bytes it points at. */
    Entry describe(long index, byte[] key, byte[] value) {
        String text = KeyValueIndex.printable(key);
        List<Field> f = fields(key, value);
        try {
            if (Arrays.equals(key, BundleLayout.CONFIG_KEY)) {
                BundleConfig c = BundleConfig.parseFrom(value);
                String summary =
                        c.getVersionMagic() + ", " + BundleLayout.codecName(c.getCompressionMethod()) + ", records of "
                                + Long.toUnsignedString(c.getRecordSize()) + " B aligned to "
                                + Long.toUnsignedString(c.getBlockSize()) + " B, "
                                + Long.toUnsignedString(c.getShardCount()) + " shard(s)";
                return new Entry(index, key, text, "BUNDLE_CONFIG", summary, value.length, f, ByteRange.NONE);
            }
            BundleLayout.FileKey fk = BundleLayout.parseFileKey(key);
            if (fk != null) {
                CatEntry e = CatEntry.parse(key, value);
                if (e.meta() == null)
                    return new Entry(
                            index, key, text, "FILE_METADATA", "⚠ " + e.problem(), value.length, f, ByteRange.NONE);
                BundleFileMetadata m = e.meta();
                String summary = switch (m.getType()) {
                    case DIRECTORY -> "folder";
                    case REGULAR ->
                        "file of " + Long.toUnsignedString(m.getUncompressedSize()) + " B in shard "
                                + Long.toUnsignedString(m.getShardIndex()) + " at "
                                + Long.toUnsignedString(m.getShardUncompressedOffset()) + ", crc32c "
                                + String.format("%08x", Integer.toUnsignedLong(m.getCrc32C()));
                    default -> "type " + m.getTypeValue();
                };
                return new Entry(
                        index,
                        key,
                        text,
                        "FILE_METADATA",
                        summary,
                        value.length,
                        f,
                        e.isFile() ? a.bundleListing().fileRange(e) : ByteRange.NONE);
            }
            BundleLayout.RecordKey rk = BundleLayout.parseRecordKey(key);
            if (rk != null) {
                BundleRecordMetadata m = BundleRecordMetadata.parseFrom(value);
                String summary = switch (m.getDataReferenceCase()) {
                    case SHARD_BYTE_OFFSET ->
                        "record in shard " + rk.shard() + " stored at byte "
                                + Long.toUnsignedString(m.getShardByteOffset());
                    case ALL_ZEROS -> "all-zero record in shard " + rk.shard() + " (not stored)";
                    default -> "⚠ neither shard_byte_offset nor all_zeros";
                };
                return new Entry(index, key, text, "SHARD_METADATA", summary, value.length, f, recordRange(rk));
            }
            return new Entry(
                    index,
                    key,
                    text,
                    "unknown",
                    BundleLayout.printable(Arrays.copyOf(value, Math.min(value.length, 64))),
                    value.length,
                    f,
                    ByteRange.NONE);
        } catch (InvalidProtocolBufferException e) {
            return new Entry(
                    index,
                    key,
                    text,
                    kindOf(key),
                    "⚠ value does not decode: " + e.getMessage(),
                    value.length,
                    f,
                    ByteRange.NONE);
        }
    }

    private static String kindOf(byte[] key) {
        if (Arrays.equals(key, BundleLayout.CONFIG_KEY)) return "BUNDLE_CONFIG";
        if (BundleLayout.startsWith(key, BundleLayout.ascii(BundleLayout.FILE_PREFIX))) return "FILE_METADATA";
        if (BundleLayout.startsWith(key, BundleLayout.ascii(BundleLayout.SHARD_PREFIX))) return "SHARD_METADATA";
        return "unknown";
    }

    /** A key's parts and its value decoded, field by field (also the tree's index-key nodes' fields). */
    static List<Field> fields(byte[] key, byte[] value) {
        List<Field> f = new ArrayList<>();
        f.add(Field.of("key", KeyValueIndex.printable(key)));
        f.add(Field.of("value bytes", value.length));
        try {
            if (Arrays.equals(key, BundleLayout.CONFIG_KEY)) {
                f.add(Field.of("kind", "BUNDLE_CONFIG"));
                BundleNodes.messageFields("", BundleConfig.parseFrom(value), f);
            } else if (BundleLayout.parseFileKey(key) != null) {
                BundleLayout.FileKey k = BundleLayout.parseFileKey(key);
                f.add(Field.of("kind", "FILE_METADATA"));
                f.add(Field.of("folder", k.dir() + "/"));
                f.add(Field.of("name", k.name()));
                BundleNodes.messageFields("", BundleFileMetadata.parseFrom(value), f);
            } else if (BundleLayout.parseRecordKey(key) != null) {
                BundleLayout.RecordKey k = BundleLayout.parseRecordKey(key);
                f.add(Field.of("kind", "SHARD_METADATA"));
                f.add(Field.of("shard", k.shard()));
                f.add(Field.of("offset", k.offset()));
                BundleNodes.messageFields("", BundleRecordMetadata.parseFrom(value), f);
            } else {
                f.add(Field.of("kind", "unknown key"));
                f.add(Field.of("value", BundleLayout.printable(Arrays.copyOf(value, Math.min(value.length, 256)))));
            }
        } catch (InvalidProtocolBufferException e) {
            f.add(Field.of("value", "does not decode: " + e.getMessage()));
        }
        return f;
    }

    /** The record's compressed bytes in its shard (none for an all-zero record or an unreadable shard). */
    private ByteRange recordRange(BundleLayout.RecordKey rk) {
        if (!a.catalog().usable() || rk.shard() >= a.shardCount()) return ByteRange.NONE;
        BundleShards.Shard sh = a.shards().shard(rk.shard());
        if (!sh.readable()) return ByteRange.NONE;
        try {
            BundleShards.Records r = a.shards().records(rk.shard());
            int i = Arrays.binarySearch(r.offsets(), rk.offset());
            return i < 0 ? ByteRange.NONE : sh.recordSlot(r, i);
        } catch (IOException e) {
            return ByteRange.NONE;
        }
    }

    @Override
    public Optional<List<Node>> nodePath(Entry entry) throws IOException {
        Node root = a.root();
        List<Node> path = new ArrayList<>();
        path.add(root);
        List<Node> top = root.children(0, 4); // config, files, shards, index keys
        byte[] key = entry.key();
        if (Arrays.equals(key, BundleLayout.CONFIG_KEY)) {
            path.add(top.get(0));
            return Optional.of(path);
        }
        BundleLayout.FileKey fk = BundleLayout.parseFileKey(key);
        if (fk != null && a.index() != null) {
            path.add(top.get(1));
            String dir = "";
            if (!fk.dir().isEmpty()) {
                for (String seg : fk.dir().split("/", -1)) {
                    dir = dir.isEmpty() ? seg : dir + "/" + seg;
                    byte[] dk = BundleLayout.fileKey(dir);
                    byte[] dv = a.index().get(dk);
                    if (dv == null) return Optional.of(path); // a folder without its entry: the tree cannot go further
                    CatEntry de = CatEntry.parse(dk, dv);
                    if (!de.isDirectory()) return Optional.of(path);
                    path.add(BundleNodes.entryNode(a, de));
                }
            }
            byte[] v = a.index().get(key);
            if (v != null) path.add(BundleNodes.entryNode(a, CatEntry.parse(key, v)));
            return Optional.of(path);
        }
        BundleLayout.RecordKey rk = BundleLayout.parseRecordKey(key);
        if (rk != null && a.catalog().usable() && rk.shard() < a.shardCount()) {
            path.add(top.get(2));
            BundleShards.Shard sh = a.shards().shard(rk.shard());
            path.add(new BundleShardNodes.ShardNode(a, rk.shard()));
            if (sh.readable()) {
                BundleShards.Records r = a.shards().records(rk.shard());
                int i = Arrays.binarySearch(r.offsets(), rk.offset());
                if (i >= 0) path.add(new BundleShardNodes.RecordNode(a, sh, r, i));
            }
            return Optional.of(path);
        }
        byte[] v = a.index() == null ? null : a.index().get(key);
        if (v == null) return Optional.empty();
        path.add(top.get(3));
        path.add(new BundleNodes.IndexKey(key, v));
        return Optional.of(path);
    }
}
