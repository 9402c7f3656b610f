package dev.vitrine.core.rbuf;

import dev.vitrine.core.rbuf.RbufIr.EnumDef;
import dev.vitrine.core.rbuf.RbufIr.SchemaDef;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A decoded rbuf value: a small immutable tree. {@link RbufJson} turns it into the JSON the
 * notes pin (D8, D9); {@link RbufEncoder} writes it back.
 */
public sealed interface RValue {

    /** Integers (raw bits; uint64 read unsigned), durations and time points. */
    record Int(RbufType type, long bits) implements RValue {}

    /** float or double (a float is held widened, exactly). */
    record Real(RbufType type, double value) implements RValue {}

    record Bool(boolean value) implements RValue {}

    record Str(String value) implements RValue {}

    record Bytes(byte[] value) implements RValue {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes b && Arrays.equals(value, b.value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return "Bytes[" + value.length + "]";
        }
    }

    record GuidValue(Guid value) implements RValue {}

    /** An enum's integer with its declaration (D8 names it in JSON). */
    record Enum(EnumDef def, long bits) implements RValue {}

    /** arraylist or fixed array items. */
    record Arr(List<RValue> items) implements RValue {
        public Arr {
            items = List.copyOf(items);
        }
    }

    /** Dictionary entries in wire order. */
    record Dict(List<Map.Entry<RValue, RValue>> entries) implements RValue {
        public Dict {
            entries = List.copyOf(entries);
        }
    }

    /**
     * A schema-typed value: its fields by name (base fields, removed ones included as they are
     * on the wire, then the fields of the groups present) and the ids of the groups present
     * in the data, in wire order.
     */
    record Obj(SchemaDef schema, Map<String, RValue> fields, List<Integer> groups) implements RValue {
        public Obj {
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
            groups = List.copyOf(groups);
        }

        public RValue get(String name) {
            return fields.get(name);
        }
    }

    /** D7: index 0 is empty; {@code type} and {@code value} are null when empty or unknown. */
    record Variant(int index, String type, Obj value) implements RValue {}

    /** An absent optional (D6). */
    record Absent() implements RValue {
        public static final Absent INSTANCE = new Absent();
    }

    static RValue i64(long v) {
        return new Int(RbufType.INT64, v);
    }

    static RValue str(String s) {
        return new Str(s);
    }
}
