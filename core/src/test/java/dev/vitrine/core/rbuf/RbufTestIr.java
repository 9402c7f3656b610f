package dev.vitrine.core.rbuf;

import dev.vitrine.core.rbuf.RbufIr.EnumDef;
import dev.vitrine.core.rbuf.RbufIr.FieldDef;
import dev.vitrine.core.rbuf.RbufIr.SchemaDef;
import dev.vitrine.core.rbuf.RbufIr.TypeRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Our own schema IR using every field type (written for the tests; no real IR copied), and a value generator. */
public final class RbufTestIr {
    public static final String EVERY_TYPE = "demo::sensors::EveryType";

    /** IR JSON in the shape the rbuf compiler emits: one schema that uses every field type. */
    public static final String IR_JSON = """
            {"schemas":[
             {"name":"EveryType","object_namespace":"demo::sensors","fields":[
               {"name":"i8","type":"int8"},{"name":"u8","type":"uint8"},{"name":"i16","type":"int16"},
               {"name":"u16","type":"uint16"},{"name":"i32","type":"int32"},{"name":"u32","type":"uint32"},
               {"name":"i64","type":"int64"},{"name":"u64","type":"uint64"},{"name":"f","type":"float"},
               {"name":"d","type":"double"},{"name":"flag","type":"bool"},{"name":"label","type":"string"},
               {"name":"blob","type":"byte_buffer"},{"name":"id","type":"guid"},{"name":"elapsed","type":"duration"},
               {"name":"stamp","type":"steady_time_point"},{"name":"wall","type":"system_time_point"},
               {"name":"mode","type":"enum","object_type":"demo::sensors::Mode"},
               {"name":"caps","type":"enum","object_type":"demo::sensors::Caps"},
               {"name":"pose","type":"object","object_type":"demo::sensors::Pose"},
               {"name":"packed","type":"object","object_type":"demo::sensors::Packed"},
               {"name":"old","type":"uint32","attributes":{"removed":true}},
               {"name":"maybe","type":"object","attributes":{"optional":true},"object_type":"demo::sensors::Pose"},
               {"name":"maybe_n","type":"int32","attributes":{"optional":true}},
               {"name":"poses","type":"arraylist","ctr_value_type":{"type":"object","object_type":"demo::sensors::Pose"}},
               {"name":"xyz","type":"array","array_size":3,"ctr_value_type":{"type":"double"}},
               {"name":"names","type":"dictionary","ctr_key_type":{"type":"string"},"ctr_value_type":{"type":"arraylist","ctr_value_type":{"type":"uint16"}}},
               {"name":"by_id","type":"dictionary","ctr_key_type":{"type":"guid"},"ctr_value_type":{"type":"object","object_type":"demo::sensors::Pose"}},
               {"name":"by_mode","type":"dictionary","ctr_key_type":{"type":"enum","object_type":"demo::sensors::Mode"},"ctr_value_type":{"type":"bool"}},
               {"name":"shape","type":"variant","variant_types":[[1,"demo::sensors::Pose"],[2,"demo::sensors::Packed"]]}
              ],"groups":[
               {"identifier":1,"fields":[{"name":"note","type":"string"}]},
               {"identifier":0,"fields":[{"name":"extra","type":"arraylist","ctr_value_type":{"type":"int64"}},{"name":"gone","type":"bool","attributes":{"removed":true}}]}
              ]},
             {"name":"Pose","object_namespace":"demo::sensors","fields":[{"name":"x","type":"double"},{"name":"y","type":"double"}],
              "groups":[{"identifier":0,"fields":[{"name":"frame","type":"string"}]}]},
             {"name":"Packed","object_namespace":"demo::sensors","attributes":{"final":true},"fields":[{"name":"a","type":"uint8"},{"name":"b","type":"float"}],"groups":[]}
            ],"enums":[
             {"name":"Mode","object_namespace":"demo::sensors","enum_class":"uint8","enum_type":"value","values":{"Idle":0,"Run":1,"Fault":7}},
             {"name":"Caps","object_namespace":"demo::sensors","enum_class":"uint16","enum_type":"bitmask","values":{"None":0,"Lidar":1,"Camera":2,"Both":3,"Imu":8}}
            ]}""";

    public static RbufIr ir() {
        return RbufIr.parse(IR_JSON);
    }

    private RbufTestIr() {}

    /** A random value of schema {@code s}: every field given, every group present; depth-bounded. */
    public static RValue.Obj generate(RbufIr ir, SchemaDef s, Random r, int depth) {
        Map<String, RValue> f = new LinkedHashMap<>();
        List<Integer> groups = new ArrayList<>();
        for (FieldDef fd : s.fields()) f.put(fd.name(), field(ir, fd, r, depth));
        if (!s.isFinal()) {
            for (var g : s.groups()) {
                groups.add(g.id());
                for (FieldDef fd : g.fields()) f.put(fd.name(), field(ir, fd, r, depth));
            }
        }
        return new RValue.Obj(s, f, groups);
    }

    private static RValue field(RbufIr ir, FieldDef fd, Random r, int depth) {
        if (fd.optional() && (depth > 3 || r.nextBoolean())) return RValue.Absent.INSTANCE;
        return value(ir, fd.type(), r, depth + 1);
    }

    public static RValue value(RbufIr ir, TypeRef t, Random r, int depth) {
        int n = depth > 3 ? 0 : r.nextInt(3);
        return switch (t.type()) {
            case INT8 -> new RValue.Int(t.type(), (byte) r.nextInt());
            case UINT8 -> new RValue.Int(t.type(), r.nextInt(256));
            case INT16 -> new RValue.Int(t.type(), (short) r.nextInt());
            case UINT16 -> new RValue.Int(t.type(), r.nextInt(65536));
            case INT32 -> new RValue.Int(t.type(), r.nextInt());
            case UINT32 -> new RValue.Int(t.type(), r.nextInt() & 0xffffffffL);
            case INT64, UINT64, DURATION -> new RValue.Int(t.type(), r.nextLong());
            case STEADY_TIME_POINT, SYSTEM_TIME_POINT -> new RValue.Int(t.type(), r.nextLong() >>> 1);
            case FLOAT -> new RValue.Real(t.type(), r.nextInt(10) == 0 ? Float.NaN : r.nextFloat() * 100 - 50);
            case DOUBLE -> new RValue.Real(t.type(), r.nextInt(10) == 0 ? Double.NEGATIVE_INFINITY : r.nextGaussian());
            case BOOL -> new RValue.Bool(r.nextBoolean());
            case STRING -> new RValue.Str("s" + r.nextInt(1000) + (r.nextBoolean() ? "é" : ""));
            case BYTE_BUFFER -> {
                byte[] b = new byte[r.nextInt(6)];
                r.nextBytes(b);
                yield new RValue.Bytes(b);
            }
            case GUID -> new RValue.GuidValue(new Guid(r.nextLong(), r.nextLong()));
            case ENUM -> {
                EnumDef e = ir.enumDef(t.objectType());
                List<Long> vals = new ArrayList<>(e.values().values());
                long v = vals.isEmpty() || r.nextInt(8) == 0 ? 5 : vals.get(r.nextInt(vals.size()));
                yield new RValue.Enum(e, v);
            }
            case OBJECT -> generate(ir, ir.schema(t.objectType()), r, depth + 1);
            case ARRAYLIST -> {
                List<RValue> items = new ArrayList<>();
                for (int i = 0; i < n; i++) items.add(value(ir, t.valueType(), r, depth + 1));
                yield new RValue.Arr(items);
            }
            case ARRAY -> {
                List<RValue> items = new ArrayList<>();
                for (int i = 0; i < t.arraySize(); i++) items.add(value(ir, t.valueType(), r, depth + 1));
                yield new RValue.Arr(items);
            }
            case DICTIONARY -> {
                List<Map.Entry<RValue, RValue>> es = new ArrayList<>();
                java.util.Set<String> keys = new java.util.HashSet<>();
                for (int i = 0; i < n; i++) {
                    RValue k = value(ir, t.keyType(), r, depth + 1);
                    if (!keys.add(RbufJson.keyText(k))) continue;
                    es.add(Map.entry(k, value(ir, t.valueType(), r, depth + 1)));
                }
                yield new RValue.Dict(es);
            }
            case VARIANT -> {
                if (t.variantTypes().isEmpty() || depth > 3 || r.nextInt(4) == 0)
                    yield new RValue.Variant(0, null, null);
                var vt = t.variantTypes().get(r.nextInt(t.variantTypes().size()));
                yield new RValue.Variant(
                        vt.index(), vt.objectType(), generate(ir, ir.schema(vt.objectType()), r, depth + 1));
            }
        };
    }
}
