package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A JSON record seen as clp-s's writer stores it: the type of each value, and the archive's
 * timestamp column (when the context names one) typed TIMESTAMP.
 */
final class KqlRecordTree implements KqlTree<KqlRecordTree.Node> {
    /** {@code tsDepth}: how many keys of the timestamp path this node's path follows, or -1. */
    record Node(String key, JsonNode value, int tsDepth) {}

    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final List<String> timestampPath;

    KqlRecordTree(List<String> timestampPath) {
        this.timestampPath = timestampPath;
    }

    Node root(JsonNode record) {
        return new Node("", record, timestampPath == null ? -1 : 0);
    }

    @Override
    public String key(Node node) {
        return node.key();
    }

    @Override
    public KqlType type(Node node) {
        JsonNode v = node.value();
        if (timestampPath != null && node.tsDepth() == timestampPath.size() && (v.isNumber() || v.isTextual())) {
            return KqlType.TIMESTAMP;
        }
        return typeOf(v);
    }

    static KqlType typeOf(JsonNode v) {
        return switch (v.getNodeType()) {
            case OBJECT, POJO, MISSING -> null;
            case ARRAY -> KqlType.ARRAY;
            case STRING, BINARY -> stringType(v.asText());
            case BOOLEAN -> KqlType.BOOLEAN;
            case NULL -> KqlType.NULL;
            case NUMBER -> isInteger(v) ? KqlType.INTEGER : KqlType.FLOAT;
        };
    }

    /** How clp-s's writer stores a string: with a space, as a CLP string; without, as a var-string. */
    static KqlType stringType(String text) {
        return text.indexOf(' ') >= 0 ? KqlType.CLP_STRING : KqlType.VAR_STRING;
    }

    /** clp-s stores an integer that fits in 64 bits (signed or unsigned) as an integer. */
    static boolean isInteger(JsonNode v) {
        if (!v.isIntegralNumber()) {
            return false;
        }
        if (v.canConvertToLong()) {
            return true;
        }
        BigInteger b = v.bigIntegerValue();
        return b.signum() > 0 && b.compareTo(UINT64_MAX) <= 0;
    }

    /** The int64 clp-s keeps for an integer value (unsigned values above int64 wrap). */
    static long longOf(JsonNode v) {
        return v.canConvertToLong() ? v.longValue() : v.bigIntegerValue().longValue();
    }

    @Override
    public void forEachChild(Node node, Consumer<Node> action) {
        JsonNode v = node.value();
        if (!v.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : v.properties()) {
            int d = node.tsDepth();
            int childTs =
                    d >= 0 && d < timestampPath.size() && timestampPath.get(d).equals(e.getKey()) ? d + 1 : -1;
            action.accept(new Node(e.getKey(), e.getValue(), childTs));
        }
    }
}
