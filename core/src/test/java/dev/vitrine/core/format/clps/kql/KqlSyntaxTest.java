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
        errorAt("a: {$b: 1}", 0);
    }

    /** timestamp(...) refused as clp-s refuses it, the caret on the part that is wrong. */
    @Test
    void timestampMistakes() {
        errorAt("ts > timestamp(2024)", 15);
        errorAt("ts > timestamp('2024-03-14')", 15);
        errorAt("ts > timestamp(\"2024-03-14T09:26:59Z\"", 37);
        errorAt("ts > timestamp()", 15);
        errorAt("ts > timestamp(\"a\", \"b\", \"c\")", 23);
        errorAt("ts > timestamp(\"2024-03-14T09:26:59Z\",)", 38);
        errorAt("ts: (timestamp(\"2024\"))", 5);
        errorAt("timestamp(\"2024\")", 0);
        errorAt("ts > timestamp (\"2024\")", 15);
        // The text: no default pattern reads it, or the given pattern does not.
        errorAt("ts > timestamp(\"bad\")", 15);
        errorAt("ts > timestamp(\"2024-02-30T09:26:59Z\")", 15);
        errorAt("ts > timestamp(\"2024-03-14T09:26:59.10Z\")", 15);
        errorAt("ts > timestamp(\"Fri Mar 14 09:26:59 2024\")", 15);
        errorAt("ts: timestamp(\"2024-03-14\", \"\\Y-\\m\")", 14);
        // The pattern: an unknown specifier, a repeated one, date fields mixed with epoch time.
        errorAt("ts: timestamp(\"2024-03-14\", \"\\Q\")", 28);
        errorAt("ts: timestamp(\"2024\", \"\\Y\\Y\")", 22);
        errorAt("ts: timestamp(\"2024 5\", \"\\Y \\E\")", 24);
        errorAt("ts: timestamp(\"9 AM\", \"\\H \\p\")", 22);
        KqlSyntaxException e = error("ts: timestamp(\"2024-03-14\", \"\\Q\")");
        assertTrue(e.detail().contains("\\Q"), e.detail());
    }

    /** Any query with timestamp(...) pieces parses or is refused with a position, never anything else. */
    @Test
    void arbitraryTimestampQueriesAreParsedOrRefused() {
        String[] pieces = {
            "ts",
            ":",
            " > ",
            " <= ",
            "timestamp(",
            ")",
            "(",
            "\"2024-03-14T09:26:59Z\"",
            "\"\\Y-\\m\"",
            ",",
            " ",
            "\"1710408419148\"",
            "\"\\B{a}\"",
            " AND ",
            " NOT ",
            "\"",
            "\\",
            "{",
            "}",
            "x"
        };
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder q = new StringBuilder();
            for (int k = 1 + r.nextInt(10); k > 0; k--) q.append(pieces[r.nextInt(pieces.length)]);
            try {
                KqlQuery.parse(q.toString());
            } catch (KqlSyntaxException e) {
                assertTrue(e.position() >= 0 && e.position() <= q.length(), q + " -> " + e.position());
            }
        }
    }

    /** The rewritten form (OR of ANDs) without the type masks: what the query was read as. */
    private static String readAs(String query) {
        return KqlQuery.parse(query).describe().replaceAll(" types=[01]+", "");
    }

    private static void readAs(String[][] cases) {
        for (String[] c : cases) assertEquals(c[1], readAs(c[0]), c[0]);
    }

    @Test
    void timestampsAccepted() {
        readAs(new String[][] {
            {"ts > timestamp(\"2024-03-14T09:26:59Z\")", "[[ts GT timestamp(1710408419000000000)]]"},
            {"ts: timestamp(\"2024\")", "[[ts EQ timestamp(2024000000000)]]"},
            {"ts <= timestamp(\"1710408419148\")", "[[ts LTE timestamp(1710408419148000000)]]"},
            {"ts: timestamp(\"2024-03-14\",\"\\Y-\\m-\\d\")", "[[ts EQ timestamp(1710374400000000000)]]"},
            {
                "a.b >= timestamp( \"Mar 14, 2024 09:26:59 AM\" , \"\\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\d, \\Y \\I:\\M:\\S \\p\" )",
                "[[a.b GTE timestamp(1710408419000000000)]]"
            },
            {
                "NOT ts: timestamp(\"2024-03-14 09:26:59,148\") AND level: ERROR",
                "[[!ts EQ timestamp(1710408419148000000), level EQ \"ERROR\"]]"
            }
        });
    }

    @Test
    void messagesArePlain() {
        KqlSyntaxException e = error("level: ERROR AND");
        assertEquals("expected a key, a value, '(' or NOT but found the end of the query", e.detail());
        assertTrue(e.getMessage().startsWith("KQL syntax error at position 16: "));
    }

    @Test
    void accepted() {
        readAs(new String[][] {
            {"*", "[[* EXISTS]]"},
            {"a: b", "[[a EQ \"b\"]]"},
            {"a:b", "[[a EQ \"b\"]]"},
            {"a :b", "[[a EQ \"b\"]]"},
            {"NOT NOT a: 1", "[[a EQ 1]]"},
            {"a.b.c: \"x y\"", "[[a.b.c EQ \"x y\"]]"},
            {"a: (1 2 3)", "[[a EQ 1], [a EQ 2], [a EQ 3]]"},
            {"a: (AND 1)", "[[a EQ 1]]"},
            {"a: (NOT x y)", "[[!a EQ \"x\", !a EQ \"y\"], [a EXISTS, !a EQ \"y\"]]"},
            {"a: {b: 1 AND c: 2}", "[[a.b EQ 1, a.c EQ 2]]"},
            {"\"a b\": c", "[[a b EQ \"c\"]]"},
            {"a\\.b: c", "[[a\\.b EQ \"c\"]]"},
            {"a: x\\*", "[[a EQ \"x\\*\"]]"},
            {"a: \\u0041", "[[a EQ \"A\"]]"},
            {"x: \"q\\\"q\"", "[[x EQ \"q\"q\"]]"},
            {"a >= -1.5e3", "[[a GTE -1.5e3]]"},
            {"and1: or2", "[[and1 EQ \"or2\"]]"},
            {"a: 1 and b: 2 Or c: 3", "[[a EQ 1, b EQ 2], [c EQ 3]]"},
            {"@x: 1", "[[@x EQ 1]]"},
            {"$_filename: f", "[[$_filename EQ \"f\"]]"},
            {"(((a: 1)))", "[[a EQ 1]]"}
        });
    }
}
