package dev.vitrine.core.format.clps;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.clps.kql.KqlArchiveFacts;
import dev.vitrine.core.format.clps.kql.KqlContext;
import dev.vitrine.core.format.clps.kql.KqlNeedles;
import dev.vitrine.core.format.clps.kql.KqlQuery;
import dev.vitrine.core.format.clps.kql.KqlSyntaxException;
import dev.vitrine.core.format.clps.kql.KqlType;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.JsonRecords;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Predicate;

/**
 * Where a KQL query becomes a record filter: the one place the query matcher plugs in. The
 * filter gets each record as its JSON bytes ({@link RecordView}) on several threads; it parses
 * a record only to match it, and its {@link ClpsRowPrefilter} lets the renderer skip records
 * the query cannot match before rendering them. What clp-s knows of the archive before it searches comes from here:
 * the schema tree (which key paths and types exist, so `NOT k: *` and the "key must exist" rules
 * answer as clp-s does), the timestamp column with its encoded values and index range (see
 * {@link ClpsTimestampContext}), and the range index fields of each record's range for
 * {@code $} keys such as {@code $_filename}.
 */
final class ClpsQueryFilter {
    /** The filter of a query no record of the archive can match: the records need not be decoded. */
    static final Predicate<RecordView> NOTHING = r -> false;

    private ClpsQueryFilter() {}

    static Predicate<RecordView> compile(String query, ClpsArchive archive) {
        ClpsMetadata metadata = archive.metadata;
        return compile(
                query,
                archive.schemaTree().value(),
                metadata == null ? null : metadata.timestamps,
                metadata == null ? null : metadata.rangeIndex,
                archive.version());
    }

    static Predicate<RecordView> compile(
            String query,
            ClpsSchemaTree schema,
            ClpsTimestampDictionary timestamps,
            List<ClpsMetadata.RangeEntry> ranges,
            ClpsVersion version) {
        KqlQuery q;
        try {
            q = KqlQuery.parse(query);
        } catch (KqlSyntaxException e) {
            throw new JsonRecords.QuerySyntaxException(e.detail(), e.position());
        }
        KqlContext base = schema == null ? KqlContext.NONE : KqlContext.NONE.withArchive(facts(schema));
        if (schema != null) {
            base = ClpsTimestampContext.apply(base, schema, timestamps, version);
        }
        if (q.matchesNothingIn(base)) {
            return NOTHING;
        }
        KqlNeedles needles = q.needles();
        Predicate<RecordView> mayMatch =
                needles == null ? r -> true : r -> needles.mayMatch(r.buffer(), r.offset(), r.length());
        ClpsRowPrefilter rows = new ClpsRowPrefilter(q, base);
        if (ranges == null || ranges.isEmpty()) {
            Predicate<JsonNode> matcher = q.matcher(base);
            return new Filter(rows, r -> {
                if (!mayMatch.test(r)) return false;
                JsonNode record = parse(r);
                return record != null && matcher.test(record);
            });
        }
        RangeMatchers byRange = new RangeMatchers(q, base, ranges);
        return new Filter(rows, r -> {
            if (!mayMatch.test(r)) return false;
            JsonNode record = parse(r);
            return record != null && byRange.forRecord(r.index()).test(record);
        });
    }

    /**
     * A query's record filter: {@code rows} rules records out from their columns before they are
     * rendered (when the renderer asks), {@code json} decides on the rendered JSON.
     */
    record Filter(ClpsRowPrefilter rows, Predicate<RecordView> json) implements Predicate<RecordView> {
        /** The column checks of {@code filter} when it is a query's, else null. */
        static ClpsRowPrefilter rowsOf(Predicate<RecordView> filter) {
            return filter instanceof Filter f ? f.rows() : null;
        }

        @Override
        public boolean test(RecordView r) {
            return json.test(r);
        }
    }

    /** The record parsed, or null: our own output always parses; a record that does not cannot match. */
    private static JsonNode parse(RecordView r) {
        try {
            return Json.MAPPER.readTree(r.buffer(), r.offset(), r.length());
        } catch (IOException e) {
            return null;
        }
    }

    /** One matcher per range-index entry (its fields are what {@code $} keys see), made on first use. */
    private static final class RangeMatchers {
        private final KqlQuery query;
        private final KqlContext base;
        private final List<ClpsMetadata.RangeEntry> ranges;
        private final AtomicReferenceArray<Predicate<JsonNode>> made;
        private final Predicate<JsonNode> outside;

        RangeMatchers(KqlQuery query, KqlContext base, List<ClpsMetadata.RangeEntry> ranges) {
            this.query = query;
            this.base = base;
            this.ranges = ranges;
            this.made = new AtomicReferenceArray<>(ranges.size());
            this.outside = query.matcher(base);
        }

        Predicate<JsonNode> forRecord(long index) {
            int lo = 0;
            int hi = ranges.size() - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                ClpsMetadata.RangeEntry e = ranges.get(mid);
                if (index < e.start()) {
                    hi = mid - 1;
                } else if (index >= e.end()) {
                    lo = mid + 1;
                } else {
                    Predicate<JsonNode> m = made.get(mid);
                    if (m == null) {
                        m = query.matcher(base.withRangeFields(Json.MAPPER.valueToTree(e.fields())));
                        made.set(mid, m);
                    }
                    return m;
                }
            }
            return outside; // ranges out of order or not covering: the record has no range fields
        }
    }

    /** Every leaf column under the record-content root, with its key path and KQL type. */
    static KqlArchiveFacts facts(ClpsSchemaTree t) {
        KqlArchiveFacts facts = new KqlArchiveFacts(null);
        for (int i = 0; i < t.parent.length; i++) {
            KqlType type = kqlType(t.type[i]);
            if (type == null) continue;
            List<String> keys = keyPath(t, i);
            if (keys != null && !keys.isEmpty()) facts.addLeaf(keys, type);
        }
        return facts;
    }

    /** The keys from the record-content root to node {@code i}, or null when it is not under it. */
    static List<String> keyPath(ClpsSchemaTree t, int i) {
        List<String> keys = new ArrayList<>();
        int p = i;
        while (p >= 0) {
            if (p == t.objectRoot) return keys;
            keys.addFirst(new String(t.key[p], StandardCharsets.UTF_8));
            p = t.parent[p];
        }
        return null;
    }

    private static KqlType kqlType(int nodeType) {
        return switch (nodeType) {
            case ClpsNodeType.INTEGER, ClpsNodeType.DELTA_INTEGER -> KqlType.INTEGER;
            case ClpsNodeType.FLOAT, ClpsNodeType.FORMATTED_FLOAT, ClpsNodeType.DICTIONARY_FLOAT -> KqlType.FLOAT;
            case ClpsNodeType.CLP_STRING -> KqlType.CLP_STRING;
            case ClpsNodeType.VAR_STRING -> KqlType.VAR_STRING;
            case ClpsNodeType.DATE_STRING, ClpsNodeType.TIMESTAMP -> KqlType.TIMESTAMP;
            case ClpsNodeType.BOOLEAN -> KqlType.BOOLEAN;
            case ClpsNodeType.UNSTRUCTURED_ARRAY, ClpsNodeType.STRUCTURED_ARRAY -> KqlType.ARRAY;
            case ClpsNodeType.NULL_VALUE -> KqlType.NULL;
            default -> null; // objects and metadata hold no values of their own
        };
    }
}
