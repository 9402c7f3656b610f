package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A KQL query with clp-s's meaning ({@code clp-s s ARCHIVE 'KQL'}): {@code key: value}, nested
 * keys {@code a.b.c}, {@code *} and {@code ?} wildcards matching whole values, quoted values,
 * {@code > >= < <=}, true/false/null, AND/OR/NOT and parentheses, {@code *} or no key for any key,
 * and arrays searched element by element.
 *
 * <p>Thread-safe once parsed; {@link #matches} allocates only per call.
 */
public final class KqlQuery {
    private final String text;
    private final List<List<KqlLeaf>> plan;
    private final KqlEvaluator plain;

    private KqlQuery(String text, List<List<KqlLeaf>> plan) {
        this.text = text;
        this.plan = plan;
        this.plain = new KqlEvaluator(plan, KqlContext.NONE);
    }

    /** Parses a query; throws {@link KqlSyntaxException} where clp-s would refuse it. */
    public static KqlQuery parse(String query) {
        KqlExpr expr = KqlParser.parse(query);
        return new KqlQuery(query, KqlPlan.plan(expr));
    }

    /** Whether clp-s would return this record, the record standing for its whole archive. */
    public boolean matches(JsonNode record) {
        return plain.matches(record);
    }

    /** Whether clp-s would return this record, with archive knowledge from {@code context}. */
    public boolean matches(JsonNode record, KqlContext context) {
        return context == KqlContext.NONE ? plain.matches(record) : new KqlEvaluator(plan, context).matches(record);
    }

    /** A matcher bound to one context, to reuse over an archive's records. */
    public java.util.function.Predicate<JsonNode> matcher(KqlContext context) {
        KqlEvaluator e = new KqlEvaluator(plan, context);
        return e::matches;
    }

    /**
     * True when no record of the archive {@code context} describes can match, before looking at
     * any: the query is logically false, or the archive's timestamp range rules it out (clp-s
     * then skips the archive).
     */
    public boolean matchesNothingIn(KqlContext context) {
        return plan.isEmpty() || KqlTimestampIndex.excludesArchive(plan, context.timestampIndex());
    }

    /** True when no record can match (clp-s says the query "is logically false"). */
    public boolean matchesNothing() {
        return plan.isEmpty();
    }

    /**
     * The key paths the query looks at, as key lists ({@code "*"} for a wildcard level; a range-index
     * key keeps its {@code $} on the first key). A record without any of these keys can only match
     * through a negated existence test ({@code NOT k: *}); see {@link #mayMatchWithoutKeys()}.
     */
    public List<List<String>> keyPaths() {
        Set<List<String>> out = new LinkedHashSet<>();
        for (List<KqlLeaf> c : plan) {
            for (KqlLeaf l : c) {
                List<String> p = new ArrayList<>(l.column().path());
                if (!l.column().namespace().isEmpty() && !p.isEmpty()) {
                    p.set(0, l.column().namespace() + p.getFirst());
                }
                out.add(List.copyOf(p));
            }
        }
        return List.copyOf(out);
    }

    /** Whether some alternative of the query needs no key of the record to be present. */
    public boolean mayMatchWithoutKeys() {
        for (List<KqlLeaf> c : plan) {
            boolean needs = false;
            for (KqlLeaf l : c) {
                if (l.op() != KqlOp.NEXISTS
                        && !(l.column().isPureWildcard() && l.op().isExistence())
                        && !(l.column().isPureWildcard() && l.inverted())) {
                    needs = true;
                    break;
                }
            }
            if (!needs) {
                return true;
            }
        }
        return false;
    }

    /** Bytes a matching record's JSON text must hold, to skip parsing the rest; null when the query gives none. */
    public KqlNeedles needles() {
        return KqlNeedles.of(plan);
    }

    /**
     * What the query needs of a table with {@code nodes} before its records are rebuilt ({@link
     * KqlPrefilter}): {@link KqlPrefilter#NONE} when none of them can match, null when any may.
     */
    public KqlPrefilter prefilter(List<KqlPrefilter.Node> nodes, KqlContext context) {
        return KqlPrefilter.of(plan, nodes, context);
    }

    /** Like {@link #prefilter(List, KqlContext)}, with var-string filters resolved against the archive's dictionary first. */
    public KqlPrefilter prefilter(List<KqlPrefilter.Node> nodes, KqlContext context, KqlVarDictionary dict) {
        return KqlPrefilter.of(plan, nodes, context, dict);
    }

    /** Like {@link #prefilter(List, KqlContext)}, with CLP-string filters resolved against the archive's log types first. */
    public KqlPrefilter prefilter(List<KqlPrefilter.Node> nodes, KqlContext context, KqlPrefilter.LogTypes logTypes) {
        return KqlPrefilter.of(plan, nodes, context, null, logTypes);
    }

    /** Whether some filter looks for a CLP-string value (which the log types may show no record holds). */
    public boolean looksForClpStrings() {
        return looksFor(KqlType.CLP_STRING);
    }

    /** Whether some filter looks for a var-string value (which the variable dictionary may show no record holds). */
    public boolean looksForVarStrings() {
        return looksFor(KqlType.VAR_STRING);
    }

    /** Whether some filter asks for a value of {@code type} to equal its literal. */
    private boolean looksFor(KqlType type) {
        for (List<KqlLeaf> c : plan) {
            for (KqlLeaf l : c) {
                if (l.literal() != null && l.op() == KqlOp.EQ && !l.inverted() && l.hasType(type)) return true;
            }
        }
        return false;
    }

    /** Whether some filter can match a string column (for pruning by column type). */
    public boolean mayMatchAnyString() {
        int strings = KqlType.mask(KqlType.CLP_STRING, KqlType.VAR_STRING);
        for (List<KqlLeaf> c : plan) {
            for (KqlLeaf l : c) {
                if ((l.types() & strings) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The rewritten query (OR of ANDs), for debugging. */
    String describe() {
        return plan.toString();
    }

    @Override
    public String toString() {
        return text;
    }
}
