package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/** clp-s's search inside an array for a column without wildcards (evaluate_array_filter). */
final class KqlArraySearch {
    private final KqlOp op;
    private final KqlLiteral lit;
    private final List<KqlColumn.Token> rest;
    private final String str;
    private final boolean maybeNumber;

    KqlArraySearch(KqlLeaf leaf, List<KqlColumn.Token> rest) {
        this.op = leaf.op();
        this.lit = leaf.literal();
        this.rest = rest;
        boolean existence = op.isExistence();
        this.str = existence ? null : lit.asArrayString(op);
        this.maybeNumber = !existence && (lit.asFloat(op) != null || lit.canInt(op));
    }

    boolean array(JsonNode arr, int idx) {
        for (JsonNode item : arr) {
            if (value(item, idx)) {
                return true;
            }
        }
        return false;
    }

    private boolean value(JsonNode item, int idx) {
        int n = rest.size();
        if (item.isObject()) {
            return object(item, idx);
        }
        if (item.isArray()) {
            return array(item, idx);
        }
        if (item.isTextual()) {
            return str != null && idx == n && op == KqlOp.EQ && lit.pattern().matches(item.asText());
        }
        if (item.isNumber()) {
            if (!maybeNumber || idx != n) {
                return false;
            }
            return KqlCompare.numberEval(op, lit, item);
        }
        if (item.isBoolean()) {
            if (idx != n || op.isExistence()) {
                return false;
            }
            Boolean b = lit.asBool(op);
            return b != null && KqlCompare.eval(op, item.booleanValue() == b);
        }
        if (item.isNull()) {
            return !op.isExistence() && lit.asNull(op) && op == KqlOp.EQ;
        }
        return false;
    }

    private boolean object(JsonNode obj, int idx) {
        if (idx >= rest.size()) {
            return false;
        }
        for (Map.Entry<String, JsonNode> f : obj.properties()) {
            if (!f.getKey().equals(rest.get(idx).name())) {
                continue;
            }
            int next = idx + 1;
            if (next == rest.size() && op.isExistence()) {
                return op == KqlOp.EXISTS;
            }
            return value(f.getValue(), next);
        }
        return false;
    }
}
