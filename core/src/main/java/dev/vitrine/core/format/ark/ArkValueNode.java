package dev.vitrine.core.format.ark;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Any decoded rbuf value: scalars as fields, objects, lists and dictionaries as children. A
 * value of a message knows where it lies in the decompressed payload (spans recorded when
 * the message was decoded for display), so it frames its bytes, and its scalar fields', in
 * the decoded bytes shown beside the compressed frame.
 */
final class ArkValueNode extends ArkNode {
    final RValue value;
    /** The message the value was decoded from, or null (the manifest's value). */
    final ArkMessage message;

    final Map<RValue, int[]> spans;

    ArkValueNode(String name, RValue value, ByteRange range) {
        this(name, value, range, null, Map.of());
    }

    ArkValueNode(String name, RValue value, ByteRange range, ArkMessage message, Map<RValue, int[]> spans) {
        super(name, kindOf(value), value instanceof RValue.Obj ? Set.of(Role.RECORD) : Set.of(), range);
        this.value = value;
        this.message = message;
        this.spans = spans;
    }

    private ArkValueNode child(String name, RValue v) {
        return new ArkValueNode(name, v, ByteRange.NONE, message, spans);
    }

    @Override
    public Optional<Decoded> decoded() {
        int[] at = spans.get(value);
        if (message == null || at == null) return Optional.empty();
        return Optional.of(new ArkMessageNodes.MessageBytes(message, at[0], at[1] - at[0]) {
            @Override
            public List<Field> fields() {
                List<Field> f = new ArrayList<>();
                BiConsumer<String, RValue> add = (n, v) -> {
                    int[] s = spans.get(v);
                    if (s != null && !composite(v)) f.add(Field.at(n, RbufJson.toJson(v), s[0], s[1] - s[0]));
                };
                switch (value) {
                    case RValue.Obj o -> o.fields().forEach(add);
                    case RValue.Dict d ->
                        d.entries().forEach(e -> add.accept(RbufJson.keyText(e.getKey()), e.getValue()));
                    case RValue.Arr a -> {
                        for (int i = 0; i < a.items().size() && i < 1000; i++)
                            add.accept("[" + i + "]", a.items().get(i));
                    }
                    default -> {}
                }
                return f;
            }
        });
    }

    static String kindOf(RValue v) {
        return switch (v) {
            case RValue.Obj o -> o.schema().fullName();
            case RValue.Arr a -> "list of " + a.items().size();
            case RValue.Dict d -> "dictionary of " + d.entries().size();
            case RValue.Variant var -> "variant " + (var.type() == null ? "(empty)" : var.type());
            default -> "value";
        };
    }

    static boolean composite(RValue v) {
        return v instanceof RValue.Obj
                || v instanceof RValue.Arr
                || v instanceof RValue.Dict
                || (v instanceof RValue.Variant var && var.value() != null);
    }

    @Override
    public boolean hasChildren() {
        return composite(value);
    }

    @Override
    public List<Field> fields() {
        List<Field> f = new ArrayList<>();
        switch (value) {
            case RValue.Obj o ->
                o.fields().forEach((k, v) -> {
                    if (!composite(v)) f.add(Field.of(k + (removed(o, k) ? " [removed]" : ""), RbufJson.toJson(v)));
                });
            case RValue.Arr a -> f.add(Field.of("items", a.items().size()));
            case RValue.Dict d -> {
                for (var e : d.entries())
                    if (!composite(e.getValue()))
                        f.add(Field.of(RbufJson.keyText(e.getKey()), RbufJson.toJson(e.getValue())));
            }
            default -> f.add(Field.of("value", RbufJson.toJson(value)));
        }
        return f;
    }

    static boolean removed(RValue.Obj o, String field) {
        for (var fd : o.schema().fields()) if (fd.name().equals(field)) return fd.removed();
        return false;
    }

    @Override
    List<Node> kids() {
        List<Node> k = new ArrayList<>();
        switch (value) {
            case RValue.Obj o ->
                o.fields().forEach((n, v) -> {
                    if (composite(v)) k.add(child(n, v));
                });
            case RValue.Arr a -> {
                for (int i = 0; i < a.items().size() && i < 100_000; i++) {
                    RValue v = a.items().get(i);
                    k.add(child("[" + i + "]" + label(v), v));
                }
            }
            case RValue.Dict d -> {
                for (var e : d.entries())
                    if (composite(e.getValue())) k.add(child(RbufJson.keyText(e.getKey()), e.getValue()));
            }
            case RValue.Variant var -> k.add(child(var.type(), var.value()));
            default -> {}
        }
        return k;
    }

    static String label(RValue v) {
        if (v instanceof RValue.Obj o && o.get("name") instanceof RValue.Str s) return " " + s.value();
        return "";
    }
}
