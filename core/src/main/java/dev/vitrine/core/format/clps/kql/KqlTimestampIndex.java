package dev.vitrine.core.format.clps.kql;

import java.util.List;

/**
 * clp-s's timestamp-index check (EvaluateTimestampIndex): the query is judged true, false or
 * unknown against the archive's timestamp range using only the filters on the timestamp column;
 * when it is false clp-s returns nothing from the archive. A {@code timestamp(...)} literal is
 * compared in milliseconds (rounded toward zero), as the range is kept.
 */
final class KqlTimestampIndex {
    enum Value {
        TRUE,
        FALSE,
        UNKNOWN
    }

    private KqlTimestampIndex() {}

    static boolean excludesArchive(List<List<KqlLeaf>> plan, KqlContext.TimestampRange range) {
        if (range == null) {
            return false;
        }
        List<String> key = range.key();
        if (plan.size() == 1) {
            return and(plan.getFirst(), key, range) == Value.FALSE;
        }
        boolean unknown = false;
        for (List<KqlLeaf> c : plan) {
            Value v = and(c, key, range);
            if (v == Value.TRUE) {
                return false;
            }
            unknown |= v == Value.UNKNOWN;
        }
        return !unknown;
    }

    private static Value and(List<KqlLeaf> conjunct, List<String> key, KqlContext.TimestampRange range) {
        boolean unknown = false;
        for (KqlLeaf l : conjunct) {
            Value v = leaf(l, key, range);
            if (v == Value.FALSE) {
                return Value.FALSE;
            }
            unknown |= v == Value.UNKNOWN;
        }
        return unknown ? Value.UNKNOWN : Value.TRUE;
    }

    private static Value leaf(KqlLeaf l, List<String> key, KqlContext.TimestampRange range) {
        int timestampTypes = KqlType.mask(KqlType.INTEGER, KqlType.FLOAT, KqlType.TIMESTAMP);
        KqlColumn col = l.column();
        if ((l.types() & timestampTypes) == 0
                || col.hasWildcard()
                || !col.namespace().isEmpty()
                || !col.path().equals(key)
                || l.literal() == null
                || l.op().isExistence()) {
            return Value.UNKNOWN;
        }
        if (!l.literal().canInt(l.op())) {
            return Value.UNKNOWN;
        }
        long t = l.literal().indexValue(l.op());
        long s = range.start();
        long e = range.end();
        Value v = switch (l.op()) {
            case EQ -> t >= s && t <= e ? Value.UNKNOWN : Value.FALSE;
            case NEQ -> t >= s && t <= e ? Value.UNKNOWN : Value.TRUE;
            case LT -> t > e ? Value.TRUE : t <= s ? Value.FALSE : Value.UNKNOWN;
            case LTE -> t >= e ? Value.TRUE : t < s ? Value.FALSE : Value.UNKNOWN;
            case GT -> t < s ? Value.TRUE : t >= e ? Value.FALSE : Value.UNKNOWN;
            case GTE -> t <= s ? Value.TRUE : t > e ? Value.FALSE : Value.UNKNOWN;
            default -> Value.UNKNOWN;
        };
        if (l.inverted() && v != Value.UNKNOWN) {
            return v == Value.TRUE ? Value.FALSE : Value.TRUE;
        }
        return v;
    }
}
