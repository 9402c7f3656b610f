package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The comparisons of a value of each type with a literal, as clp-s makes them: shared by
 * {@link KqlEvaluator} (values of a rebuilt record), the array searches and {@link KqlPrefilter}
 * (stored column values).
 */
final class KqlCompare {
    private KqlCompare() {}

    static boolean intCompares(KqlOp op, KqlLiteral lit, long value) {
        return lit.canInt(op) && compareLong(op, value, lit.intValue(op));
    }

    static boolean floatCompares(KqlOp op, KqlLiteral lit, double value) {
        Double d = lit.asFloat(op);
        return d != null && compareDouble(op, value, d);
    }

    static boolean clpStringCompares(KqlOp op, KqlLiteral lit, String value) {
        String q = lit.asClpString(op);
        if (op != KqlOp.EQ && op != KqlOp.NEQ) {
            return false;
        }
        if (q == null) {
            return op == KqlOp.NEQ;
        }
        return (op == KqlOp.EQ) == lit.pattern().matches(value);
    }

    static boolean varStringCompares(KqlOp op, KqlLiteral lit, String value) {
        String q = lit.asVarString(op);
        if (q == null || (op != KqlOp.EQ && op != KqlOp.NEQ)) {
            return false;
        }
        boolean matched = lit.kind == KqlLiteral.Kind.STRING ? lit.matchesString(value) : q.equals(value);
        return (op == KqlOp.EQ) == matched;
    }

    static boolean boolCompares(KqlOp op, KqlLiteral lit, boolean value) {
        Boolean b = lit.asBool(op);
        return b != null && (op == KqlOp.EQ ? value == b : op == KqlOp.NEQ && value != b);
    }

    static boolean compareLong(KqlOp op, long value, long operand) {
        return switch (op) {
            case EQ -> value == operand;
            case NEQ -> value != operand;
            case LT -> value < operand;
            case GT -> value > operand;
            case LTE -> value <= operand;
            case GTE -> value >= operand;
            default -> false;
        };
    }

    static boolean compareDouble(KqlOp op, double value, double operand) {
        return switch (op) {
            case EQ -> value == operand;
            case NEQ -> value != operand;
            case LT -> value < operand;
            case GT -> value > operand;
            case LTE -> value <= operand;
            case GTE -> value >= operand;
            default -> false;
        };
    }

    /** clp-s's {@code eval(op, a, b)}: equality for EQ, inequality for every other operation. */
    static boolean eval(KqlOp op, boolean equal) {
        return op == KqlOp.EQ ? equal : !equal;
    }

    static boolean numberEval(KqlOp op, KqlLiteral lit, JsonNode item) {
        if (KqlRecordTree.isInteger(item)) {
            return eval(op, KqlRecordTree.longOf(item) == lit.intValue(op));
        }
        Double d = lit.asFloat(op);
        return eval(op, d != null && item.doubleValue() == d);
    }
}
