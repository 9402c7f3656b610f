package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What a record's matching may depend on besides the record: the archive's timestamp column and
 * how clp-s encodes its values for comparison, the archive's timestamp index, the range-index
 * fields ({@code $_filename} ...) of the range holding the record, and facts about the whole
 * archive. Every part may be null.
 *
 * @param timestampKey key path of the archive's authoritative timestamp column; its values are
 *     typed TIMESTAMP and compared as the number {@code timestampValue} gives (clp-s compares the
 *     encoded time: nanoseconds since the epoch in archives written by clp-s 0.10). Strings never
 *     match a TIMESTAMP column. Leave it null for archives whose timestamp column is stored as a
 *     plain integer (format 0.3.2 with an integer timestamp key).
 * @param timestampValue encodes a timestamp column value; needed when {@code timestampKey} is set
 * @param timestampIndex the archive's timestamp range (epoch milliseconds, as clp-s's timestamp
 *     dictionary keeps it) and the key it is for: clp-s skips the whole archive when the query
 *     cannot hold inside that range, whatever the records say
 * @param rangeFields the range index fields of the record's range, for {@code $} keys
 * @param archive facts about the whole archive; without them the record stands for the archive
 * @param millisecondTimestamps the archive predates format 0.5 (DateString columns hold epoch
 *     milliseconds): clp-s then compares {@code timestamp(...)} literals as milliseconds
 */
public record KqlContext(
        List<String> timestampKey,
        ToLongFunction<JsonNode> timestampValue,
        TimestampRange timestampIndex,
        JsonNode rangeFields,
        KqlArchiveFacts archive,
        boolean millisecondTimestamps) {

    /** An archive's timestamp range for a key path, inclusive, in epoch milliseconds. */
    public record TimestampRange(List<String> key, long start, long end) {}

    public static final KqlContext NONE = new KqlContext(null, null, null, null, null, false);

    public KqlContext withTimestamp(List<String> key, ToLongFunction<JsonNode> value) {
        return new KqlContext(List.copyOf(key), value, timestampIndex, rangeFields, archive, millisecondTimestamps);
    }

    /** The index range of the timestamp column ({@link #withTimestamp} first). */
    public KqlContext withTimestampIndex(long startMillis, long endMillis) {
        return withTimestampIndex(timestampKey, startMillis, endMillis);
    }

    public KqlContext withTimestampIndex(List<String> key, long startMillis, long endMillis) {
        TimestampRange r = key == null ? null : new TimestampRange(List.copyOf(key), startMillis, endMillis);
        return new KqlContext(timestampKey, timestampValue, r, rangeFields, archive, millisecondTimestamps);
    }

    public KqlContext withRangeFields(JsonNode fields) {
        return new KqlContext(timestampKey, timestampValue, timestampIndex, fields, archive, millisecondTimestamps);
    }

    public KqlContext withArchive(KqlArchiveFacts facts) {
        return new KqlContext(timestampKey, timestampValue, timestampIndex, rangeFields, facts, millisecondTimestamps);
    }

    public KqlContext withMillisecondTimestamps(boolean millis) {
        return new KqlContext(timestampKey, timestampValue, timestampIndex, rangeFields, archive, millis);
    }
}
