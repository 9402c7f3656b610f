package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.FilterableRecords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/** The records for the window's records table: pages of JSON lines, key paths as columns, and a cancellable KQL scan. */
final class ClpsFilterable implements FilterableRecords {
    /** Records tested between looks at the cancel flag (a few ms of work). */
    private static final int STEP = 1024;

    private final ClpsArchive a;
    private final ClpsSchemaView schema;

    ClpsFilterable(ClpsArchive a, ClpsSchemaView schema) {
        this.a = a;
        this.schema = schema;
    }

    private record ClpsQuery(String text, Predicate<RecordView> filter) implements Query {}

    @Override
    public long recordCount() {
        return a.records().recordCount();
    }

    @Override
    public List<String> lines(long from, int count) throws IOException {
        List<String> ls = a.records().lines(from, count);
        List<String> out = new ArrayList<>(ls.size());
        for (String l : ls) out.add(l.endsWith("\n") ? l.substring(0, l.length() - 1) : l);
        return out;
    }

    @Override
    public java.util.Optional<dev.vitrine.core.model.Decoded> recordBytes(long index) throws IOException {
        return java.util.Optional.of(a.records().cells(index));
    }

    @Override
    public List<KeyPath> keyPaths(int max) throws IOException {
        return schema.keyPaths(max);
    }

    @Override
    public Query compile(String query) {
        return new ClpsQuery(query, ClpsQueryFilter.compile(query, a));
    }

    @Override
    public long scan(Query query, long from, long to, LongPredicate sink, BooleanSupplier cancelled)
            throws IOException {
        Predicate<RecordView> f = ((ClpsQuery) query).filter();
        ClpsRecords r = a.records();
        ClpsRecords.Decoded d = r.decoded(false);
        long end = Math.min(to, d.size());
        long[] hits = new long[STEP];
        for (long i = Math.max(0, from); i < end; i += STEP) {
            if (cancelled.getAsBoolean()) return i;
            int n = (int) Math.min(STEP, end - i);
            int[] k = {0};
            r.render(d, i, n, f, ClpsQueryFilter.Filter.rowsOf(f), hit -> hits[k[0]++] = hit);
            for (int j = 0; j < k[0]; j++) if (!sink.test(hits[j])) return hits[j] + 1;
        }
        return end;
    }
}
