package dev.vitrine.core.rbuf;

import dev.vitrine.core.rbuf.RbufIr.FieldDef;
import dev.vitrine.core.rbuf.RbufIr.GroupDef;
import dev.vitrine.core.rbuf.RbufIr.SchemaDef;
import dev.vitrine.core.rbuf.RbufIr.TypeRef;
import dev.vitrine.core.rbuf.RbufIr.VariantType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Encodes rbuf values against a schema IR. Fields missing from an {@link RValue.Obj} are written
 * as their zero value, so a writer can give only what it knows.
 */
public final class RbufEncoder {
    /** D2: header written when no group follows / when at least one does. 0x08 is never written. */
    public static final int HEADER_PLAIN = 0xD1;

    public static final int HEADER_WITH_GROUPS = 0xD5;
    /** D3: group header for all but the last group / for the last. */
    public static final int GROUP_MORE = 0xE4;

    public static final int GROUP_LAST = 0xE0;

    private final RbufIr ir;
    private byte[] buf = new byte[256];
    private int size;

    public RbufEncoder(RbufIr ir) {
        this.ir = ir;
    }

    /** Encodes {@code value} (a value of schema {@code value.schema()}), header included. */
    public static byte[] encode(RbufIr ir, RValue.Obj value) {
        RbufEncoder e = new RbufEncoder(ir);
        e.writeObject(value.schema(), value);
        return e.toByteArray();
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    public int size() {
        return size;
    }

    private void ensure(int n) {
        if (size + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
    }

    public void u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    public void le(long v, int n) {
        ensure(n);
        for (int i = 0; i < n; i++) buf[size++] = (byte) (v >>> (8 * i));
    }

    private void patch32(int at, long v) {
        for (int i = 0; i < 4; i++) buf[at + i] = (byte) (v >>> (8 * i));
    }

    public void bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
    }

    public void string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        le(b.length, 4);
        bytes(b);
    }

    public void guid(Guid g) {
        le(g.msb(), 8);
        le(g.lsb(), 8);
    }

    public void writeObject(SchemaDef s, RValue.Obj v) {
        Map<String, RValue> f = v == null ? Map.of() : v.fields();
        boolean groups = !s.isFinal() && !s.groups().isEmpty(); // D4: final schemas have no header, no groups
        if (!s.isFinal()) u8(groups ? HEADER_WITH_GROUPS : HEADER_PLAIN);
        for (FieldDef fd : s.fields()) writeField(fd, f.get(fd.name()));
        if (groups) {
            // D3: every group of the schema, in IR order; size excludes the 6-byte group header.
            for (int i = 0; i < s.groups().size(); i++) {
                GroupDef g = s.groups().get(i);
                u8(i == s.groups().size() - 1 ? GROUP_LAST : GROUP_MORE);
                u8(g.id());
                int sizeAt = size;
                le(0, 4);
                for (FieldDef fd : g.fields()) writeField(fd, f.get(fd.name()));
                patch32(sizeAt, size - sizeAt - 4);
            }
        }
    }

    private void writeField(FieldDef fd, RValue v) {
        if (fd.optional()) { // D6
            if (v == null || v instanceof RValue.Absent) {
                u8(0);
                return;
            }
            u8(1);
        }
        write(fd.type(), v);
    }

    /** Writes one value of type {@code t}; null writes the type's zero value. */
    public void write(TypeRef t, RValue v) {
        RbufType type = t.type();
        switch (type) {
            case INT8,
                    UINT8,
                    INT16,
                    UINT16,
                    INT32,
                    UINT32,
                    INT64,
                    UINT64,
                    DURATION,
                    STEADY_TIME_POINT,
                    SYSTEM_TIME_POINT ->
                le(v instanceof RValue.Int i ? i.bits() : v instanceof RValue.Enum e ? e.bits() : 0, type.size);
            case FLOAT -> le(Float.floatToRawIntBits(v instanceof RValue.Real r ? (float) r.value() : 0f), 4);
            case DOUBLE -> le(Double.doubleToRawLongBits(v instanceof RValue.Real r ? r.value() : 0d), 8);
            case BOOL -> u8(v instanceof RValue.Bool b && b.value() ? 1 : 0);
            case STRING -> string(v instanceof RValue.Str s ? s.value() : "");
            case BYTE_BUFFER -> {
                byte[] b = v instanceof RValue.Bytes bb ? bb.value() : new byte[0];
                le(b.length, 4);
                bytes(b);
            }
            case GUID -> guid(v instanceof RValue.GuidValue g ? g.value() : Guid.ZERO);
            case ENUM -> {
                RbufIr.EnumDef e = ir.enumDef(t.objectType());
                if (e == null) throw new IllegalArgumentException("unknown enum " + t.objectType());
                le(
                        v instanceof RValue.Enum en ? en.bits() : v instanceof RValue.Int i ? i.bits() : 0,
                        e.intType().size);
            }
            case OBJECT -> writeObject(ir.require(t.objectType()), v instanceof RValue.Obj o ? o : null);
            case ARRAYLIST -> {
                var items = v instanceof RValue.Arr a ? a.items() : java.util.List.<RValue>of();
                le(items.size(), 4);
                for (RValue item : items) write(t.valueType(), item);
            }
            case ARRAY -> {
                var items = v instanceof RValue.Arr a ? a.items() : java.util.List.<RValue>of();
                for (int i = 0; i < t.arraySize(); i++) write(t.valueType(), i < items.size() ? items.get(i) : null);
            }
            case DICTIONARY -> {
                var entries = v instanceof RValue.Dict d ? d.entries() : java.util.List.<Map.Entry<RValue, RValue>>of();
                le(entries.size(), 4);
                for (var en : entries) {
                    write(t.keyType(), en.getKey());
                    write(t.valueType(), en.getValue());
                }
            }
            case VARIANT -> { // D7
                RValue.Variant var = v instanceof RValue.Variant x ? x : null;
                if (var == null || var.index() == 0 || var.value() == null) {
                    u8(0);
                    le(0, 4);
                    return;
                }
                String name = null;
                for (VariantType vt : t.variantTypes()) if (vt.index() == var.index()) name = vt.objectType();
                if (name == null) throw new IllegalArgumentException("variant has no alternative " + var.index());
                u8(var.index());
                int sizeAt = size;
                le(0, 4);
                writeObject(ir.require(name), var.value());
                patch32(sizeAt, size - sizeAt - 4);
            }
        }
    }
}
