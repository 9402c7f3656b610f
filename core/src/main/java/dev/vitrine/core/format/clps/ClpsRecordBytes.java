package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import java.io.IOException;
import java.util.List;

/**
 * Where one record lies in its decoded stream, for the window's hex view: a field framing each of
 * its values (records are stored column by column, so they are spread through the table), its
 * first value as its own bytes, and the stream's compressed frame as the container. The bytes
 * are the decoded stream the records are read from, not decoded again; the bytes opened keep
 * their tables, so a release of the archive's caches frees them only once the view lets go.
 */
record ClpsRecordBytes(ByteRange container, String label, List<Field> fields, ClpsTable table, ClpsTables tables)
        implements Decoded {

    static ClpsRecordBytes of(ClpsArchive archive, ClpsRecords.Decoded d, long index) throws IOException {
        int t = d.order().table(index);
        int row = d.order().row(index);
        ClpsTable table = d.tables().table(t);
        List<Field> fields;
        try {
            fields = List.copyOf(table.cells(row, d.decoding()));
        } catch (ClpsDecodeException e) {
            throw archive.streams.streamProblem(table.meta, e);
        }
        int s = table.meta.stream();
        long[] r = archive.streams.streamRange(d.tables().meta, s);
        ByteRange container = r == null ? ByteRange.NONE : ByteRange.of(r[0], r[1]);
        return new ClpsRecordBytes(
                container,
                "stream " + s + ", decoded: record " + index + " = table " + t + ", row " + row,
                fields,
                table,
                d.tables());
    }

    @Override
    public long offset() {
        return fields.isEmpty()
                ? table.meta.offset()
                : fields.getFirst().range().offset();
    }

    @Override
    public long length() {
        return fields.isEmpty() ? 0 : fields.getFirst().range().length();
    }

    @Override
    public ByteSource open() {
        return new Kept(MappedFileSource.ofSegment(label, table.data), tables);
    }

    /** A source that holds the tables its bytes belong to, so they are not freed while it is read. */
    private record Kept(ByteSource in, ClpsTables owner) implements ByteSource {
        @Override
        public String name() {
            return in.name();
        }

        @Override
        public long size() {
            return in.size();
        }

        @Override
        public void read(long offset, byte[] dst, int dstOffset, int len)
                throws dev.vitrine.core.io.TruncatedException {
            in.read(offset, dst, dstOffset, len);
            java.lang.ref.Reference.reachabilityFence(owner);
        }

        @Override
        public java.lang.foreign.MemorySegment segment(long offset, long length)
                throws dev.vitrine.core.io.TruncatedException {
            return in.segment(offset, length);
        }

        @Override
        public java.util.Optional<java.lang.foreign.MemorySegment> whole() {
            return in.whole();
        }

        @Override
        public void close() {
            in.close();
        }
    }
}
