package dev.vitrine.core.format.clps;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

/**
 * msgpack payloads (ArchiveInfo, ArchiveFileInfo, RangeIndex) as plain Java values: maps keep
 * their order, integers are Long (or the unsigned text when above Long.MAX_VALUE), strings that
 * are not UTF-8 keep their bytes ({@link ClpsRawText}). Bounded in
 * depth and entries so a hostile payload cannot blow the stack or the heap.
 */
final class ClpsMsgpack {
    private ClpsMsgpack() {}

    static Object decode(byte[] payload, int maxDepth, long maxEntries) throws ClpsDecodeException {
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(payload)) {
            long[] budget = {maxEntries};
            Object v = value(u, 0, maxDepth, budget);
            if (u.hasNext()) {
                throw new ClpsDecodeException(
                        u.getTotalReadBytes(),
                        "msgpack value ends before the packet does (" + (payload.length - u.getTotalReadBytes())
                                + " bytes left over)");
            }
            return v;
        } catch (ClpsDecodeException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ClpsDecodeException(0, "malformed msgpack: " + e.getMessage());
        }
    }

    private static Object value(MessageUnpacker u, int depth, int maxDepth, long[] budget) throws IOException {
        if (depth > maxDepth)
            throw new ClpsDecodeException(u.getTotalReadBytes(), "msgpack nested deeper than " + maxDepth);
        if (--budget[0] < 0) throw new ClpsDecodeException(u.getTotalReadBytes(), "msgpack has too many values");
        ValueType t = u.getNextFormat().getValueType();
        switch (t) {
            case NIL -> {
                u.unpackNil();
                return null;
            }
            case BOOLEAN -> {
                return u.unpackBoolean();
            }
            case INTEGER -> {
                java.math.BigInteger b = u.unpackBigInteger();
                return b.bitLength() < 64 ? (Object) b.longValue() : b.toString();
            }
            case FLOAT -> {
                return u.unpackDouble();
            }
            case STRING -> {
                long at = u.getTotalReadBytes();
                int n = u.unpackRawStringHeader();
                if (n > budget[0] * 16 + 1024)
                    throw new ClpsDecodeException(at, "msgpack string of " + n + " bytes is too large");
                // Not damage when it is not UTF-8: clp-s stores the paths it is given as bytes, and reads them back.
                return ClpsRawText.decode(u.readPayload(n));
            }
            case BINARY -> {
                int n = u.unpackBinaryHeader();
                return u.readPayload(n);
            }
            case ARRAY -> {
                int n = u.unpackArrayHeader();
                if (n > budget[0])
                    throw new ClpsDecodeException(
                            u.getTotalReadBytes(), "msgpack array of " + n + " entries is too large");
                List<Object> l = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) l.add(value(u, depth + 1, maxDepth, budget));
                return l;
            }
            case MAP -> {
                int n = u.unpackMapHeader();
                if (n > budget[0])
                    throw new ClpsDecodeException(
                            u.getTotalReadBytes(), "msgpack map of " + n + " entries is too large");
                Map<String, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    Object k = value(u, depth + 1, maxDepth, budget);
                    m.put(String.valueOf(k), value(u, depth + 1, maxDepth, budget));
                }
                return m;
            }
            case EXTENSION -> {
                var h = u.unpackExtensionTypeHeader();
                return u.readPayload(h.getLength());
            }
            default -> throw new ClpsDecodeException(u.getTotalReadBytes(), "unexpected msgpack type " + t);
        }
    }

    /** The value as Jackson JSON, for info() and node fields. */
    static com.fasterxml.jackson.databind.JsonNode toJson(Object v) {
        var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        if (v == null) return f.nullNode();
        if (v instanceof Map<?, ?> m) {
            var o = f.objectNode();
            m.forEach((k, x) -> o.set(String.valueOf(k), toJson(x)));
            return o;
        }
        if (v instanceof List<?> l) {
            var a = f.arrayNode();
            l.forEach(x -> a.add(toJson(x)));
            return a;
        }
        if (v instanceof Long n) return f.numberNode(n);
        if (v instanceof Double d) return f.numberNode(d);
        if (v instanceof Boolean b) return f.booleanNode(b);
        if (v instanceof byte[] b) return f.binaryNode(b);
        return f.textNode(String.valueOf(v));
    }
}
