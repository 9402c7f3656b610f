package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What a record's matching may depend on besides the record: the archive's timestamp column and
 * how clp-s encodes its values for comparison, the range-index fields ({@code $_filename} ...) of
 * the range holding the record, and facts about the whole archive. Every part may be null.
 *
 * @param timestampKey key path of the archive's authoritative timestamp column; its values are
 *     typed TIMESTAMP and compared as the number {@code timestampValue} gives (clp-s compares the
 *     encoded time: epoch milliseconds in archives before 0.4.0, nanoseconds in 0.4.0 and later).
 *     Strings never match a TIMESTAMP column.
 * @param timestampValue encodes a timestamp column value; needed when {@code timestampKey} is set
 * @param rangeFields the range index fields of the record's range, for {@code $} keys
 * @param archive facts about the whole archive; without them the record stands for the archive
 */
public record KqlContext(List<String> timestampKey, ToLongFunction<JsonNode> timestampValue,
        JsonNode rangeFields, KqlArchiveFacts archive) {

    public static final KqlContext NONE = new KqlContext(null, null, null, null);

    public KqlContext withTimestamp(List<String> key, ToLongFunction<JsonNode> value) {
        return new KqlContext(List.copyOf(key), value, rangeFields, archive);
    }

    public KqlContext withRangeFields(JsonNode fields) {
        return new KqlContext(timestampKey, timestampValue, fields, archive);
    }

    public KqlContext withArchive(KqlArchiveFacts facts) {
        return new KqlContext(timestampKey, timestampValue, rangeFields, facts);
    }
}
