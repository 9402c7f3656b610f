package dev.vitrine.core.rbuf;

import java.util.Locale;

/** The field types of the rbuf schema IR ("type" of a field or container element). */
public enum RbufType {
    INT8(1, true),
    UINT8(1, false),
    INT16(2, true),
    UINT16(2, false),
    INT32(4, true),
    UINT32(4, false),
    INT64(8, true),
    UINT64(8, false),
    FLOAT(4, true),
    DOUBLE(8, true),
    BOOL(1, false),
    STRING(-1, false),
    BYTE_BUFFER(-1, false),
    GUID(16, false),
    /** i64 nanoseconds. */
    DURATION(8, true),
    /** u64 nanoseconds since an arbitrary origin (D23). */
    STEADY_TIME_POINT(8, false),
    /** u64 nanoseconds since the Unix epoch (D23). */
    SYSTEM_TIME_POINT(8, false),
    OBJECT(-1, false),
    ENUM(-1, false),
    ARRAYLIST(-1, false),
    ARRAY(-1, false),
    DICTIONARY(-1, false),
    VARIANT(-1, false);

    /** Fixed wire size in bytes, or -1 when it depends on the value or schema. */
    public final int size;

    public final boolean signed;

    RbufType(int size, boolean signed) {
        this.size = size;
        this.signed = signed;
    }

    /** The IR spelling ("uint64", "steady_time_point"). */
    public String irName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RbufType parse(String s) {
        if (s == null) throw new IllegalArgumentException("field without a type");
        try {
            return valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown rbuf type \"" + s + "\"");
        }
    }

    public boolean isInteger() {
        return switch (this) {
            case INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64 -> true;
            default -> false;
        };
    }

    /** Integers, durations and time points: a long on the wire. */
    public boolean isIntegral() {
        return isInteger() || this == DURATION || this == STEADY_TIME_POINT || this == SYSTEM_TIME_POINT;
    }
}
