package dev.vitrine.core.rbuf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.json.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An rbuf schema IR: the JSON the rbuf compiler emits ({@code {"schemas":[...],"enums":[...]}}),
 * which also sits in serializable-file trailers and in Ark's schema registries. Immutable once
 * parsed; names resolve by {@code object_namespace::name}.
 */
public final class RbufIr {

    /** A field's or container element's type. */
    public record TypeRef(
            RbufType type,
            String objectType,
            TypeRef keyType,
            TypeRef valueType,
            int arraySize,
            List<VariantType> variantTypes) {
        public TypeRef {
            variantTypes = variantTypes == null ? List.of() : List.copyOf(variantTypes);
        }

        public static TypeRef of(RbufType t) {
            return new TypeRef(t, null, null, null, 0, List.of());
        }

        public static TypeRef object(String name) {
            return new TypeRef(RbufType.OBJECT, name, null, null, 0, List.of());
        }

        public static TypeRef enumOf(String name) {
            return new TypeRef(RbufType.ENUM, name, null, null, 0, List.of());
        }

        public static TypeRef arraylist(TypeRef value) {
            return new TypeRef(RbufType.ARRAYLIST, null, null, value, 0, List.of());
        }

        public static TypeRef array(TypeRef value, int size) {
            return new TypeRef(RbufType.ARRAY, null, null, value, size, List.of());
        }

        public static TypeRef dictionary(TypeRef key, TypeRef value) {
            return new TypeRef(RbufType.DICTIONARY, null, key, value, 0, List.of());
        }

        public static TypeRef variant(List<VariantType> types) {
            return new TypeRef(RbufType.VARIANT, null, null, null, 0, types);
        }
    }

    /** One alternative of a variant: its index (1-based; 0 is empty) and schema name. */
    public record VariantType(int index, String objectType) {}

    public record FieldDef(String name, TypeRef type, boolean removed, boolean optional) {
        public static FieldDef of(String name, TypeRef type) {
            return new FieldDef(name, type, false, false);
        }
    }

    public record GroupDef(int id, List<FieldDef> fields) {
        public GroupDef {
            fields = List.copyOf(fields);
        }
    }

    /** A schema: its fields, then its groups in IR order (D3). {@code isFinal}: D4. */
    public record SchemaDef(
            String name, String namespace, boolean isFinal, List<FieldDef> fields, List<GroupDef> groups) {
        public SchemaDef {
            fields = List.copyOf(fields);
            groups = List.copyOf(groups);
        }

        public String fullName() {
            return RbufIr.fullName(namespace, name);
        }

        public GroupDef group(int id) {
            for (GroupDef g : groups) if (g.id() == id) return g;
            return null;
        }
    }

    /** An enum: its integer type, whether it is a bitmask, and its members in IR order. */
    public record EnumDef(String name, String namespace, RbufType intType, boolean bitmask, Map<String, Long> values) {
        public EnumDef {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        public String fullName() {
            return RbufIr.fullName(namespace, name);
        }
    }

    private final List<SchemaDef> schemas;
    private final List<EnumDef> enums;
    private final Map<String, SchemaDef> schemaByName = new HashMap<>();
    private final Map<String, EnumDef> enumByName = new HashMap<>();

    public RbufIr(List<SchemaDef> schemas, List<EnumDef> enums) {
        this.schemas = List.copyOf(schemas);
        this.enums = List.copyOf(enums);
        for (SchemaDef s : this.schemas) schemaByName.putIfAbsent(s.fullName(), s);
        for (EnumDef e : this.enums) enumByName.putIfAbsent(e.fullName(), e);
    }

    static String fullName(String ns, String name) {
        return ns == null || ns.isEmpty() ? name : ns + "::" + name;
    }

    public List<SchemaDef> schemas() {
        return schemas;
    }

    public List<EnumDef> enums() {
        return enums;
    }

    /** The schema named {@code fullName} ({@code ns::Name}), or null. */
    public SchemaDef schema(String fullName) {
        return fullName == null ? null : schemaByName.get(fullName);
    }

    public EnumDef enumDef(String fullName) {
        return fullName == null ? null : enumByName.get(fullName);
    }

    /** Parses IR JSON text; IllegalArgumentException when it is not IR. */
    public static RbufIr parse(String json) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("schema IR is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) throw new IllegalArgumentException("schema IR is not a JSON object");
        List<SchemaDef> schemas = new ArrayList<>();
        for (JsonNode s : arr(root, "schemas")) {
            List<FieldDef> fields = fields(s.get("fields"));
            List<GroupDef> groups = new ArrayList<>();
            for (JsonNode g : arr(s, "groups")) {
                groups.add(new GroupDef(g.path("identifier").asInt(), fields(g.get("fields"))));
            }
            schemas.add(new SchemaDef(
                    text(s, "name"),
                    s.path("object_namespace").asText(""),
                    s.path("attributes").path("final").asBoolean(false),
                    fields,
                    groups));
        }
        List<EnumDef> enums = new ArrayList<>();
        for (JsonNode e : arr(root, "enums")) {
            Map<String, Long> values = new LinkedHashMap<>();
            JsonNode v = e.get("values");
            if (v != null && v.isObject())
                v.properties()
                        .forEach(en -> values.put(en.getKey(), en.getValue().asLong()));
            RbufType t = RbufType.parse(e.path("enum_class").asText("int32"));
            if (!t.isInteger())
                throw new IllegalArgumentException("enum " + text(e, "name") + " has non-integer type " + t.irName());
            enums.add(new EnumDef(
                    text(e, "name"),
                    e.path("object_namespace").asText(""),
                    t,
                    "bitmask".equals(e.path("enum_type").asText("value")),
                    values));
        }
        return new RbufIr(schemas, enums);
    }

    private static Iterable<JsonNode> arr(JsonNode n, String key) {
        JsonNode a = n.get(key);
        if (a == null || a.isNull()) return List.of();
        if (!a.isArray()) throw new IllegalArgumentException("\"" + key + "\" is not an array");
        return a;
    }

    private static String text(JsonNode n, String key) {
        JsonNode v = n.get(key);
        if (v == null || !v.isTextual()) throw new IllegalArgumentException("missing \"" + key + "\"");
        return v.asText();
    }

    private static List<FieldDef> fields(JsonNode a) {
        List<FieldDef> out = new ArrayList<>();
        if (a == null || a.isNull()) return out;
        if (!a.isArray()) throw new IllegalArgumentException("\"fields\" is not an array");
        for (JsonNode f : a) {
            JsonNode attrs = f.path("attributes");
            out.add(new FieldDef(
                    text(f, "name"),
                    typeRef(f, 0),
                    attrs.path("removed").asBoolean(false),
                    attrs.path("optional").asBoolean(false)));
        }
        return out;
    }

    private static TypeRef typeRef(JsonNode f, int depth) {
        if (depth > 32) throw new IllegalArgumentException("container types nested too deep");
        if (f == null || !f.isObject()) throw new IllegalArgumentException("container without an element type");
        RbufType t = RbufType.parse(f.path("type").asText(null));
        return switch (t) {
            case OBJECT, ENUM -> new TypeRef(t, text(f, "object_type"), null, null, 0, List.of());
            case ARRAYLIST -> TypeRef.arraylist(typeRef(f.get("ctr_value_type"), depth + 1));
            case ARRAY -> {
                int n = f.path("array_size").asInt(-1);
                if (n < 0) throw new IllegalArgumentException("array without array_size");
                yield TypeRef.array(typeRef(f.get("ctr_value_type"), depth + 1), n);
            }
            case DICTIONARY ->
                TypeRef.dictionary(
                        typeRef(f.get("ctr_key_type"), depth + 1), typeRef(f.get("ctr_value_type"), depth + 1));
            case VARIANT -> {
                List<VariantType> vt = new ArrayList<>();
                for (JsonNode p : arr(f, "variant_types")) {
                    if (!p.isArray() || p.size() != 2)
                        throw new IllegalArgumentException("variant type is not [index, name]");
                    vt.add(new VariantType(p.get(0).asInt(), p.get(1).asText()));
                }
                yield TypeRef.variant(vt);
            }
            default -> TypeRef.of(t);
        };
    }

    // ---- writing IR (D10 key order, compact) ----

    /** This IR as compact JSON in the D10 key order (no source_location). */
    public String toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ArrayNode sa = root.putArray("schemas");
        for (SchemaDef s : schemas) {
            ObjectNode o = sa.addObject();
            o.put("name", s.name());
            o.put("object_namespace", s.namespace());
            if (s.isFinal()) o.putObject("attributes").put("final", true);
            ArrayNode fa = o.putArray("fields");
            for (FieldDef fd : s.fields()) fa.add(fieldJson(fd));
            ArrayNode ga = o.putArray("groups");
            for (GroupDef g : s.groups()) {
                ObjectNode go = ga.addObject();
                go.put("identifier", g.id());
                ArrayNode gf = go.putArray("fields");
                for (FieldDef fd : g.fields()) gf.add(fieldJson(fd));
            }
        }
        ArrayNode ea = root.putArray("enums");
        for (EnumDef e : enums) {
            ObjectNode o = ea.addObject();
            o.put("name", e.name());
            o.put("object_namespace", e.namespace());
            o.put("enum_class", e.intType().irName());
            o.put("enum_type", e.bitmask() ? "bitmask" : "value");
            ObjectNode v = o.putObject("values");
            e.values().forEach(v::put);
        }
        try {
            return Json.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode fieldJson(FieldDef fd) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", fd.name());
        o.put("type", fd.type().type().irName());
        if (fd.removed() || fd.optional()) {
            ObjectNode a = o.putObject("attributes");
            if (fd.removed()) a.put("removed", true);
            if (fd.optional()) a.put("optional", true);
        }
        typeJson(o, fd.type());
        return o;
    }

    private static void typeJson(ObjectNode o, TypeRef t) {
        switch (t.type()) {
            case OBJECT, ENUM -> o.put("object_type", t.objectType());
            case ARRAYLIST -> o.set("ctr_value_type", elementJson(t.valueType()));
            case ARRAY -> {
                o.put("array_size", t.arraySize());
                o.set("ctr_value_type", elementJson(t.valueType()));
            }
            case DICTIONARY -> {
                o.set("ctr_key_type", elementJson(t.keyType()));
                o.set("ctr_value_type", elementJson(t.valueType()));
            }
            case VARIANT -> {
                ArrayNode a = o.putArray("variant_types");
                for (VariantType v : t.variantTypes())
                    a.addArray().add(v.index()).add(v.objectType());
            }
            default -> {}
        }
    }

    private static ObjectNode elementJson(TypeRef t) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("type", t.type().irName());
        typeJson(o, t);
        return o;
    }

    /**
     * D12: the minimal IR of a type's closure: that schema first, then the schemas it references
     * depth-first in order of first reference (fields, then groups), enums in order of first
     * reference. IllegalArgumentException when a referenced type is not in this IR.
     */
    public RbufIr closure(String rootSchema) {
        SchemaDef root = schema(rootSchema);
        if (root == null) throw new IllegalArgumentException("no schema " + rootSchema);
        Set<SchemaDef> ss = new LinkedHashSet<>();
        Set<EnumDef> es = new LinkedHashSet<>();
        visit(root, ss, es);
        return new RbufIr(new ArrayList<>(ss), new ArrayList<>(es));
    }

    private void visit(SchemaDef s, Set<SchemaDef> ss, Set<EnumDef> es) {
        if (!ss.add(s)) return;
        for (FieldDef f : s.fields()) visit(f.type(), ss, es);
        for (GroupDef g : s.groups()) for (FieldDef f : g.fields()) visit(f.type(), ss, es);
    }

    private void visit(TypeRef t, Set<SchemaDef> ss, Set<EnumDef> es) {
        if (t == null) return;
        switch (t.type()) {
            case OBJECT -> visit(require(t.objectType()), ss, es);
            case ENUM -> {
                EnumDef e = enumDef(t.objectType());
                if (e == null) throw new IllegalArgumentException("no enum " + t.objectType());
                es.add(e);
            }
            case VARIANT -> {
                for (VariantType v : t.variantTypes()) visit(require(v.objectType()), ss, es);
            }
            default -> {
                visit(t.keyType(), ss, es);
                visit(t.valueType(), ss, es);
            }
        }
    }

    SchemaDef require(String name) {
        SchemaDef s = schema(name);
        if (s == null) throw new IllegalArgumentException("no schema " + name);
        return s;
    }

    /** True when every type {@code rootSchema} reaches is defined in this IR. */
    public boolean isComplete(String rootSchema) {
        try {
            closure(rootSchema);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
