package dev.vitrine.core.rbuf;

import dev.vitrine.core.rbuf.RbufIr.EnumDef;
import dev.vitrine.core.rbuf.RbufIr.FieldDef;
import dev.vitrine.core.rbuf.RbufIr.GroupDef;
import dev.vitrine.core.rbuf.RbufIr.SchemaDef;
import dev.vitrine.core.rbuf.RbufIr.TypeRef;
import dev.vitrine.core.rbuf.RbufIr.VariantType;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes rbuf values against a schema IR. Bounded: nesting depth, and the number of values
 * decoded in one call; every length is checked against the bytes left before anything is
 * allocated. Damage comes back as {@link RbufException} with the offset.
 */
public final class RbufDecoder {
    /** Bitstream header (verified): high nibble 0xD, low 2 bits = version. */
    public static final int HEADER_MAGIC = 0xD0;
    /** Header bits that announce groups: the spec says 0x08, real files use 0x04; read either. */
    public static final int HEADER_GROUP_BITS = 0x0C;

    private final RbufIr ir;
    private final byte[] buf;
    private int pos;
    private int limit;
    private final int maxDepth;
    private long budget;
    /** Where each value was read from, when asked ({@link #recordSpans()}); null otherwise. */
    private java.util.IdentityHashMap<RValue, int[]> spans;

    public RbufDecoder(RbufIr ir, byte[] buf, int offset, int length, int maxDepth, long maxValues) {
        this.ir = ir;
        this.buf = buf;
        this.pos = offset;
        this.limit = offset + length;
        this.maxDepth = maxDepth;
        this.budget = maxValues;
    }

    public RbufDecoder(RbufIr ir, byte[] buf) {
        this(ir, buf, 0, buf.length, 64, 10_000_000L);
    }

    /** Decodes one value of schema {@code typeName} (with its header unless final); bytes after it are left. */
    public static RValue.Obj decode(RbufIr ir, String typeName, byte[] bytes) throws RbufException {
        RbufDecoder d = new RbufDecoder(ir, bytes);
        RValue.Obj v = d.readObject(typeName);
        return v;
    }

    /** Decodes one value and requires that it uses every byte (D13). */
    public static RValue.Obj decodeExactly(RbufIr ir, String typeName, byte[] bytes) throws RbufException {
        RbufDecoder d = new RbufDecoder(ir, bytes);
        RValue.Obj v = d.readObject(typeName);
        if (d.remaining() != 0) throw new RbufException(d.position(), d.remaining() + " bytes left after the value");
        return v;
    }

    /**
     * From now on, records where each decoded value's bytes are ({start, end} in the buffer;
     * an optional field's span includes its presence byte). For showing a value's bytes, not for
     * bulk decoding: it costs a map entry per value.
     */
    public java.util.Map<RValue, int[]> recordSpans() {
        spans = new java.util.IdentityHashMap<>();
        return spans;
    }

    public int position() {
        return pos;
    }

    public int remaining() {
        return limit - pos;
    }

    public RValue.Obj readObject(String typeName) throws RbufException {
        SchemaDef s = ir.schema(typeName);
        if (s == null) throw new RbufException(pos, "unknown schema " + typeName);
        int start = pos;
        return span(readObject(s, 0), start);
    }

    private <V extends RValue> V span(V v, int start) {
        if (spans != null && v != RValue.Absent.INSTANCE) spans.put(v, new int[] {start, pos});
        return v;
    }

    private void need(int n, String what) throws RbufException {
        if (n < 0 || n > limit - pos)
            throw new RbufException(
                    pos, what + ": needs " + Integer.toUnsignedString(n) + " bytes, " + (limit - pos) + " left");
    }

    private void spend() throws RbufException {
        if (--budget < 0) throw new RbufException(pos, "too many values");
    }

    private int u8() throws RbufException {
        need(1, "byte");
        return buf[pos++] & 0xff;
    }

    private long le(int n) throws RbufException {
        need(n, n * 8 + "-bit value");
        long v = 0;
        for (int i = n - 1; i >= 0; i--) v = (v << 8) | (buf[pos + i] & 0xff);
        pos += n;
        return v;
    }

    private int count(String what) throws RbufException {
        long c = le(4);
        if (c > limit - pos && c > budget)
            throw new RbufException(pos - 4, what + " count " + c + " is larger than the bytes left");
        if (c > Integer.MAX_VALUE) throw new RbufException(pos - 4, what + " count " + c + " too large");
        return (int) c;
    }

    private RValue.Obj readObject(SchemaDef s, int depth) throws RbufException {
        if (depth > maxDepth) throw new RbufException(pos, "values nested deeper than " + maxDepth);
        spend();
        boolean groups = false;
        if (!s.isFinal()) { // D4: final schemas carry no header byte and no groups
            int start = pos;
            int h = u8();
            if ((h & 0xF0) != HEADER_MAGIC) {
                throw new RbufException(
                        start, String.format("bitstream header of %s is 0x%02x, not 0xD_", s.fullName(), h));
            }
            groups = (h & HEADER_GROUP_BITS) != 0;
        }
        Map<String, RValue> fields = new LinkedHashMap<>();
        for (FieldDef f : s.fields()) fields.put(f.name(), readField(f, depth));
        List<Integer> present = new ArrayList<>();
        if (groups) {
            boolean more = true;
            while (more) {
                int at = pos;
                int gh = u8();
                if ((gh & ~0x04) != 0xE0)
                    throw new RbufException(at, String.format("group header is 0x%02x, not 0xE0/0xE4", gh));
                more = (gh & 0x04) != 0;
                int id = u8();
                long size = le(4);
                if (size > limit - pos)
                    throw new RbufException(
                            at + 2,
                            "group " + id + " size " + size + " runs past the end (" + (limit - pos) + " bytes left)");
                int end = pos + (int) size;
                GroupDef g = s.group(id);
                if (g != null) { // D3: match by id; skip unknown groups and unread bytes by size
                    int savedLimit = limit;
                    limit = end;
                    try {
                        for (FieldDef f : g.fields()) fields.put(f.name(), readField(f, depth));
                    } finally {
                        limit = savedLimit;
                    }
                    if (!present.contains(id)) present.add(id);
                }
                pos = end;
            }
        }
        return new RValue.Obj(s, fields, present);
    }

    private RValue readField(FieldDef f, int depth) throws RbufException {
        int start = pos;
        if (f.optional()) { // D6
            int flag = u8();
            if (flag == 0) return RValue.Absent.INSTANCE;
        }
        return span(read(f.type(), depth + 1), start);
    }

    /** Reads one value of type {@code t}. */
    public RValue read(TypeRef t, int depth) throws RbufException {
        int start = pos;
        RValue v = readValue(t, depth);
        return spans == null ? v : span(v, start);
    }

    private RValue readValue(TypeRef t, int depth) throws RbufException {
        if (depth > maxDepth) throw new RbufException(pos, "values nested deeper than " + maxDepth);
        RbufType type = t.type();
        switch (type) {
            case INT8:
                spend();
                return new RValue.Int(type, (byte) le(1));
            case INT16:
                spend();
                return new RValue.Int(type, (short) le(2));
            case INT32:
                spend();
                return new RValue.Int(type, (int) le(4));
            case UINT8, UINT16, UINT32, INT64, UINT64, DURATION, STEADY_TIME_POINT, SYSTEM_TIME_POINT:
                spend();
                return new RValue.Int(type, le(type.size));
            case FLOAT:
                spend();
                return new RValue.Real(type, Float.intBitsToFloat((int) le(4)));
            case DOUBLE:
                spend();
                return new RValue.Real(type, Double.longBitsToDouble(le(8)));
            case BOOL:
                spend();
                return new RValue.Bool(u8() != 0);
            case STRING: {
                spend();
                int n = len("string");
                String s = utf8(pos, n);
                pos += n;
                return new RValue.Str(s);
            }
            case BYTE_BUFFER: {
                spend();
                int n = len("byte_buffer");
                byte[] b = java.util.Arrays.copyOfRange(buf, pos, pos + n);
                pos += n;
                return new RValue.Bytes(b);
            }
            case GUID: {
                spend();
                long msb = le(8);
                long lsb = le(8);
                return new RValue.GuidValue(new Guid(msb, lsb));
            }
            case ENUM: {
                spend();
                EnumDef e = ir.enumDef(t.objectType());
                if (e == null) throw new RbufException(pos, "unknown enum " + t.objectType());
                RValue.Int v = (RValue.Int) read(TypeRef.of(e.intType()), depth + 1);
                return new RValue.Enum(e, v.bits());
            }
            case OBJECT: {
                SchemaDef s = ir.schema(t.objectType());
                if (s == null) throw new RbufException(pos, "unknown schema " + t.objectType());
                return readObject(s, depth + 1);
            }
            case ARRAYLIST: {
                spend();
                int n = count("arraylist");
                List<RValue> items = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) items.add(read(t.valueType(), depth + 1));
                return new RValue.Arr(items);
            }
            case ARRAY: {
                spend();
                List<RValue> items = new ArrayList<>(Math.min(t.arraySize(), 1024));
                for (int i = 0; i < t.arraySize(); i++) items.add(read(t.valueType(), depth + 1));
                return new RValue.Arr(items);
            }
            case DICTIONARY: {
                spend();
                int n = count("dictionary");
                List<Map.Entry<RValue, RValue>> entries = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) {
                    RValue k = read(t.keyType(), depth + 1);
                    RValue v = read(t.valueType(), depth + 1);
                    entries.add(new AbstractMap.SimpleImmutableEntry<>(k, v));
                }
                return new RValue.Dict(entries);
            }
            case VARIANT: { // D7
                spend();
                int index = u8();
                int n = len("variant");
                int end = pos + n;
                if (index == 0) {
                    pos = end;
                    return new RValue.Variant(0, null, null);
                }
                String name = null;
                for (VariantType vt : t.variantTypes()) if (vt.index() == index) name = vt.objectType();
                SchemaDef s = name == null ? null : ir.schema(name);
                if (s == null) { // unknown alternative: skipped by its length
                    pos = end;
                    return new RValue.Variant(index, null, null);
                }
                int savedLimit = limit;
                limit = end;
                RValue.Obj body;
                try {
                    body = readObject(s, depth + 1);
                } finally {
                    limit = savedLimit;
                }
                if (pos != end)
                    throw new RbufException(
                            pos, "variant " + name + " leaves " + (end - pos) + " of its " + n + " bytes unread");
                return new RValue.Variant(index, name, body);
            }
            default:
                throw new RbufException(pos, "cannot read type " + type);
        }
    }

    private int len(String what) throws RbufException {
        long n = le(4);
        if (n > limit - pos)
            throw new RbufException(
                    pos - 4, what + " length " + n + " runs past the end (" + (limit - pos) + " bytes left)");
        return (int) n;
    }

    private String utf8(int off, int n) throws RbufException {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(buf, off, n))
                    .toString();
        } catch (CharacterCodingException e) {
            // Shown, not refused: the replacement characters say what happened.
            return new String(buf, off, n, StandardCharsets.UTF_8);
        }
    }
}
