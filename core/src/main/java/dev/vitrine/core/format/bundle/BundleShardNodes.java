package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The shards part of a bundle's tree: each shard with its header and its records (or, stored
 * without compression, its data), and a record's decoded bytes for the hex view.
 */
final class BundleShardNodes {
    private BundleShardNodes() {}

    /** The decoded bytes of one record, with the node's bytes framed in them. */
    record RecordDecoded(
            BundleArchive a, BundleShards.Shard sh, BundleShards.Records r, int i, long offset, long length)
            implements Decoded {
        @Override
        public ByteRange container() {
            return sh.recordSlot(r, i);
        }

        @Override
        public String label() {
            return BundleLayout.codecName(a.codec()) + " record @ " + r.byteOffsets()[i] + " in " + sh.ref()
                    + ", stream [" + r.offsets()[i] + ", " + (r.offsets()[i] + r.length(i)) + ")";
        }

        @Override
        public ByteSource open() throws IOException {
            return MappedFileSource.ofBytes(
                    sh.ref().path() + " record " + i,
                    a.reader().decode(sh, r, i, true, null).data());
        }
    }

    // ---- shards and records

    record Shards(BundleArchive a) implements Node {
        @Override
        public String name() {
            return "shards";
        }

        @Override
        public String kind() {
            return "shards";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.SECTION);
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
            return a.shardCount();
        }

        @Override
        public List<Node> children(long from, int count) {
            List<Node> out = new ArrayList<>();
            for (long s = from; s < a.shardCount() && s < from + count; s++) out.add(new ShardNode(a, s));
            return out;
        }

        @Override
        public Optional<Node> childCovering(ByteRange.Position p) {
            long s = BundleLayout.shardNumber(p.file().path());
            return s >= 0 && s < a.shardCount() ? Optional.of(new ShardNode(a, s)) : Optional.empty();
        }
    }

    record ShardNode(BundleArchive a, long s) implements Node {
        @Override
        public String name() {
            return BundleLayout.shardName(s);
        }

        @Override
        public String kind() {
            return "shard";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.SECTION);
        }

        @Override
        public ByteRange range() {
            BundleShards.Shard sh = a.shards().shard(s);
            return sh.src() == null
                    ? ByteRange.NONE
                    : ByteRange.in(sh.ref(), 0, sh.src().size());
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        private boolean none() {
            return a.codec() == CompressionType.NONE;
        }

        @Override
        public long childCount() throws IOException {
            if (!a.shards().shard(s).readable()) return a.shards().shard(s).src() == null ? 0 : 1;
            return 1 + (none() ? 1 : a.shards().records(s).count());
        }

        @Override
        public List<Node> children(long from, int count) throws IOException {
            List<Node> out = new ArrayList<>();
            BundleShards.Shard sh = a.shards().shard(s);
            long n = childCount();
            for (long i = from; i < n && i < from + count; i++) {
                if (i == 0) out.add(new ShardHeaderNode(a, sh));
                else if (none()) out.add(new StoredData(a, sh));
                else out.add(new RecordNode(a, sh, a.shards().records(s), (int) (i - 1)));
            }
            return out;
        }

        @Override
        public Optional<Node> childCovering(ByteRange.Position p) throws IOException {
            BundleShards.Shard sh = a.shards().shard(s);
            if (!sh.ref().equals(p.file()) || !sh.readable()) return Optional.empty();
            if (p.offset() < sh.dataOffset()) return Optional.of(new ShardHeaderNode(a, sh));
            if (none()) return Optional.of(new StoredData(a, sh));
            BundleShards.Records r = a.shards().records(s);
            int lo = 0;
            int hi = r.count() - 1;
            int best = -1;
            while (lo <= hi) { // stored records' byte offsets rise with their stream offsets in a sound shard
                int mid = (lo + hi) >>> 1;
                long b = r.byteOffsets()[mid];
                if (b < 0 || b <= p.offset()) {
                    best = mid;
                    lo = mid + 1;
                } else hi = mid - 1;
            }
            for (int i = Math.max(0, best - 2); i <= Math.min(r.count() - 1, best + 2); i++) {
                if (sh.recordSlot(r, i).contains(p)) return Optional.of(new RecordNode(a, sh, r, i));
            }
            return Optional.empty();
        }

        @Override
        public List<Problem> problems() {
            return a.shards().shard(s).problems();
        }
    }

    record ShardHeaderNode(BundleArchive a, BundleShards.Shard sh) implements Node {
        @Override
        public String name() {
            return "header";
        }

        @Override
        public String kind() {
            return "shard header";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.HEADER);
        }

        @Override
        public ByteRange range() {
            if (sh.src() == null) return ByteRange.NONE;
            long end = sh.dataOffset() > 0 ? sh.dataOffset() : Math.min(sh.src().size(), BundleLayout.SHARD_PREAMBLE);
            return ByteRange.in(sh.ref(), 0, end);
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(new Field("magic", "daBS", ByteRange.in(sh.ref(), 0, 4)));
            if (sh.headerLength() >= 0) {
                f.add(new Field("header_length", String.valueOf(sh.headerLength()), ByteRange.in(sh.ref(), 4, 4)));
                f.add(new Field("data_offset", String.valueOf(sh.dataOffset()), ByteRange.in(sh.ref(), 8, 4)));
            }
            if (sh.header() != null) {
                List<Field> msg = new ArrayList<>();
                BundleNodes.messageFields("", sh.header(), msg);
                ByteRange hr = ByteRange.in(sh.ref(), BundleLayout.SHARD_PREAMBLE, sh.headerLength());
                for (Field x : msg) f.add(new Field(x.name(), x.value(), hr));
                if (sh.dataOffset() > BundleLayout.SHARD_PREAMBLE + sh.headerLength()) {
                    long p = BundleLayout.SHARD_PREAMBLE + sh.headerLength();
                    f.add(new Field(
                            "padding",
                            (sh.dataOffset() - p) + " bytes",
                            ByteRange.in(sh.ref(), p, sh.dataOffset() - p)));
                }
            }
            return f;
        }

        @Override
        public List<Problem> problems() {
            return sh.problems();
        }
    }

    record StoredData(BundleArchive a, BundleShards.Shard sh) implements Node {
        @Override
        public String name() {
            return "stored data";
        }

        @Override
        public String kind() {
            return "uncompressed stream";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.BLOCK, Role.DATA_BLOCK);
        }

        @Override
        public ByteRange range() {
            return ByteRange.in(sh.ref(), sh.dataOffset(), sh.src().size() - sh.dataOffset());
        }
    }

    record RecordNode(BundleArchive a, BundleShards.Shard sh, BundleShards.Records r, int i) implements Node {
        @Override
        public String name() {
            return (r.zeros(i) ? "zero record" : "record @ " + r.byteOffsets()[i]) + " [" + r.offsets()[i] + ", +"
                    + r.length(i) + ")";
        }

        @Override
        public String kind() {
            return r.zeros(i) ? "all-zero record" : "record";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.BLOCK, Role.DATA_BLOCK);
        }

        @Override
        public ByteRange range() {
            return sh.recordSlot(r, i);
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("key", BundleLayout.printable(BundleLayout.recordKey(sh.index(), r.offsets()[i]))));
            f.add(Field.of("shard_uncompressed_offset", r.offsets()[i]));
            f.add(Field.of("uncompressed_length", r.length(i)));
            if (r.zeros(i)) f.add(Field.of("all_zeros", true));
            else {
                f.add(new Field("shard_byte_offset", String.valueOf(r.byteOffsets()[i]), range()));
                try {
                    RecordCodec.Result res = a.reader().decode(sh, r, i, false, null);
                    f.add(new Field(
                            "compressed_length",
                            String.valueOf(res.compressedLength()),
                            ByteRange.in(sh.ref(), r.byteOffsets()[i], res.compressedLength())));
                } catch (IOException e) {
                    f.add(Field.of("compressed_length", "? (" + e.getMessage() + ")"));
                }
            }
            return f;
        }

        @Override
        public Optional<Decoded> decoded() {
            return r.zeros(i) ? Optional.empty() : Optional.of(new RecordDecoded(a, sh, r, i, 0, r.length(i)));
        }

        @Override
        public List<Problem> problems() {
            if (r.zeros(i)) return List.of();
            try {
                a.reader().decode(sh, r, i, true, null);
                return List.of();
            } catch (dev.vitrine.core.io.FormatException e) {
                return List.of(Problem.of(e));
            } catch (IOException e) {
                return List.of(Problem.error(sh.ref(), r.byteOffsets()[i], e.getMessage()));
            }
        }
    }
}
