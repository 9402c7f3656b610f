package dev.vitrine.core.format.clps;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.clps.kql.KqlContext;
import dev.vitrine.core.format.clps.kql.TimestampPattern;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * What clp-s knows of an archive's timestamps when it searches: which key is the timestamp
 * column (a Timestamp node from 0.5 on, a DateString node before), the number it compares for
 * each value, and the archive's timestamp range. The number is recomputed from the record's JSON
 * the way clp-s's writer computed it: the value is read with the archive's own patterns in the
 * order the writer made them (the first that reads it is the one the writer used), then with
 * clp-s's defaults. Timestamp columns compare epoch nanoseconds; DateString columns epoch
 * milliseconds, and old archives also lower {@code timestamp(...)} literals to milliseconds.
 */
final class ClpsTimestampContext {
    /** A value the patterns cannot read: compares as the smallest number, as no record of a sound archive has one. */
    static final long UNREADABLE = Long.MIN_VALUE;

    private ClpsTimestampContext() {}

    static KqlContext apply(
            KqlContext base, ClpsSchemaTree schema, ClpsTimestampDictionary timestamps, ClpsVersion version) {
        boolean old = version.deprecatedTimestamps();
        int columnType = old ? ClpsNodeType.DATE_STRING : ClpsNodeType.TIMESTAMP;
        List<String> column = null;
        for (int i = 0; i < schema.type.length && column == null; i++) {
            if (schema.type[i] == columnType) column = ClpsQueryFilter.keyPath(schema, i);
        }
        KqlContext ctx = base.withMillisecondTimestamps(old);
        if (column != null) {
            ctx = ctx.withTimestamp(column, encoder(timestamps, old));
        }
        ClpsTimestampDictionary.Range range = range(timestamps, column);
        if (range != null && range.encoding() == 1) {
            ctx = ctx.withTimestampIndex(
                    Arrays.asList(range.key().split("\\.", -1)), range.startBits(), range.endBits());
        }
        return ctx;
    }

    /** The range clp-s's index check meets first for the column (or the first range). */
    private static ClpsTimestampDictionary.Range range(ClpsTimestampDictionary d, List<String> column) {
        if (d == null || d.ranges().isEmpty()) return null;
        if (column != null) {
            String key = String.join(".", column);
            for (ClpsTimestampDictionary.Range r : d.ranges()) {
                if (r.key().equals(key)) return r;
            }
        }
        return d.ranges().getFirst();
    }

    static ToLongFunction<JsonNode> encoder(ClpsTimestampDictionary d, boolean millis) {
        List<TimestampPattern> strings = new ArrayList<>();
        List<TimestampPattern> numbers = new ArrayList<>();
        if (d != null && !millis) {
            for (Map.Entry<Long, String> p : d.patterns().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .toList()) {
                try {
                    TimestampPattern tp = TimestampPattern.create(p.getValue());
                    (p.getValue().startsWith("\"") ? strings : numbers).add(tp);
                } catch (TimestampPattern.InvalidPatternException e) {
                    // a pattern clp-s could not have written: the defaults still apply
                }
            }
        }
        return v -> {
            String literal;
            if (v.isTextual()) {
                literal = quoted(v.asText());
            } else if (v.isIntegralNumber()) {
                literal = v.asText();
            } else if (v.isNumber()) {
                literal = BigDecimal.valueOf(v.doubleValue()).toPlainString();
            } else {
                return UNREADABLE;
            }
            Long nanos = TimestampPattern.parseJsonLiteral(literal, v.isTextual() ? strings : numbers);
            if (nanos == null) return UNREADABLE;
            return millis ? Math.floorDiv(nanos, 1_000_000L) : nanos;
        };
    }

    /** A string as the JSON literal clp-s's writer saw (patterns hold no quotes; backslashes come doubled). */
    private static String quoted(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\');
            b.append(c);
        }
        return b.append('"').toString();
    }
}
