package dev.vitrine.core.format.clps.kql;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What a query needs of one table's columns, checked before a record is rebuilt as JSON: a
 * record it rules out cannot match, so it is never rendered or parsed (for {@code level: ERROR}
 * that is most records), and one it accepts for certain is rendered but not parsed. It says
 * "no" or "yes" only where the JSON matcher would say the same, "maybe" otherwise; the matcher
 * decides every "maybe". It looks at filters on a plain key path (no {@code $}) compared with a
 * column of any scalar type, the timestamp (on its stored epoch where the format stores one),
 * an array (the array alone parsed and searched) or keys inside one, at {@code *: value} over
 * every column ({@link KqlWildcardCheck}), and at key paths the table does not hold at all; a
 * key with an empty name stays "maybe".
 */
public final class KqlPrefilter {
    /** Kinds of schema nodes the prefilter tells apart. */
    public enum Kind {
        OBJECT,
        INTEGER,
        FLOAT,
        VAR_STRING,
        CLP_STRING,
        BOOLEAN,
        NULL,
        ARRAY,
        /** A format-0.5 timestamp column: its values are stored as epoch nanoseconds. */
        TIMESTAMP,
        OTHER
    }

    /** One node of a table's schema below the record's root: its key path, kind and column (or -1). */
    public record Node(List<String> path, Kind kind, int column) {}

    /** One record of the table, as the checks read it. */
    public interface Row {
        /** The i64 stored in {@code column} for this record: the integer, or a var-string's dictionary id. */
        long value(int column);

        /** Dictionary entry {@code id} as bytes, or null when there is none. */
        byte[] varString(long id);

        /** How many entries the var-string dictionary has. */
        int varStrings();

        /** The text of the CLP string in {@code column} for this record, or null when it cannot be rebuilt. */
        byte[] clpString(int column);

        /** The boolean in {@code column} for this record. */
        boolean bool(int column);

        /** The value in {@code column} for this record as the record's JSON writes it, or null when it cannot be written. */
        String valueText(int column);

        /**
         * False when {@code column}'s value as written ({@link #valueText}) is an array that cannot hold a string
         * matching {@code quoted} ({@link KqlTemplates#mayHold}); a row may decide it on the written bytes, without
         * making a String of them.
         */
        default boolean valueTextMayHold(int column, byte[] quoted) {
            String text = valueText(column);
            if (text == null) return true;
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            return mayHold(b, b.length, quoted);
        }

        /** {@link #valueTextMayHold} on the first {@code length} bytes of the value's text (UTF-8). */
        static boolean mayHold(byte[] text, int length, byte[] quoted) {
            return KqlTemplates.mayHold(text, length, quoted);
        }

        /** Whether var-string dictionary entry {@code id} is exactly {@code value} (compared where it lies). */
        default boolean varStringIs(long id, byte[] value) {
            return java.util.Arrays.equals(varString(id), value);
        }

        /** The log type of this record's CLP string or array in {@code column}, as an id, or -1 when it has none. */
        default int templateId(int column) {
            return -1;
        }

        /** How many log types the dictionary of {@code column}'s values has. */
        default int templates(int column) {
            return 0;
        }

        /** Log type {@code id} of {@code column}'s dictionary, or null when it cannot be read. */
        default KqlTemplate template(int column, int id) {
            return null;
        }

        /**
         * The float in {@code column} for this record as stored, when the text the record's JSON writes for it is a
         * float that reads back within {@link #storedFloatSlack} of it; NaN when not known (then the text is read).
         */
        default double storedFloat(int column) {
            return Double.NaN;
        }

        /** How far the text of {@link #storedFloat} may read back from it; negative when not known. */
        default double storedFloatSlack(int column) {
            return -1;
        }

        /**
         * How many encoded variables this record's CLP string in {@code column} has (with its log type they decide
         * its text: {@link #variable}), or -1 when they cannot be read.
         */
        default int variables(int column) {
            return -1;
        }

        /** Encoded variable {@code i} of this record's CLP string in {@code column}, {@code i < variables(column)}. */
        default long variable(int column, int i) {
            return 0;
        }
    }

    /** A table none of whose records can match. */
    public static final KqlPrefilter NONE = new KqlPrefilter(List.of());

    /** For each alternative (AND) that may hold: the checks all of which must pass. */
    private final Check[][] alternatives; // an array: judged for every record, no iterator each time

    private KqlPrefilter(List<Check[]> alternatives) {
        this.alternatives = alternatives.toArray(Check[][]::new);
    }

    /** Answers of {@link #judge}. */
    public static final int NO = 0, YES = 1, MAYBE = 2;

    /** Whether the record may match (false: it cannot). */
    public boolean mayMatch(Row row) {
        return judge(row) != NO;
    }

    /**
     * {@link #NO} when the record cannot match, {@link #YES} when it matches for certain (every
     * filter of an alternative was judged on its column), else {@link #MAYBE}.
     */
    public int judge(Row row) {
        int answer = NO;
        for (Check[] all : alternatives) {
            int a = YES;
            for (Check c : all) {
                int r = c.judge(row);
                if (r == NO) {
                    a = NO;
                    break;
                }
                if (r == MAYBE) a = MAYBE;
            }
            if (a == YES) return YES;
            if (a == MAYBE) answer = MAYBE;
        }
        return answer;
    }

    /**
     * The prefilter of {@code plan} for a table with {@code nodes}, {@link #NONE} when no record
     * of it can match, or null when it could not rule any record out.
     */
    static KqlPrefilter of(List<List<KqlLeaf>> plan, List<Node> nodes, KqlContext context) {
        return of(plan, nodes, context, null);
    }

    /** Like {@link #of(List, List, KqlContext)}; a var-string filter no entry of {@code dict} (when given) passes never holds. */
    static KqlPrefilter of(List<List<KqlLeaf>> plan, List<Node> nodes, KqlContext context, KqlVarDictionary dict) {
        return of(plan, nodes, context, dict, null);
    }

    /** The log types every CLP-string column's values are made from (clp-s's log.dict). */
    public interface LogTypes {
        int size();

        /** Log type {@code id}, or null when it cannot be read. */
        KqlTemplate template(int id);
    }

    /**
     * Like {@link #of(List, List, KqlContext, KqlVarDictionary)}; a CLP-string filter no log type of {@code
     * logTypes} (when given) can pass never holds, as clp-s looks its log types up before it opens a table.
     */
    static KqlPrefilter of(
            List<List<KqlLeaf>> plan, List<Node> nodes, KqlContext context, KqlVarDictionary dict, LogTypes logTypes) {
        for (Node n : nodes) if (n.path().contains("")) return null;
        List<Check[]> alternatives = new ArrayList<>();
        for (List<KqlLeaf> conjunct : plan) {
            List<Check> checks = new ArrayList<>();
            boolean impossible = false, unsure = false;
            for (KqlLeaf leaf : conjunct) {
                Object c = check(leaf, nodes, context);
                if (dict != null && c instanceof KqlStringCheck s && dict.noEntryPasses(leaf, s)) c = IMPOSSIBLE;
                if (logTypes != null && c instanceof KqlTemplateChecks.ClpStringCheck s && s.passesNoLogType(logTypes))
                    c = IMPOSSIBLE;
                if (c == IMPOSSIBLE) {
                    impossible = true;
                    break;
                }
                if (c instanceof Check k) checks.add(k);
                else unsure = true;
            }
            if (impossible) continue;
            if (checks.isEmpty()) return null; // this alternative may hold for any record
            if (unsure) checks.add(row -> MAYBE); // the matcher judges the filters not checked here
            alternatives.add(KqlCheckSets.fold(checks).toArray(Check[]::new));
        }
        return alternatives.isEmpty() ? NONE : new KqlPrefilter(alternatives);
    }

    static final Object IMPOSSIBLE = new Object(), UNKNOWN = new Object();

    /**
     * A check of one filter on this table: a Check, IMPOSSIBLE (it never holds here) or UNKNOWN.
     * As in KqlEvaluator: a filter holds only where its key path leads to a value of one of its
     * types (negated or not); then EXISTS holds, and a comparison holds when the value compares,
     * or when it does not for a negated filter.
     */
    private static Object check(KqlLeaf leaf, List<Node> nodes, KqlContext context) {
        KqlColumn col = leaf.column();
        KqlOp op = leaf.op();
        if (col.namespace().isEmpty()
                && col.isPureWildcard()
                && (op == KqlOp.EQ || op.isRange())
                && leaf.literal() != null) {
            return KqlWildcardCheck.of(leaf, nodes, context);
        }
        boolean exists = op == KqlOp.EXISTS && !leaf.inverted();
        if (!col.namespace().isEmpty()
                || col.hasWildcard()
                || !(exists || op == KqlOp.EQ || op.isRange())
                || (!exists && leaf.literal() == null)) {
            return UNKNOWN;
        }
        boolean timeLiteral = leaf.literal() != null && leaf.literal().kind == KqlLiteral.Kind.TIMESTAMP;
        List<String> path = new ArrayList<>();
        for (KqlColumn.Token t : col.tokens()) path.add(t.name());
        if (path.isEmpty()) return UNKNOWN;
        boolean timestampKey = path.equals(context.timestampKey());
        if (timeLiteral && !timestampKey) return UNKNOWN; // compared with integer and float columns by rules of its own
        if (timestampKey && (context.timestampValue() == null || exists)) return UNKNOWN;
        Node at = null;
        Node array = null;
        for (Node n : nodes) {
            List<String> p = n.path();
            if (p.size() < path.size()
                    && n.kind() != Kind.OBJECT
                    && path.subList(0, p.size()).equals(p)) {
                // Inside an array: searched there as the matcher searches it. Past a value: left to the matcher.
                if (n.kind() != Kind.ARRAY || array != null || timestampKey) return UNKNOWN;
                array = n;
            }
            if (p.equals(path)) {
                if (at != null) return UNKNOWN;
                at = n;
            }
        }
        if (array != null) {
            if (at != null || array.column() < 0 || exists) return UNKNOWN;
            return KqlTemplateChecks.ArrayCheck.of(
                    array.column(), leaf, col.tokens().subList(array.path().size(), path.size()));
        }
        // No such key, or an object there: the matcher finds no value at all.
        if (at == null || at.kind() == Kind.OBJECT) return IMPOSSIBLE;
        if (at.kind() == Kind.NULL) return (leaf.types() & KqlType.NULL.bit()) == 0 ? IMPOSSIBLE : UNKNOWN;
        if (at.column() < 0) return UNKNOWN;
        if (timestampKey) {
            // Numbers and text under the timestamp key are typed TIMESTAMP and compared by their encoded time.
            if (at.kind() == Kind.ARRAY || at.kind() == Kind.BOOLEAN) return UNKNOWN;
            // A format-0.5 timestamp column stores that time: compared as stored, as clp-s does, nothing rendered.
            if (at.kind() == Kind.TIMESTAMP && !context.millisecondTimestamps())
                return new StoredTimestampCheck(at.column(), leaf);
            KqlLeaf l = context.millisecondTimestamps() && leaf.literal() != null
                    ? new KqlLeaf(
                            leaf.column(), op, leaf.literal().atMillisecondPrecision(), leaf.inverted(), leaf.types())
                    : leaf;
            return new TimestampCheck(at.column(), l, context.timestampValue());
        }
        return switch (at.kind()) {
            case INTEGER -> {
                if ((leaf.types() & KqlType.INTEGER.bit()) == 0) yield IMPOSSIBLE;
                if (exists) yield (Check) row -> YES;
                if (!leaf.literal().canInt(op)) yield leaf.inverted() ? (Check) row -> YES : IMPOSSIBLE;
                yield new IntegerCheck(at.column(), op, leaf.literal().intValue(op), leaf.inverted());
            }
            case VAR_STRING -> new KqlStringCheck(at.column(), leaf);
            case CLP_STRING -> new KqlTemplateChecks.ClpStringCheck(at.column(), new KqlStringCheck(at.column(), leaf));
            case FLOAT -> new FloatCheck(at.column(), leaf);
            case ARRAY -> exists ? (Check) row -> YES : KqlTemplateChecks.ArrayCheck.of(at.column(), leaf, List.of());
            case BOOLEAN -> {
                if ((leaf.types() & KqlType.BOOLEAN.bit()) == 0) yield IMPOSSIBLE;
                if (exists) yield (Check) row -> YES;
                if (leaf.literal().asBool(op) == null) yield leaf.inverted() ? (Check) row -> YES : IMPOSSIBLE;
                KqlLeaf l = leaf;
                int column = at.column();
                yield (Check)
                        row -> KqlCompare.boolCompares(op, l.literal(), row.bool(column)) != l.inverted() ? YES : NO;
            }
            default -> UNKNOWN;
        };
    }

    /**
     * A filter on a float column: the value's JSON text is what the matcher parses, so it is
     * typed and read the same way (a number written without '.', 'e' or 'E' would be an integer
     * to it: left to the matcher).
     */
    record FloatCheck(int column, KqlLeaf leaf) implements Check {
        @Override
        public int judge(Row row) {
            double stored = row.storedFloat(column);
            if (!Double.isNaN(stored)) {
                int v = judgeStored(stored, row.storedFloatSlack(column));
                if (v != MAYBE) return v;
            }
            String text = row.valueText(column);
            if (!isFloat(text)) return MAYBE;
            if ((leaf.types() & KqlType.FLOAT.bit()) == 0) return NO;
            KqlOp op = leaf.op();
            if (op == KqlOp.EXISTS) return YES;
            Double v = floatOf(text);
            if (v == null) return MAYBE;
            boolean holds = KqlCompare.floatCompares(op, leaf.literal(), v);
            return holds != leaf.inverted() ? YES : NO;
        }

        /**
         * The verdict for a float whose text reads back within {@code slack} of {@code stored}, without the text:
         * farther than that from the literal, both are on the same side of it and neither equals it. MAYBE when nearer.
         */
        private int judgeStored(double stored, double slack) {
            if (!(slack >= 0)) return MAYBE;
            if ((leaf.types() & KqlType.FLOAT.bit()) == 0) return NO;
            KqlOp op = leaf.op();
            if (op == KqlOp.EXISTS) return YES;
            Double x = leaf.literal().asFloat(op);
            boolean holds;
            if (x == null) holds = false;
            else if (Math.abs(stored - x) > slack) holds = KqlCompare.compareDouble(op, stored, x);
            else return MAYBE;
            return holds != leaf.inverted() ? YES : NO;
        }

        private static boolean isFloat(String text) {
            return text != null && (text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0);
        }

        /** The float the matcher reads from a float column's text, or null when it would not read one (then "maybe"). */
        static Double floatOf(String text) {
            if (!isFloat(text)) return null;
            try {
                return Double.parseDouble(text);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    /**
     * A filter on the archive's timestamp key: the value is written as the record's JSON has it,
     * read back to its encoded time by the archive's patterns, and compared as an integer, as the
     * matcher does.
     */
    private record TimestampCheck(
            int column, KqlLeaf leaf, java.util.function.ToLongFunction<com.fasterxml.jackson.databind.JsonNode> encode)
            implements Check {
        @Override
        public int judge(Row row) {
            String text = row.valueText(column);
            if (text == null) return MAYBE;
            com.fasterxml.jackson.databind.JsonNode v;
            try {
                v = dev.vitrine.core.json.Json.MAPPER.readTree(text);
            } catch (java.io.IOException e) {
                return MAYBE;
            }
            if (v == null || !(v.isNumber() || v.isTextual())) return MAYBE;
            if ((leaf.types() & KqlType.TIMESTAMP.bit()) == 0) return NO;
            KqlOp op = leaf.op();
            KqlLiteral lit = leaf.literal();
            boolean holds = lit.canInt(op) && KqlCompare.intCompares(op, lit, encode.applyAsLong(v));
            return holds != leaf.inverted() ? YES : NO;
        }
    }

    /**
     * A filter on a format-0.5 timestamp column, compared on the stored epoch nanoseconds (what
     * the matcher reads back from the written value), without rendering or parsing it.
     */
    record StoredTimestampCheck(int column, KqlLeaf leaf) implements Check {
        @Override
        public int judge(Row row) {
            if ((leaf.types() & KqlType.TIMESTAMP.bit()) == 0) return NO;
            boolean holds = KqlCompare.intCompares(leaf.op(), leaf.literal(), row.value(column));
            return holds != leaf.inverted() ? YES : NO;
        }
    }

    /** One filter judged on one record's columns: {@link #NO}, {@link #YES} or {@link #MAYBE}. */
    interface Check {
        int judge(Row row);
    }

    record IntegerCheck(int column, KqlOp op, long operand, boolean inverted) implements Check {
        @Override
        public int judge(Row row) {
            boolean holds = KqlCompare.compareLong(op, row.value(column), operand);
            return holds != inverted ? YES : NO;
        }
    }
}
