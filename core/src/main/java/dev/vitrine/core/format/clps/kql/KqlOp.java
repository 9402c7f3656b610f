package dev.vitrine.core.format.clps.kql;

/** clp-s filter operations; NEQ never comes out of KQL (NOT inverts an EQ instead). */
enum KqlOp {
    EXISTS,
    NEXISTS,
    EQ,
    NEQ,
    LT,
    GT,
    LTE,
    GTE;

    boolean isRange() {
        return this == LT || this == GT || this == LTE || this == GTE;
    }

    boolean isExistence() {
        return this == EXISTS || this == NEXISTS;
    }

    static KqlOp ofRange(String text) {
        return switch (text) {
            case "<" -> LT;
            case ">" -> GT;
            case "<=" -> LTE;
            case ">=" -> GTE;
            default -> throw new IllegalArgumentException(text);
        };
    }
}
