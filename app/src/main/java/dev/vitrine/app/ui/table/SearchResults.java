package dev.vitrine.app.ui.table;

import dev.vitrine.core.model.SortedRecords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The first records matching a key query (at most {@code limit}, so a query matching a billion
 * records costs a page), and whether there were more. Blocking; run it in the background.
 */
public record SearchResults(KeyQuery query, List<byte[]> records, boolean more) {

    public static SearchResults run(SortedRecords sorted, KeyQuery q, int limit, BooleanSupplier cancelled)
            throws IOException {
        List<byte[]> out = new ArrayList<>();
        boolean[] more = {false};
        sorted.scan(q.start(), q.stop(), q.prefix(), (rec, off, len) -> {
            if (cancelled.getAsBoolean()) return false;
            if (out.size() >= limit) {
                more[0] = true;
                return false;
            }
            out.add(Arrays.copyOfRange(rec, off, off + len));
            return true;
        });
        return new SearchResults(q, List.copyOf(out), more[0]);
    }

    public String summary() {
        String n = dev.vitrine.app.ui.Human.count(records.size()) + (more ? "+" : "");
        return n + (records.size() == 1 && !more ? " match" : " matches") + " for " + query.description()
                + (more ? " (first " + dev.vitrine.app.ui.Human.count(records.size()) + " shown)" : "");
    }
}
