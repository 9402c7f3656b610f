package dev.vitrine.core.format.clps.kql;

import java.util.regex.Pattern;

/**
 * A query value typed as clp-s types it: a number ("integral", kept with its text), true/false,
 * null, a string, or a {@code timestamp(...)} (epoch nanoseconds; it compares as that integer
 * with integer and timestamp columns and as epoch seconds with float columns, and never with
 * strings). Each {@code asX} says whether the value can be compared with a column of that
 * type under an operation, as clp-s's literal casts do; that decides which columns a filter can
 * reach at all.
 */
final class KqlLiteral {
    enum Kind {
        INTEGRAL,
        BOOLEAN,
        NULL,
        STRING,
        TIMESTAMP
    }

    private static final Pattern INT = Pattern.compile("[+-]?[0-9]+");
    private static final Pattern FLOAT = Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");

    final Kind kind;
    /** Integral text, or the string value with wildcard escapes, or "true"/"false"/"null". */
    final String text;

    final boolean isDouble;
    final long longValue;
    final double doubleValue;
    final boolean boolValue;
    /** For strings: {@link KqlType#VAR_STRING} and/or {@link KqlType#CLP_STRING} bits. */
    final int stringTypes;

    private volatile Wildcards.Pattern pattern;

    private KqlLiteral(Kind kind, String text, boolean isDouble, long l, double d, boolean b, int stringTypes) {
        this.kind = kind;
        this.text = text;
        this.isDouble = isDouble;
        this.longValue = l;
        this.doubleValue = d;
        this.boolValue = b;
        this.stringTypes = stringTypes;
    }

    /** Types unescaped KQL text as clp-s does: number, then boolean, then null, else string. */
    static KqlLiteral of(String token) {
        Long l = parseLong(token);
        if (l != null) {
            return new KqlLiteral(Kind.INTEGRAL, token, false, l, l, false, 0);
        }
        Double d = parseDouble(token);
        if (d != null) {
            return new KqlLiteral(Kind.INTEGRAL, token, true, x86Long(d), d, false, 0);
        }
        if (token.equals("true") || token.equals("false")) {
            return new KqlLiteral(Kind.BOOLEAN, token, false, 0, 0, token.equals("true"), 0);
        }
        if (token.equals("null")) {
            return new KqlLiteral(Kind.NULL, token, false, 0, 0, false, 0);
        }
        String v = Wildcards.cleanUp(token);
        int types = KqlRecordTree.stringType(v).bit();
        if (Wildcards.hasUnescapedWildcards(v)) {
            types |= KqlType.CLP_STRING.bit();
        }
        return new KqlLiteral(Kind.STRING, v, false, 0, 0, false, types);
    }

    /** A {@code timestamp(...)} literal at nanosecond precision. */
    static KqlLiteral timestamp(long epochNanos) {
        return new KqlLiteral(Kind.TIMESTAMP, Long.toString(epochNanos), false, epochNanos, epochNanos / 1e9, false, 0);
    }

    /**
     * This timestamp literal as clp-s compares it in archives older than 0.5 (DateString columns
     * hold milliseconds): the integer becomes milliseconds, rounded toward zero; other literals
     * are unchanged.
     */
    KqlLiteral atMillisecondPrecision() {
        if (kind != Kind.TIMESTAMP) {
            return this;
        }
        return new KqlLiteral(Kind.TIMESTAMP, text, false, longValue / 1_000_000L, doubleValue, false, 0);
    }

    /** The integer clp-s's timestamp index compares with: milliseconds for a timestamp literal. */
    long indexValue(KqlOp op) {
        return kind == Kind.TIMESTAMP ? Long.parseLong(text) / 1_000_000L : intValue(op);
    }

    /** Like reading a whole int64 with {@code istream >> int64_t}. */
    static Long parseLong(String s) {
        if (!INT.matcher(s).matches()) {
            return null;
        }
        try {
            return Long.parseLong(s.startsWith("+") ? s.substring(1) : s);
        } catch (NumberFormatException overflow) {
            return null;
        }
    }

    /** Like reading a whole double with {@code istream >> double}: finite decimal forms only. */
    static Double parseDouble(String s) {
        if (!FLOAT.matcher(s).matches()) {
            return null;
        }
        double d = Double.parseDouble(s);
        return Double.isInfinite(d) ? null : d;
    }

    /** {@link #text} as a wildcard pattern (compiled once). */
    Wildcards.Pattern pattern() {
        Wildcards.Pattern p = pattern;
        if (p == null) {
            p = new Wildcards.Pattern(text);
            pattern = p;
        }
        return p;
    }

    /** Whether a string value equals this string (clp-s's var-string dictionary match). */
    boolean matchesString(String value) {
        return Wildcards.hasUnescapedWildcards(text)
                ? pattern().matches(value)
                : Wildcards.unescape(text).equals(value);
    }

    boolean isAny(KqlOp op) {
        return kind == Kind.STRING && (op == KqlOp.EQ || op == KqlOp.NEQ) && text.equals("*");
    }

    String asClpString(KqlOp op) {
        if (op.isRange() || kind != Kind.STRING || (stringTypes & KqlType.CLP_STRING.bit()) == 0) {
            return null;
        }
        return text;
    }

    String asVarString(KqlOp op) {
        if (op.isRange()) {
            return null;
        }
        return switch (kind) {
            case INTEGRAL -> text;
            case BOOLEAN, NULL -> (op == KqlOp.EQ || op == KqlOp.NEQ) ? text : null;
            case STRING -> (stringTypes & KqlType.VAR_STRING.bit()) != 0 ? text : null;
            case TIMESTAMP -> null;
        };
    }

    /** The string array elements are matched with, or null. */
    String asArrayString(KqlOp op) {
        String s = asVarString(op);
        return s != null ? s : asClpString(op);
    }

    Double asFloat(KqlOp op) {
        return switch (kind) {
            case INTEGRAL -> isDouble ? doubleValue : (double) longValue;
            case TIMESTAMP -> doubleValue;
            case STRING -> parseDouble(text);
            default -> null;
        };
    }

    boolean canInt(KqlOp op) {
        return switch (kind) {
            case INTEGRAL -> !isDouble || doubleFitsInt(doubleValue, op);
            case TIMESTAMP -> true;
            case STRING ->
                parseLong(text) != null || (parseDouble(text) != null && doubleFitsInt(parseDouble(text), op));
            default -> false;
        };
    }

    /** The int64 clp-s compares with (also what it leaves behind when {@link #canInt} fails). */
    long intValue(KqlOp op) {
        if (kind == Kind.INTEGRAL) {
            return isDouble ? doubleToInt(doubleValue, op) : longValue;
        }
        if (kind == Kind.TIMESTAMP) {
            return longValue;
        }
        if (kind == Kind.STRING) {
            Long l = parseLong(text);
            if (l != null) {
                return l;
            }
            Double d = parseDouble(text);
            if (d != null) {
                return doubleToInt(d, op);
            }
        }
        return 0;
    }

    private static boolean doubleFitsInt(double d, KqlOp op) {
        return op != KqlOp.EQ || d == (double) x86Long(d);
    }

    private static long doubleToInt(double d, KqlOp op) {
        return x86Long(
                switch (op) {
                    case LT, GTE -> Math.ceil(d);
                    case GT, LTE -> Math.floor(d);
                    default -> d;
                });
    }

    /** A double to int64 as clp-s's x86-64 build converts it: out of range gives INT64_MIN. */
    private static long x86Long(double d) {
        if (Double.isNaN(d) || d >= 0x1p63 || d < -0x1p63) {
            return Long.MIN_VALUE;
        }
        return (long) d;
    }

    Boolean asBool(KqlOp op) {
        if (op != KqlOp.EQ && op != KqlOp.NEQ) {
            return null;
        }
        if (kind == Kind.BOOLEAN) {
            return boolValue;
        }
        if (kind == Kind.STRING && (text.equals("true") || text.equals("false"))) {
            return text.equals("true");
        }
        return null;
    }

    boolean asNull(KqlOp op) {
        boolean eqOrNeq = op == KqlOp.EQ || op == KqlOp.NEQ;
        return eqOrNeq && (kind == Kind.NULL || (kind == Kind.STRING && text.equals("null")));
    }

    boolean asTimestamp() {
        return kind == Kind.INTEGRAL || kind == Kind.TIMESTAMP;
    }

    /** The column types a filter with this value and operation can still match (clp-s NarrowTypes). */
    int narrow(KqlOp op, int types) {
        if (isAny(op)) {
            return types;
        }
        int t = types;
        if (asClpString(op) == null) {
            t &= ~KqlType.CLP_STRING.bit();
        }
        if (asVarString(op) == null) {
            t &= ~KqlType.VAR_STRING.bit();
        }
        if (!canInt(op)) {
            t &= ~KqlType.INTEGER.bit();
        }
        if (asFloat(op) == null) {
            t &= ~KqlType.FLOAT.bit();
        }
        if (asBool(op) == null) {
            t &= ~KqlType.BOOLEAN.bit();
        }
        if (asArrayString(op) == null) {
            t &= ~KqlType.ARRAY.bit();
        }
        if (!asNull(op)) {
            t &= ~KqlType.NULL.bit();
        }
        if (!asTimestamp()) {
            t &= ~KqlType.TIMESTAMP.bit();
        }
        return t;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case STRING -> '"' + text + '"';
            case TIMESTAMP -> "timestamp(" + longValue + ")";
            default -> text;
        };
    }
}
