package dev.vitrine.app.ui.jsonrecords;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.app.ui.Human;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.model.RowTable;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.TableColumn;

/** Table rows made from records' JSON lines: the number, a cell per key path, and the line itself last. */
final class RecordRows {
    static final int MAX_CELL = 300;

    private RecordRows() {}

    /** Rows for lines of consecutive records from {@code from}. */
    static List<RowTable.Row> rows(List<FilterableRecords.KeyPath> columns, long from, List<String> lines) {
        List<RowTable.Row> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) out.add(row(columns, from + i, lines.get(i)));
        return out;
    }

    private static RowTable.Row row(List<FilterableRecords.KeyPath> columns, long index, String line) {
        List<String> cells = new ArrayList<>(columns.size() + 2);
        cells.add(Human.count(index));
        JsonNode node = null;
        try {
            node = Json.MAPPER.readTree(line);
        } catch (java.io.IOException e) {
            // shown as the raw line in the JSON pane; cells stay empty
        }
        for (FilterableRecords.KeyPath k : columns) cells.add(cell(node, k.keys()));
        cells.add(line);
        return new RowTable.Row(index, cells, ByteRange.NONE, null);
    }

    private static String cell(JsonNode node, List<String> keys) {
        JsonNode n = node;
        for (String k : keys) {
            if (n == null || !n.isObject()) return "";
            n = n.get(k);
        }
        if (n == null) return "";
        String s = n.isTextual() ? n.textValue() : n.toString();
        return s.length() > MAX_CELL ? s.substring(0, MAX_CELL) + "…" : s;
    }

    /** Widths by what the key usually holds: free text wide, timestamps medium, the rest narrow. */
    static void setWidths(List<? extends TableColumn<?, ?>> cols) {
        for (int i = 1; i < cols.size(); i++) {
            String k = cols.get(i).getText().toLowerCase();
            cols.get(i)
                    .setPrefWidth(
                            k.equals("#")
                                    ? 90
                                    : k.contains("message") || k.equals("msg") || k.endsWith(".msg")
                                            ? 380
                                            : k.contains("time") || k.endsWith("ts") || k.contains("date")
                                                    ? 200
                                                    : Math.max(90, Math.min(220, 9 * k.length() + 30)));
        }
    }

    /** The record's JSON, pretty (or the line as it is when it does not parse). */
    static String pretty(String line) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(Json.MAPPER.readTree(line));
        } catch (java.io.IOException e) {
            return line;
        }
    }
}
