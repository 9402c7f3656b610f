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
        KqlStringCheck varStrings = null; // its answers by entry id serve every var-string column
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
                        if (varStrings == null) varStrings = new KqlStringCheck(n.column(), plain);
                        checks.add(new KqlStringCheck(n.column(), varStrings));
                    }
                }
                case CLP_STRING -> {
                    if ((leaf.types() & strings) != 0)
                        costly.add(new KqlTemplateChecks.ClpStringCheck(
                                n.column(), new KqlStringCheck(n.column(), plain)));
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
                        // the value inside one array column, at any depth
                        costly.add(new KqlTemplateChecks.ArrayCheck(
                                n.column(),
                                KqlTemplates.quotedPattern(plain),
                                new KqlWildcardArraySearch(op, lit, false)::array));
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
