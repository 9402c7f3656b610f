package dev.vitrine.core.format.clps.kql;

/**
 * The literal types clp-s gives a column (a bit mask in a filter's column). A JSON value's type
 * follows clp-s's writer: integers fitting 64 bits are INTEGER, other numbers FLOAT, a string with
 * a space CLP_STRING and one without VAR_STRING, an array ARRAY (unstructured), and the archive's
 * timestamp column TIMESTAMP. Objects have no literal type and never match a filter.
 */
public enum KqlType {
    INTEGER,
    FLOAT,
    CLP_STRING,
    VAR_STRING,
    BOOLEAN,
    ARRAY,
    NULL,
    TIMESTAMP;

    static final int ALL = (1 << values().length) - 1;

    final int bit() {
        return 1 << ordinal();
    }

    static int mask(KqlType... types) {
        int m = 0;
        for (KqlType t : types) {
            m |= t.bit();
        }
        return m;
    }
}
