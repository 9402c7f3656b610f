package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte prefilter skips only records the query cannot match. */
class KqlNeedlesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static boolean mayMatch(String query, String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return KqlQuery.parse(query).needles().mayMatch(b, 0, b.length);
    }

    @Test
    void aStringFilterSkipsRecordsWithoutItsText() {
        assertFalse(mayMatch("level: ERROR", "{\"level\":\"INFO\",\"msg\":\"ok\"}"));
        assertTrue(mayMatch("level: ERROR", "{\"level\":\"ERROR\"}"));
        assertTrue(mayMatch("level: ERROR AND status >= 500", "{\"level\":\"ERROR\",\"status\":503}"));
        assertFalse(
                mayMatch("msg: *disk?fully*", "{\"msg\":\"disk is fine\"}"), "the longest run of a pattern is needed");
        assertTrue(mayMatch("msg: *disk?fully*", "{\"msg\":\"the disk_fully now\"}"));
        assertTrue(
                mayMatch("level: ERROR OR level: WARN", "{\"level\":\"WARN\"}"), "either alternative's text will do");
    }

    @Test
    void filtersWhoseTextMayDifferGiveNoPrefilter() {
        for (String q : new String[] {
            "NOT level: ERROR",
            "level: ERROR OR status > 5",
            "status: 500",
            "ok: true",
            "$_filename: a.log",
            "msg: \"say \\\"hi\\\"\"",
            "name: café",
            "msg: *",
            "v: null"
        }) {
            assertNull(KqlQuery.parse(q).needles(), q);
        }
        assertNotNull(KqlQuery.parse("a.b.c: \"two words\"").needles());
    }

    /** Random records and patterns: whenever the matcher accepts a record, the prefilter lets it through. */
    @Test
    void neverSkipsARecordTheQueryMatches() {
        Random rnd = new Random(7);
        String alphabet = "ab c*?\\\"é\t1.";
        int matched = 0;
        for (int i = 0; i < 20_000; i++) {
            ObjectNode rec = JSON.createObjectNode();
            rec.put("k", word(rnd, alphabet, 6));
            rec.putArray("arr").add(word(rnd, alphabet, 4)).add(rnd.nextInt(3));
            rec.putObject("o").put("k", word(rnd, alphabet, 5));
            String pattern = word(rnd, "ab c*?1", 4);
            String query = switch (rnd.nextInt(4)) {
                case 0 -> "k: \"" + pattern + "\"";
                case 1 -> "arr: \"" + pattern + "\"";
                case 2 -> "*: \"" + pattern + "\"";
                default -> "o.k: \"" + pattern + "\" AND k: *";
            };
            KqlQuery q;
            try {
                q = KqlQuery.parse(query);
            } catch (KqlSyntaxException refused) {
                continue;
            }
            KqlNeedles n = q.needles();
            if (n == null || !q.matches(rec)) continue;
            matched++;
            byte[] b = rec.toString().getBytes(StandardCharsets.UTF_8);
            assertTrue(n.mayMatch(b, 0, b.length), query + " on " + rec);
        }
        assertTrue(matched > 100, "the sweep met matching records: " + matched);
    }

    private static String word(Random rnd, String alphabet, int max) {
        StringBuilder s = new StringBuilder();
        for (int i = rnd.nextInt(max + 1); i > 0; i--) s.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
        return s.toString();
    }
}
