package dev.vitrine.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class JsonTextTest {
    @Test
    void writesWhatTheMapperWrites() throws Exception {
        ObjectNode o = JsonNodeFactory.withExactBigDecimals(true).objectNode();
        o.put("text", "a \"quoted\" \\ line\n\u0001 and é");
        o.put("int", 7).put("long", Long.MIN_VALUE).put("big", new BigInteger("123456789012345678901234567890"));
        o.put("double", 0.1)
                .put("nan", Double.NaN)
                .put("inf", Double.NEGATIVE_INFINITY)
                .put("float", 1.5f);
        o.put("decimal", new BigDecimal("1.50E+3")).put("yes", true).putNull("none");
        o.putArray("list").add(1).add("two").addNull().addObject().put("k", "v");
        o.putObject("empty");
        o.putArray("nothing");
        for (JsonNode n :
                new JsonNode[] {o, o.get("list"), o.get("text"), o.get("nan"), o.get("decimal"), o.get("none")}) {
            assertEquals(n.toString(), JsonText.compact(n));
            assertEquals(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(n), JsonText.pretty(n));
        }
    }
}
