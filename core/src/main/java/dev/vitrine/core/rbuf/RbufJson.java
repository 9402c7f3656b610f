package dev.vitrine.core.rbuf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.rbuf.RbufIr.EnumDef;
import dev.vitrine.core.rbuf.RbufIr.FieldDef;
import dev.vitrine.core.rbuf.RbufIr.GroupDef;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** rbuf values as JSON, in the one form the notes pin (D8, D9). */
public final class RbufJson {
    private static final JsonNodeFactory F = JsonNodeFactory.withExactBigDecimals(true);

    private RbufJson() {}

    public static JsonNode toJson(RValue v) {
        return switch (v) {
            case RValue.Int i -> integer(i.type(), i.bits());
            case RValue.Real r -> real(r.value());
            case RValue.Bool b -> F.booleanNode(b.value());
            case RValue.Str s -> F.textNode(s.value());
            case RValue.Bytes b -> F.textNode(Base64.getEncoder().encodeToString(b.value())); // D9: RFC 4648, padded
            case RValue.GuidValue g -> F.textNode(g.value().toString()); // D1
            case RValue.Enum e -> enumJson(e.def(), e.bits());
            case RValue.Arr a -> {
                ArrayNode n = F.arrayNode();
                for (RValue item : a.items()) n.add(toJson(item));
                yield n;
            }
            case RValue.Dict d -> {
                ObjectNode n = F.objectNode();
                for (Map.Entry<RValue, RValue> en : d.entries()) n.set(keyText(en.getKey()), toJson(en.getValue()));
                yield n;
            }
            case RValue.Obj o -> object(o);
            case RValue.Variant var -> { // D7
                ObjectNode n = F.objectNode();
                n.put("index", var.index());
                if (var.type() == null || var.value() == null) {
                    n.putNull("type");
                    n.putNull("value");
                } else {
                    n.put("type", var.type());
                    n.set("value", object(var.value()));
                }
                yield n;
            }
            case RValue.Absent a -> F.nullNode(); // D6
        };
    }

    /** D9: an object is its fields, then its present groups' fields, flat; D5: removed fields left out. */
    private static ObjectNode object(RValue.Obj o) {
        ObjectNode n = F.objectNode();
        for (FieldDef f : o.schema().fields()) put(n, o, f);
        for (GroupDef g : o.schema().groups()) {
            if (!o.groups().contains(g.id())) continue;
            for (FieldDef f : g.fields()) put(n, o, f);
        }
        return n;
    }

    private static void put(ObjectNode n, RValue.Obj o, FieldDef f) {
        if (f.removed()) return;
        RValue v = o.fields().get(f.name());
        if (v != null) n.set(f.name(), toJson(v));
    }

    /** D9: integers, time points, durations as JSON integers; uint64 unsigned. */
    private static JsonNode integer(RbufType t, long bits) {
        boolean unsigned = !t.signed;
        if (unsigned && bits < 0) return F.numberNode(new BigInteger(Long.toUnsignedString(bits)));
        return F.numberNode(bits);
    }

    /** D9: floats widened exactly, printed to round-trip; NaN and infinities as strings. */
    private static JsonNode real(double d) {
        if (Double.isNaN(d)) return F.textNode("NaN");
        if (Double.isInfinite(d)) return F.textNode(d > 0 ? "Infinity" : "-Infinity");
        return F.numberNode(d);
    }

    /**
     * D8: value enums: the first member (IR order) with that value, else the integer. Bitmask
     * enums: names of the non-zero flags whose bits are all set, ascending by value then name;
     * 0 gives []; the plain integer when a set bit is named by no flag.
     */
    public static JsonNode enumJson(EnumDef e, long bits) {
        if (!e.bitmask()) {
            for (Map.Entry<String, Long> m : e.values().entrySet())
                if (m.getValue() == bits) return F.textNode(m.getKey());
            return integer(e.intType(), bits);
        }
        List<Map.Entry<String, Long>> flags = new ArrayList<>();
        long covered = 0;
        for (Map.Entry<String, Long> m : e.values().entrySet()) {
            long f = m.getValue();
            if (f != 0 && (bits & f) == f) {
                flags.add(m);
                covered |= f;
            }
        }
        if ((bits & ~covered) != 0) return integer(e.intType(), bits);
        flags.sort(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue)
                .thenComparing(Map.Entry::getKey));
        ArrayNode a = F.arrayNode();
        for (var m : flags) a.add(m.getKey());
        return a;
    }

    /** D9: dictionary keys: integers decimal, guid text, enum name, bool true/false, strings as they are. */
    public static String keyText(RValue k) {
        return switch (k) {
            case RValue.Str s -> s.value();
            case RValue.Int i -> i.type().signed ? Long.toString(i.bits()) : Long.toUnsignedString(i.bits());
            case RValue.GuidValue g -> g.value().toString();
            case RValue.Bool b -> Boolean.toString(b.value());
            case RValue.Enum e -> {
                JsonNode n = enumJson(e.def(), e.bits());
                yield n.isTextual() ? n.asText() : n.toString();
            }
            default -> toJson(k).toString();
        };
    }
}
