package dev.vitrine.core.format.clps.kql;

/**
 * One filter after clp-s's rewriting: {@code column op literal} limited to the column types in
 * {@code types}, negated when {@code inverted}. EXISTS and NEXISTS leaves carry no literal.
 */
record KqlLeaf(KqlColumn column, KqlOp op, KqlLiteral literal, boolean inverted, int types) {

    KqlLeaf withTypes(int t) {
        return new KqlLeaf(column, op, literal, inverted, t);
    }

    static KqlLeaf exists(KqlColumn column, boolean exists, int types) {
        return new KqlLeaf(column, exists ? KqlOp.EXISTS : KqlOp.NEXISTS, null, false, types);
    }

    boolean hasType(KqlType t) {
        return (types & t.bit()) != 0;
    }

    @Override
    public String toString() {
        String s =
                key() + " " + op + (literal == null ? "" : " " + literal) + " types=" + Integer.toBinaryString(types);
        return inverted ? "!" + s : s;
    }

    /** The column as KQL writes it, so that {@code a\.b} and {@code a.b}, or {@code @x} and {@code x}, differ. */
    private String key() {
        StringBuilder b = new StringBuilder(column.namespace());
        for (int i = 0; i < column.tokens().size(); i++) {
            KqlColumn.Token t = column.tokens().get(i);
            if (i > 0) b.append('.');
            b.append(
                    t.wildcard()
                            ? "*"
                            : t.name().replace("\\", "\\\\").replace(".", "\\.").replace("*", "\\*"));
        }
        return b.toString();
    }
}
