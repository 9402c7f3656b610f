package dev.vitrine.core.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON text exactly as Python's {@code json.dumps} writes it (ensure_ascii on), so that our
 * output can be compared byte for byte with the reference tools': non-ASCII as lowercase
 * backslash-u escapes with four lowercase hex digits (surrogate pairs for astral characters), floats as Python's repr
 * (shortest round-trip digits, "1e+16", "1e-05", "2.0"), NaN/Infinity as Python spells them.
 */
public final class PythonJson {
    private PythonJson() {}

    /**
     * {@code json.dumps(value, indent=indent)}: newline and indent per level, ", " never
     * (items end with ","), ": " after keys, "{}" and "[]" for empty containers. No trailing
     * newline: {@code zss info} prints one after it.
     */
    public static String dumps(JsonNode value, int indent) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, indent, 0);
        return sb.toString();
    }

    /** {@code json.dumps(value)} with default separators ", " and ": " (as the reference writes metadata). */
    public static String dumps(JsonNode value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, -1, 0);
        return sb.toString();
    }

    private static void newline(StringBuilder sb, int indent, int depth) {
        sb.append('\n');
        sb.repeat(' ', indent * depth);
    }

    private static void write(StringBuilder sb, JsonNode v, int indent, int depth) {
        switch (v.getNodeType()) {
            case OBJECT -> {
                if (v.isEmpty()) {
                    sb.append("{}");
                    return;
                }
                sb.append('{');
                boolean first = true;
                for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!first) sb.append(indent >= 0 ? "," : ", ");
                    first = false;
                    if (indent >= 0) newline(sb, indent, depth + 1);
                    string(sb, e.getKey());
                    sb.append(": ");
                    write(sb, e.getValue(), indent, depth + 1);
                }
                if (indent >= 0) newline(sb, indent, depth);
                sb.append('}');
            }
            case ARRAY -> {
                if (v.isEmpty()) {
                    sb.append("[]");
                    return;
                }
                sb.append('[');
                for (int i = 0; i < v.size(); i++) {
                    if (i > 0) sb.append(indent >= 0 ? "," : ", ");
                    if (indent >= 0) newline(sb, indent, depth + 1);
                    write(sb, v.get(i), indent, depth + 1);
                }
                if (indent >= 0) newline(sb, indent, depth);
                sb.append(']');
            }
            case STRING -> string(sb, v.textValue());
            case BOOLEAN -> sb.append(v.booleanValue() ? "true" : "false");
            case NULL, MISSING -> sb.append("null");
            case NUMBER -> {
                if (v.isIntegralNumber()) sb.append(v.bigIntegerValue());
                else if (v.isBigDecimal()) sb.append(floatRepr(v.decimalValue().doubleValue()));
                else sb.append(floatRepr(v.doubleValue()));
            }
            default -> sb.append(v.toString());
        }
    }

    /** A JSON string literal with Python's ensure_ascii escaping. */
    public static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }

    /** Python's repr(float): shortest round-trip digits; exponent form when exp10 < -4 or >= 16. */
    public static String floatRepr(double d) {
        if (Double.isNaN(d)) return "NaN";
        if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
        if (d == 0) return (Double.doubleToRawLongBits(d) < 0 ? "-" : "") + "0.0";
        // Double.toString gives the shortest digits that round-trip (JDK 19+), as Python's repr.
        BigDecimal bd = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
        String digits = bd.unscaledValue().toString();
        int decpt = digits.length() - bd.scale(); // value = 0.DIGITS × 10^decpt
        if (digits.length() == 2) {
            // Java always prints two significant digits at least ("4.9E-324"); Python prints
            // the shortest that round-trips ("5e-324"). Try the one-digit neighbours.
            BigDecimal exact = new BigDecimal(Math.abs(d));
            BigDecimal best = null;
            int first = digits.charAt(0) - '0';
            for (int c : new int[] {first, first + 1}) {
                BigDecimal cand = BigDecimal.valueOf(c).scaleByPowerOfTen(decpt - 1);
                if (cand.doubleValue() == Math.abs(d)
                        && (best == null
                                || cand.subtract(exact)
                                                .abs()
                                                .compareTo(best.subtract(exact).abs())
                                        < 0)) {
                    best = cand;
                }
            }
            if (best != null) {
                best = best.stripTrailingZeros();
                digits = best.unscaledValue().toString();
                decpt = digits.length() - best.scale();
            }
        }
        StringBuilder sb = new StringBuilder();
        if (d < 0) sb.append('-');
        if (decpt <= -4 || decpt > 16) {
            sb.append(digits.charAt(0));
            if (digits.length() > 1) sb.append('.').append(digits, 1, digits.length());
            int exp = decpt - 1;
            sb.append('e').append(exp < 0 ? '-' : '+');
            int a = Math.abs(exp);
            if (a < 10) sb.append('0');
            sb.append(a);
        } else if (decpt <= 0) {
            sb.append("0.").repeat('0', -decpt).append(digits);
        } else if (decpt >= digits.length()) {
            sb.append(digits).repeat('0', decpt - digits.length()).append(".0");
        } else {
            sb.append(digits, 0, decpt).append('.').append(digits, decpt, digits.length());
        }
        return sb.toString();
    }
}
