package dev.vitrine.core.format.clps.kql;

import static dev.vitrine.core.format.clps.kql.KqlPrefilter.MAYBE;
import static dev.vitrine.core.format.clps.kql.KqlPrefilter.NO;
import static dev.vitrine.core.format.clps.kql.KqlPrefilter.YES;

import dev.vitrine.core.format.clps.kql.KqlPrefilter.Check;
import dev.vitrine.core.format.clps.kql.KqlPrefilter.Kind;
import dev.vitrine.core.format.clps.kql.KqlPrefilter.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code *: value} judged on a table's columns (clp-s's wildcard filter, KqlEvaluator's
 * wildcardLeaf): it holds when any value of the record compares, so each column the value can
 * compare with gets the check of its type (an array: the array alone parsed and searched), and a
 * record holds when one of them says yes. A column nothing here can judge (numbers inside
 * arrays, other kinds) leaves a "no" to the matcher.
 */
final class KqlWildcardCheck implements Check {
    private final Check[] columns;
    private final boolean unsure;
    private final boolean inverted;

    private KqlWildcardCheck(Check[] columns, boolean unsure, boolean inverted) {
        this.columns = columns;
        this.unsure = unsure;
        this.inverted = inverted;
    }

    /** The check of wildcard filter {@code leaf} on a table with {@code nodes}: a Check or KqlPrefilter.IMPOSSIBLE. */
    static Object of(KqlLeaf leaf, List<Node> nodes, KqlContext context) {
        KqlOp op = leaf.op();
        KqlLiteral lit = leaf.literal();
        // Each column's check says whether the value compares; the negation applies to the whole.
        KqlLeaf plain = new KqlLeaf(leaf.column(), op, lit, false, leaf.types());
        int strings = KqlType.mask(KqlType.CLP_STRING, KqlType.VAR_STRING);
        int numbers = KqlType.mask(KqlType.INTEGER, KqlType.FLOAT);
        List<Check> checks = new ArrayList<>();
        List<Check> costly = new ArrayList<>();
        boolean unsure = false;
        KqlPrefilter.StringCheck varStrings = null; // its answers by entry id serve every var-string column
        for (Node n : nodes) {
            Kind kind = n.kind();
            if (kind == Kind.OBJECT || kind == Kind.NULL) continue; // no value, or one that compares with nothing
            boolean timestampKey = n.path().equals(context.timestampKey());
            if (timestampKey && kind != Kind.ARRAY && kind != Kind.BOOLEAN) {
                // Numbers and text under the timestamp key are typed TIMESTAMP and compared by their time.
                if (!leaf.hasType(KqlType.TIMESTAMP) || !lit.canInt(op)) continue;
                if (kind == Kind.TIMESTAMP && n.column() >= 0 && !context.millisecondTimestamps())
                    checks.add(new KqlPrefilter.StoredTimestampCheck(n.column(), plain));
                else unsure = true;
                continue;
            }
            if (n.column() < 0) {
                unsure = true;
                continue;
            }
            switch (kind) {
                case INTEGER -> {
                    if (leaf.hasType(KqlType.INTEGER) && lit.canInt(op))
                        checks.add(new KqlPrefilter.IntegerCheck(n.column(), op, lit.intValue(op), false));
                }
                case FLOAT -> {
                    if ((leaf.types() & numbers) != 0) costly.add(new KqlPrefilter.FloatCheck(n.column(), plain));
                }
                case VAR_STRING -> {
                    if ((leaf.types() & strings) != 0) {
                        if (varStrings == null) varStrings = new KqlPrefilter.StringCheck(n.column(), plain);
                        checks.add(new KqlPrefilter.StringCheck(n.column(), varStrings));
                    }
                }
                case CLP_STRING -> {
                    if ((leaf.types() & strings) != 0)
                        costly.add(new KqlTemplateChecks.ClpStringCheck(
                                n.column(), new KqlPrefilter.StringCheck(n.column(), plain)));
                }
                case BOOLEAN -> {
                    if (leaf.hasType(KqlType.BOOLEAN) && lit.asBool(op) != null) {
                        int column = n.column();
                        checks.add(row -> KqlCompare.boolCompares(op, lit, row.bool(column)) ? YES : NO);
                    }
                }
                case ARRAY -> {
                    // Numbers in an array are compared only if the record holds a float somewhere: left to the matcher.
                    if (leaf.hasType(KqlType.FLOAT)) unsure = true;
                    else if (leaf.hasType(KqlType.ARRAY))
                        costly.add(new ArrayCheck(
                                n.column(),
                                new KqlWildcardArraySearch(op, lit, false),
                                KqlTemplates.quotedPattern(plain)));
                }
                default -> unsure = true;
            }
        }
        checks.addAll(costly); // the cheap checks first: a "yes" ends the search
        if (checks.isEmpty() && !unsure) {
            // No value of this table can compare: the filter is false on every record, true negated.
            return leaf.inverted() ? (Check) row -> YES : KqlPrefilter.IMPOSSIBLE;
        }
        return new KqlWildcardCheck(checks.toArray(Check[]::new), unsure, leaf.inverted());
    }

    /**
     * {@code *: value} inside one array column: the array alone written, parsed and searched at any depth; once
     * per log type for arrays without variables ({@link KqlTemplates}).
     */
    private static final class ArrayCheck implements Check, KqlTemplates.Judge {
        private final int column;
        private final KqlWildcardArraySearch search;
        private final KqlTemplates templates;

        /** What the array's text must match for the value to be in it ({@link KqlTemplates#quotedPattern}), or null. */
        private final byte[] quoted;

        private final Wildcards.Pattern quotedText;

        ArrayCheck(int column, KqlWildcardArraySearch search, byte[] quoted) {
            this.column = column;
            this.search = search;
            this.templates = new KqlTemplates(column);
            this.quoted = quoted;
            this.quotedText = quoted == null
                    ? null
                    : new Wildcards.Pattern(new String(quoted, java.nio.charset.StandardCharsets.US_ASCII));
        }

        @Override
        public int judge(KqlPrefilter.Row row) {
            int v = templates.judge(row, this);
            return v != KqlTemplates.PER_ROW ? v : judge(row.valueText(column));
        }

        @Override
        public int text(byte[] constant) {
            return judge(new String(constant, java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        public boolean mayPass(KqlTemplate t) {
            return quoted == null || !t.backslashFree() || KqlTemplates.mayMatch(t, quoted);
        }

        private int judge(String text) {
            if (text == null) return MAYBE;
            if (!KqlTemplates.mayHold(text, quotedText)) return NO; // not parsed (only a positive filter has one)
            com.fasterxml.jackson.databind.JsonNode v;
            try {
                v = dev.vitrine.core.json.Json.MAPPER.readTree(text);
            } catch (java.io.IOException e) {
                return MAYBE;
            }
            if (v == null || !v.isArray()) return MAYBE;
            return search.array(v) ? YES : NO;
        }
    }

    @Override
    public int judge(KqlPrefilter.Row row) {
        int any = unsure ? MAYBE : NO;
        for (Check c : columns) {
            int r = c.judge(row);
            if (r == YES) {
                any = YES;
                break;
            }
            if (r == MAYBE) any = MAYBE;
        }
        if (any == MAYBE) return MAYBE;
        return (any == YES) != inverted ? YES : NO;
    }
}
