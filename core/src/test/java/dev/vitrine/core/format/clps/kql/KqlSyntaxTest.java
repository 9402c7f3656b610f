package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Refused queries: the exception names the 0-based position of the mistake in one line. */
class KqlSyntaxTest {

    private static KqlSyntaxException error(String query) {
        return assertThrows(KqlSyntaxException.class, () -> KqlQuery.parse(query));
    }

    private static void errorAt(String query, int position) {
        KqlSyntaxException e = error(query);
        assertEquals(position, e.position(), () -> query + " -> " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e instanceof IllegalArgumentException);
    }

    @Test
    void positions() {
        errorAt("", 0);
        errorAt("level: ERROR AND", 16);
        errorAt("level:", 6);
        errorAt(": 1", 0);
        errorAt("a: 1)", 4);
        errorAt("(a: 1", 5);
        errorAt("a: 1 b: 2", 5);
        errorAt("a: \"unterminated", 3);
        errorAt("a: x\\q", 4);
        errorAt("a\\", 1);
        errorAt("a..b: 1", 0);
        errorAt("x: \"\\q\"", 3);
        errorAt("a: ,", 3);
        errorAt("\"\": v", 0);
        errorAt("a > (1)", 4);
        errorAt("a: {b: 1", 8);
        errorAt("NOT", 3);
        errorAt("a: 1 AND OR b: 2", 9);
        errorAt("a: and", 3);
        errorAt("x: timestamp(\"2024\")", 3);
        errorAt("a: {$b: 1}", 0);
    }

    @Test
    void messagesArePlain() {
        KqlSyntaxException e = error("level: ERROR AND");
        assertEquals("expected a key, a value, '(' or NOT but found the end of the query", e.detail());
        assertTrue(e.getMessage().startsWith("KQL syntax error at position 16: "));
    }

    @Test
    void accepted() {
        for (String q : new String[] {"*", "a: b", "a:b", "a :b", "NOT NOT a: 1", "a.b.c: \"x y\"",
                "a: (1 2 3)", "a: (AND 1)", "a: (NOT x y)", "a: {b: 1 AND c: 2}", "\"a b\": c",
                "a\\.b: c", "a: x\\*", "a: \\u0041", "x: \"q\\\"q\"", "a >= -1.5e3", "and1: or2",
                "a: 1 and b: 2 Or c: 3", "@x: 1", "$_filename: f", "(((a: 1)))"}) {
            KqlQuery.parse(q);
        }
    }
}
