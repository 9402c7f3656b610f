package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.RowTable;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The records as rows (index, JSON) in original order, for the window; each row exports as its JSON line. */
final class ClpsRecordTable implements RowTable {
    private final ClpsRecords records;

    ClpsRecordTable(ClpsRecords records) {
        this.records = records;
    }

    @Override
    public List<String> columns() {
        return List.of("#", "record");
    }

    @Override
    public long rowCount() {
        return records.recordCount();
    }

    @Override
    public List<Row> rows(long from, int count) throws IOException {
        List<String> lines = records.lines(from, count);
        List<Row> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            long index = from + i;
            String line = lines.get(i);
            String text = line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
            out.add(new Row(index, List.of(Long.toString(index), text), ByteRange.NONE, content(index, line)));
        }
        return out;
    }

    private static Content content(long index, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return new Content() {
            @Override
            public String name() {
                return "record-" + index + ".json";
            }

            @Override
            public long size() {
                return b.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(b);
            }
        };
    }
}
