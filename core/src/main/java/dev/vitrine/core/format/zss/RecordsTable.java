package dev.vitrine.core.format.zss;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.RowTable;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Every record of the file as a table (#, key, length, block), in file order. Only the data
 * blocks up to the requested rows are decoded; {@link #rowCount()} decodes them all once and
 * is then cached by the directory.
 */
final class RecordsTable implements RowTable {
    private static final List<String> COLUMNS = List.of("#", "key", "length", "block");
    private final ZssArchive archive;

    RecordsTable(ZssArchive archive) {
        this.archive = archive;
    }

    @Override
    public List<String> columns() {
        return COLUMNS;
    }

    @Override
    public long rowCount() throws IOException {
        return archive.recordDirectory().total();
    }

    @Override
    public List<dev.vitrine.core.model.Problem> problems() {
        return archive.recordDirectory().problems();
    }

    @Override
    public List<Row> rows(long from, int count) throws IOException {
        RecordDirectory dir = archive.recordDirectory();
        if (from < 0 || count <= 0) return List.of();
        dir.ensureRecords(from + count);
        BlockDirectory blocks = archive.blockDirectory();
        List<Row> out = new ArrayList<>(Math.min(count, 4096));
        long r = from;
        while (out.size() < count) {
            int bi = dir.blockOf(r);
            if (bi < 0) break;
            ParsedDataBlock b = archive.parsedDataBlock(blocks.dataOffset(bi));
            long first = dir.firstRecordOf(bi);
            for (int i = (int) (r - first); i < b.count() && out.size() < count; i++, r++) {
                MemorySegment rec = b.record(i);
                ByteRange range = b.inFile
                        ? ByteRange.of(b.frame.payloadOffset() + b.prefixStart(i), b.prefixLength(i) + rec.byteSize())
                        : ByteRange.of(b.frame.offset(), b.frame.totalLength());
                out.add(new Row(
                        r,
                        List.of(
                                Long.toString(r),
                                Keys.escape(rec, 200),
                                Long.toString(rec.byteSize()),
                                Long.toString(b.frame.offset())),
                        range,
                        new RecordContent("record-" + r + ".bin", rec)));
            }
        }
        return out;
    }
}
