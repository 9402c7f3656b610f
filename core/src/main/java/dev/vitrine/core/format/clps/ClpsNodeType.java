package dev.vitrine.core.format.clps;

/** Schema-tree node types as clp-s numbers them on disk (u8 in /schema_tree). */
final class ClpsNodeType {
    static final int INTEGER = 0,
            FLOAT = 1,
            CLP_STRING = 2,
            VAR_STRING = 3,
            BOOLEAN = 4,
            OBJECT = 5,
            UNSTRUCTURED_ARRAY = 6,
            NULL_VALUE = 7,
            DATE_STRING = 8,
            STRUCTURED_ARRAY = 9,
            METADATA = 10,
            DELTA_INTEGER = 11,
            FORMATTED_FLOAT = 12,
            DICTIONARY_FLOAT = 13,
            TIMESTAMP = 14,
            UNKNOWN = 255;

    private static final String[] NAMES = {
        "Integer",
        "Float",
        "ClpString",
        "VarString",
        "Boolean",
        "Object",
        "UnstructuredArray",
        "NullValue",
        "DateString",
        "StructuredArray",
        "Metadata",
        "DeltaInteger",
        "FormattedFloat",
        "DictionaryFloat",
        "Timestamp"
    };

    private ClpsNodeType() {}

    static boolean known(int t) {
        return (t >= 0 && t < NAMES.length) || t == UNKNOWN;
    }

    static String name(int t) {
        if (t >= 0 && t < NAMES.length) return NAMES[t];
        return t == UNKNOWN ? "Unknown" : "type " + t;
    }
}
