package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;

/**
 * A stored file's bytes, streamed one record at a time (never the whole file in memory),
 * checked against its CRC-32C at the end: a file whose bytes cannot be read or whose CRC
 * differs fails with a {@link FormatException} at the shard offset, so export reports it and
 * writes no half or wrong file. An empty file is never damaged by lost data.
 */
final class BundleFileContent implements Content {
    private final BundleCatalog catalog;
    private final BundleShards shards;
    private final BundleRecordReader reader;
    private final CatEntry entry;
    private final ByteRange owned;

    /** {@code owned}: computed by the caller when made (it reads the index), so that {@link #stored()} need not. */
    BundleFileContent(
            BundleCatalog catalog, BundleShards shards, BundleRecordReader reader, CatEntry entry, ByteRange owned) {
        this.catalog = catalog;
        this.shards = shards;
        this.reader = reader;
        this.entry = entry;
        this.owned = owned;
    }

    /** The records only this file is decoded from (see {@link BundleListing#ownedRange}). */
    @Override
    public ByteRange stored() {
        return owned;
    }

    @Override
    public String name() {
        return entry.path();
    }

    @Override
    public long size() {
        return entry.meta().getUncompressedSize();
    }

    @Override
    public InputStream open() throws IOException {
        long size = size();
        if (size == 0) return InputStream.nullInputStream();
        if (!catalog.usable())
            throw new FormatException(
                    BundleLayout.INDEX_REF.path(), BundleLayout.INDEX_REF, -1, "the bundle's config is unreadable");
        long s = entry.meta().getShardIndex();
        FileRef ref = BundleLayout.shardRef(s);
        if (s < 0 || s >= catalog.shardCount()) {
            throw new FormatException(
                    ref.path(),
                    ref,
                    -1,
                    "file " + name() + " names shard " + Long.toUnsignedString(s) + " of " + catalog.shardCount());
        }
        BundleShards.Shard sh = shards.shard(s);
        if (!sh.readable()) {
            String why = sh.problems().isEmpty()
                    ? "shard is unreadable"
                    : sh.problems().getFirst().message();
            throw new FormatException(ref.path(), ref, -1, "file " + name() + ": " + why);
        }
        if (entry.start() < 0 || entry.end() < entry.start())
            throw new FormatException(ref.path(), ref, -1, "file " + name() + ": bad range");
        return new Stream(sh);
    }

    private final class Stream extends InputStream {
        private final BundleShards.Shard sh;
        private final BundleShards.Records records;
        private final CRC32C crc = new CRC32C();
        private long pos; // next uncompressed stream offset to return
        private byte[] buf = new byte[0];
        private int bufPos;
        private int bufLen;
        private int record = -1;
        private boolean checked;
        /** Reused from record to record; closed at the end of the file or on close. */
        private RecordCodec.Decoder decoder;

        Stream(BundleShards.Shard sh) throws IOException {
            this.sh = sh;
            this.records = catalog.codec() == CompressionType.NONE ? null : shards.records(sh.index());
            this.pos = entry.start();
            if (records != null) {
                record = records.find(pos);
                if (record < 0) throw damage(-1, "no record holds stream offset " + pos);
            }
        }

        private FormatException damage(long at, String why) {
            return new FormatException(sh.ref().path(), sh.ref(), at, "file " + name() + ": " + why);
        }

        private boolean fill() throws IOException {
            if (pos >= entry.end()) {
                close();
                if (!checked) {
                    checked = true;
                    int want = entry.meta().getCrc32C();
                    if ((int) crc.getValue() != want) {
                        throw damage(
                                -1,
                                String.format(
                                        "CRC-32C is %08x, the index says %08x",
                                        crc.getValue(), Integer.toUnsignedLong(want)));
                    }
                }
                return false;
            }
            if (records == null) {
                long at = sh.dataOffset() + pos;
                int n = (int) Math.min(1 << 20, entry.end() - pos);
                if (at < 0 || at > sh.src().size() - n)
                    throw damage(
                            Math.min(at, sh.src().size()),
                            "stored bytes run past the shard's end " + sh.src().size());
                if (buf.length < n) buf = new byte[n];
                sh.src().read(at, buf, 0, n);
                reader.passed(sh, at);
                bufPos = 0;
                bufLen = n;
            } else {
                while (record + 1 < records.count() && records.offsets()[record + 1] <= pos) record++;
                if (record < 0 || record >= records.count()) throw damage(-1, "no record holds stream offset " + pos);
                long rStart = records.offsets()[record];
                if (decoder == null) decoder = new RecordCodec.Decoder();
                byte[] data = reader.forReader(sh, records, record, decoder);
                if (!records.zeros(record)) reader.passed(sh, records.byteOffsets()[record]);
                long from = pos - rStart;
                if (from >= data.length)
                    throw damage(records.byteOffsets()[record], "no record holds stream offset " + pos);
                buf = data;
                bufPos = (int) from;
                bufLen = (int) Math.min(data.length, entry.end() - rStart);
            }
            crc.update(buf, bufPos, bufLen - bufPos);
            return true;
        }

        @Override
        public void close() {
            if (decoder != null) decoder.close();
            decoder = null;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            if (bufPos >= bufLen) {
                if (!fill()) return -1;
            }
            int n = Math.min(len, bufLen - bufPos);
            System.arraycopy(buf, bufPos, b, off, n);
            bufPos += n;
            pos += n;
            return n;
        }
    }
}
