package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code *: value} inside an array: every value at any depth (evaluate_wildcard_array_filter). */
record KqlWildcardArraySearch(KqlOp op, KqlLiteral lit, boolean maybeNumber) {
    boolean array(JsonNode arr) {
        for (JsonNode item : arr) {
            if (value(item)) {
                return true;
            }
        }
        return false;
    }

    boolean object(JsonNode obj) {
        for (JsonNode item : obj) {
            if (value(item)) {
                return true;
            }
        }
        return false;
    }

    private boolean value(JsonNode item) {
        if (item.isObject()) {
            return object(item);
        }
        if (item.isArray()) {
            return array(item);
        }
        if (item.isTextual()) {
            return op == KqlOp.EQ
                    && lit.asArrayString(op) != null
                    && lit.pattern().matches(item.asText());
        }
        if (item.isNumber()) {
            return maybeNumber && KqlCompare.numberEval(op, lit, item);
        }
        if (item.isBoolean()) {
            Boolean b = lit.asBool(op);
            return b != null && KqlCompare.eval(op, item.booleanValue() == b);
        }
        if (item.isNull()) {
            return lit.asNull(op) && op == KqlOp.EQ;
        }
        return false;
    }
}
