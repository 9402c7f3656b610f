package dev.vitrine.core.format.clps;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.clps.kql.KqlArchiveFacts;
import dev.vitrine.core.format.clps.kql.KqlContext;
import dev.vitrine.core.format.clps.kql.KqlQuery;
import dev.vitrine.core.format.clps.kql.KqlSyntaxException;
import dev.vitrine.core.format.clps.kql.KqlType;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.JsonRecords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Where a KQL query becomes a record filter: the one place the query matcher plugs in. The
 * filter gets each record as its JSON bytes ({@link RecordView}) on several threads; it parses
 * a record only to match it. The archive's schema tree tells the matcher which key paths and
 * types exist in the whole archive, as clp-s resolves columns before it searches (so `NOT k: *`
 * and the "key must exist" rules answer as clp-s does).
 */
final class ClpsQueryFilter {
    private ClpsQueryFilter() {}

    static Predicate<RecordView> compile(String query, ClpsSchemaTree schema) {
        KqlQuery q;
        try {
            q = KqlQuery.parse(query);
        } catch (KqlSyntaxException e) {
            throw new JsonRecords.QuerySyntaxException(e.detail(), e.position());
        }
        KqlContext context = schema == null ? KqlContext.NONE : KqlContext.NONE.withArchive(facts(schema));
        Predicate<JsonNode> matcher = q.matcher(context);
        return r -> {
            try {
                return matcher.test(Json.MAPPER.readTree(r.buffer(), r.offset(), r.length()));
            } catch (IOException e) {
                return false; // our own output always parses; a record that does not cannot match
            }
        };
    }

    /** Every leaf column under the record-content root, with its key path and KQL type. */
    static KqlArchiveFacts facts(ClpsSchemaTree t) {
        KqlArchiveFacts facts = new KqlArchiveFacts(null);
        for (int i = 0; i < t.parent.length; i++) {
            KqlType type = kqlType(t.type[i]);
            if (type == null) continue;
            List<String> keys = new ArrayList<>();
            int p = i;
            boolean underContent = false;
            while (p >= 0) {
                if (p == t.objectRoot) {
                    underContent = true;
                    break;
                }
                keys.addFirst(new String(t.key[p], java.nio.charset.StandardCharsets.UTF_8));
                p = t.parent[p];
            }
            if (underContent && !keys.isEmpty()) facts.addLeaf(keys, type);
        }
        return facts;
    }

    private static KqlType kqlType(int nodeType) {
        return switch (nodeType) {
            case ClpsNodeType.INTEGER, ClpsNodeType.DELTA_INTEGER -> KqlType.INTEGER;
            case ClpsNodeType.FLOAT, ClpsNodeType.FORMATTED_FLOAT, ClpsNodeType.DICTIONARY_FLOAT -> KqlType.FLOAT;
            case ClpsNodeType.CLP_STRING -> KqlType.CLP_STRING;
            case ClpsNodeType.VAR_STRING, ClpsNodeType.DATE_STRING, ClpsNodeType.TIMESTAMP -> KqlType.VAR_STRING;
            case ClpsNodeType.BOOLEAN -> KqlType.BOOLEAN;
            case ClpsNodeType.UNSTRUCTURED_ARRAY, ClpsNodeType.STRUCTURED_ARRAY -> KqlType.ARRAY;
            case ClpsNodeType.NULL_VALUE -> KqlType.NULL;
            default -> null; // objects and metadata hold no values of their own
        };
    }
}
