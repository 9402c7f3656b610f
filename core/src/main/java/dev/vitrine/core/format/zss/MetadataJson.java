package dev.vitrine.core.format.zss;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;

/**
 * Parses header metadata the way the reference's json.loads does: keys keep file order (a
 * repeated key keeps its first position and its last value), NaN/Infinity are accepted,
 * trailing garbage is not.
 */
final class MetadataJson {
    private MetadataJson() {}

    /** Built on first use: a mapper costs 0.06-0.17 s of a command's start, before a verify can begin. */
    private static final class Holder {
        static final JsonMapper MAPPER = JsonMapper.builder()
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    static JsonNode parse(String text) throws IOException {
        // The writers' default (the reference's too) needs no parser.
        if (text.equals("{}")) return JsonNodeFactory.instance.objectNode();
        return Holder.MAPPER.readTree(text);
    }
}
