package dev.vitrine.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * A tree as compact JSON text, the text {@link JsonNode#toString()} gives, written by Jackson's
 * streaming generator alone. {@code toString} starts the whole mapper first (its date formats load
 * locale data): 10-25 ms of a short command such as `vitrine info`, which needs none of it.
 */
public final class JsonText {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonText() {}

    public static String compact(JsonNode node) {
        return text(node, false);
    }

    /** The text the mapper's default pretty printer gives (two-space indents, " : " after a name). */
    public static String pretty(JsonNode node) {
        return text(node, true);
    }

    private static String text(JsonNode node, boolean pretty) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            if (pretty) g.useDefaultPrettyPrinter();
            write(g, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, JsonNode n) throws IOException {
        switch (n.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject();
                for (Map.Entry<String, JsonNode> e : n.properties()) {
                    g.writeFieldName(e.getKey());
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray();
                for (JsonNode c : n) write(g, c);
                g.writeEndArray();
            }
            case STRING -> g.writeString(n.textValue());
            case BOOLEAN -> g.writeBoolean(n.booleanValue());
            case NULL, MISSING -> g.writeNull();
            case NUMBER -> {
                switch (n.numberType()) {
                    case INT, LONG -> g.writeNumber(n.longValue());
                    case BIG_INTEGER -> g.writeNumber(n.bigIntegerValue());
                    case FLOAT -> g.writeNumber(n.floatValue());
                    case DOUBLE -> g.writeNumber(n.doubleValue());
                    case BIG_DECIMAL -> g.writeNumber(n.decimalValue());
                }
            }
            default -> g.writeRawValue(n.toString()); // binary and POJO values: none in Vitrine's trees
        }
    }
}
