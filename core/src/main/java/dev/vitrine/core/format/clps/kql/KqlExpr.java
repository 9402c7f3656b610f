package dev.vitrine.core.format.clps.kql;

import java.util.List;

/** The parsed query: filters joined by AND, OR and NOT, before clp-s's rewriting passes. */
sealed interface KqlExpr {
    record And(List<KqlExpr> operands) implements KqlExpr {}

    record Or(List<KqlExpr> operands) implements KqlExpr {}

    record Not(KqlExpr operand) implements KqlExpr {}

    /** {@code column op literal}; a NOT directly on a filter is kept in {@code inverted}. */
    record Filter(KqlColumn column, KqlOp op, KqlLiteral literal, boolean inverted) implements KqlExpr {
        Filter withColumn(KqlColumn c) {
            return new Filter(c, op, literal, inverted);
        }
    }

    /** Prepends {@code prefix} to every filter's column (clp-s's nested {@code a: {...}} and lists). */
    static KqlExpr prefix(KqlExpr e, KqlColumn prefix) {
        if (e instanceof Filter f) return f.withColumn(f.column().prefixedWith(prefix));
        if (e instanceof Not n) return new Not(prefix(n.operand(), prefix));
        List<KqlExpr> parts = children(e).stream().map(x -> prefix(x, prefix)).toList();
        return e instanceof And ? new And(parts) : new Or(parts);
    }

    /**
     * The operands of an AND or OR, a NOT's one, none of a filter. Told by instanceof rather than a
     * switch on the type: such a switch makes its class at run time from the JDK's class-file API,
     * whose code runs cold on every query (the start-up cache cannot hold it).
     */
    static List<KqlExpr> children(KqlExpr e) {
        if (e instanceof And a) return a.operands();
        if (e instanceof Or o) return o.operands();
        if (e instanceof Not n) return List.of(n.operand());
        return List.of();
    }
}
