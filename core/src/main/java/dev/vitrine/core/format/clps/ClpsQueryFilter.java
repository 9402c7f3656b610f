package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.JsonRecords;
import java.util.function.Predicate;

/**
 * Where a KQL query becomes a record filter: the one place the query matcher plugs in.
 * The filter gets each record as its JSON bytes ({@link RecordView}) on several threads, so it
 * should parse only the records it must look at, and be thread-safe.
 */
final class ClpsQueryFilter {
    private ClpsQueryFilter() {}

    /**
     * The filter for {@code query}. Until the KQL matcher (dev.vitrine.core.format.clps.kql.KqlQuery)
     * is merged, every non-blank query is refused. Wiring it is:
     * {@code KqlQuery q = KqlQuery.parse(query); return r -> q.matches(Json.MAPPER.readTree(r.buffer(), r.offset(), r.length()));}
     * (with the parse error turned into a QuerySyntaxException and readTree's IOException into false).
     */
    static Predicate<RecordView> compile(String query) {
        throw new JsonRecords.QuerySyntaxException("KQL queries are not available in this build", 0);
    }
}
