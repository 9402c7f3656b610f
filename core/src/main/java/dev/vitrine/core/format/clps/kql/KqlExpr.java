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
        return switch (e) {
            case And a ->
                new And(a.operands().stream().map(x -> prefix(x, prefix)).toList());
            case Or o ->
                new Or(o.operands().stream().map(x -> prefix(x, prefix)).toList());
            case Not n -> new Not(prefix(n.operand(), prefix));
            case Filter f -> f.withColumn(f.column().prefixedWith(prefix));
        };
    }
}
