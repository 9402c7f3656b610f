package dev.vitrine.app.ui.table;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.RowTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Table rows as JSON objects (the row's number, then each column's text by its name), for copying. */
final class RowJson {
    private RowJson() {}

    /** The rows of {@code ranges} ([from, to) row numbers) of {@code table}. Blocking: reads the rows. */
    static List<String> of(RowTable table, List<long[]> ranges) throws IOException {
        List<String> columns = table.columns();
        List<String> out = new ArrayList<>();
        for (long[] r : ranges) {
            for (long at = r[0]; at < r[1]; ) {
                List<RowTable.Row> page = table.rows(at, (int) Math.min(1024, r[1] - at));
                if (page.isEmpty()) break;
                for (RowTable.Row row : page) {
                    ObjectNode o = Json.MAPPER.createObjectNode();
                    o.put("row", row.index());
                    for (int i = 0; i < columns.size() && i < row.cells().size(); i++)
                        o.put(columns.get(i), row.cells().get(i));
                    out.add(Json.MAPPER.writeValueAsString(o));
                }
                at += page.size();
            }
        }
        return out;
    }
}
