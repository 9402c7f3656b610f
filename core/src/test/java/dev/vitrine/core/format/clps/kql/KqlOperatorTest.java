package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One behaviour per test, each as seen with the real clp-s. */
class KqlOperatorTest {

    private static JsonNode json(String s) {
        try {
            return KqlFixtures.JSON.readTree(s);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static boolean m(String query, String record) {
        return KqlQuery.parse(query).matches(json(record));
    }

    @Test
    void equalityIsWholeValueAndCaseSensitive() {
        assertTrue(m("msg: \"foo bar\"", "{\"msg\":\"foo bar\"}"));
        assertFalse(m("msg: bar", "{\"msg\":\"foo bar\"}"));
        assertFalse(m("level: error", "{\"level\":\"ERROR\"}"));
    }

    @Test
    void wildcards() {
        assertTrue(m("msg: \"*bar\"", "{\"msg\":\"foo bar\"}"));
        assertTrue(m("s: a?c", "{\"s\":\"abc\"}"));
        assertFalse(m("s: \"a\\*c\"", "{\"s\":\"abc\"}"));
        assertTrue(m("s: \"a\\*c\"", "{\"s\":\"a*c\"}"));
        assertTrue(m("u: \"h??llo\"", "{\"u\":\"héllo\"}"), "? is one UTF-8 byte");
    }

    @Test
    void numbersCompareAcrossIntAndFloatAndMatchNumericStrings() {
        assertTrue(m("n: 42", "{\"n\":42.0}"));
        assertTrue(m("n: 42", "{\"n\":\"42\"}"));
        assertFalse(m("n: 42.5", "{\"n\":42}"));
        assertTrue(m("n > 41.5", "{\"n\":42}"));
        assertTrue(m("n >= 42", "{\"n\":42}"));
        assertFalse(m("n < 42", "{\"n\":42}"));
        assertTrue(m("n <= 42", "{\"n\":41.9}"));
        assertFalse(m("n > 1", "{\"n\":\"5\"}"), "ranges never match strings");
    }

    @Test
    void booleansAndNull() {
        assertTrue(m("b: true", "{\"b\":true}"));
        assertTrue(m("b: true", "{\"b\":\"true\"}"));
        assertFalse(m("b: false", "{\"b\":true}"));
        assertTrue(m("z: null", "{\"z\":null}"));
        assertTrue(m("NOT z: null", "{\"z\":1}"));
        assertFalse(m("NOT z: null", "{\"y\":1}"));
    }

    @Test
    void notNeedsTheKey() {
        assertFalse(m("NOT level: INFO", "{\"other\":1}"));
        assertTrue(m("NOT level: INFO", "{\"level\":\"WARN\"}"));
        assertFalse(m("NOT level: *", "{\"other\":1}"), "no record of the archive has level");
        KqlArchiveFacts facts = new KqlArchiveFacts(null).add(json("{\"level\":\"INFO\"}"));
        KqlContext ctx = KqlContext.NONE.withArchive(facts);
        assertTrue(KqlQuery.parse("NOT level: *").matches(json("{\"other\":1}"), ctx));
    }

    @Test
    void andOrSamePrecedenceLeftToRight() {
        String r = "{\"a\":1,\"b\":2,\"c\":3}";
        assertFalse(m("a: 1 OR b: 2 AND c: 9", r));
        assertTrue(m("c: 9 AND b: 0 OR a: 1", r));
        assertTrue(m("NOT a: 2 AND (b: 9 OR c: 3)", r));
    }

    @Test
    void anyKeyAndNestedKeys() {
        String r = "{\"a\":{\"b\":{\"c\":\"x\"}},\"t\":[\"p\",{\"k\":5}]}";
        assertTrue(m("a.b.c: x", r));
        assertTrue(m("a: {b.c: x}", r));
        assertTrue(m("*.c: x", r));
        assertTrue(m("x", r));
        assertTrue(m("t: p", r));
        assertTrue(m("t.k: 5", r), "objects inside arrays");
        assertTrue(m("*: 5", json("{\"t\":[{\"k\":5}],\"f\":1.5}").toString()));
    }

    @Test
    void keyPathsForPruning() {
        KqlQuery q = KqlQuery.parse("a.b: 1 AND NOT c: x OR d: *");
        assertEquals(List.of(List.of("a", "b"), List.of("c"), List.of("d")), q.keyPaths());
        assertFalse(q.mayMatchWithoutKeys());
        assertTrue(KqlQuery.parse("NOT k: *").mayMatchWithoutKeys());
        assertFalse(KqlQuery.parse("n > 5").mayMatchAnyString());
        assertTrue(KqlQuery.parse("a: 1 AND a: 2.5").matchesNothing() == false);
        assertTrue(KqlQuery.parse("a > foo").matchesNothing());
    }
}
