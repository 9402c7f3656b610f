package dev.vitrine.core.format.caf;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.RowTable;
import java.util.ArrayList;
import java.util.List;

/** All stored files, flat, in data order: name, size, offset, end (exclusive). */
record CafFileTable(CafArchive archive) implements RowTable {
    private static final List<String> COLUMNS = List.of("name", "size", "offset", "end");

    @Override
    public List<String> columns() {
        return COLUMNS;
    }

    @Override
    public long rowCount() {
        return archive.entriesInDataOrder().size();
    }

    @Override
    public List<Row> rows(long from, int count) {
        List<CafEntry> page = CafFolderTree.page(archive.entriesInDataOrder(), from, count);
        List<Row> out = new ArrayList<>(page.size());
        long i = from;
        for (CafEntry e : page) {
            boolean ok = archive.readable(e);
            List<String> cells = List.of(
                    e.name(),
                    ok ? String.valueOf(e.length()) : "?",
                    e.hasNumbers() ? String.valueOf(e.start()) : "?",
                    e.hasNumbers() ? String.valueOf(e.end()) : "?");
            out.add(new Row(
                    i++,
                    cells,
                    ok ? ByteRange.of(e.start(), e.length()) : ByteRange.NONE,
                    ok ? archive.contentOf(e) : null));
        }
        return out;
    }
}
