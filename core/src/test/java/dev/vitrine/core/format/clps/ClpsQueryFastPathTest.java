package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.JsonRecords;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The column checks a query runs before records are rebuilt (wildcard keys, timestamps compared
 * on their stored epochs, many filters on one column) return exactly what the JSON matcher alone
 * returns, on the real archives: queries are made from each archive's own records (every value
 * of its first records as `k: v`, `NOT k: v`, `*: v`, ranges and timestamp windows, values no dictionary
 * holds, hundreds of `NOT k: n` on one column), and each is
 * answered twice, with the checks and with the matcher only.
 */
class ClpsQueryFastPathTest {
    private static final String[] ARCHIVES = {
        "v0.5.0/archives/app.clps",
        "v0.5.0/archives/app-structurized.clps",
        "v0.5.0/archives/edge.clps",
        "v0.5.0/archives/floats.clps",
        "v0.5.0/archives/metrics.clps",
        "made/archives/types.clps",
        "made/archives/types-s.clps",
        "made/archives/tz.clps",
        "made/archives/epochs.clps",
        "kql-timestamps/archives/iso.clps",
        "kql-timestamps/archives/ms.clps",
        "kql-timestamps/archives/ns.clps",
        "kql-timestamps/archives/sec.clps",
        "generated/archives/test_search.clps",
    };

    @Test
    void columnChecksReturnWhatTheMatcherAloneReturns() throws Exception {
        int compared = 0;
        int matched = 0;
        for (String name : ARCHIVES) {
            try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(name))) {
                byte[] all = ClpsTestFiles.decode(a);
                for (String q : queries(all)) {
                    byte[] slow;
                    try {
                        slow = slow(a, q);
                    } catch (JsonRecords.QuerySyntaxException e) {
                        continue; // a value the made-up query does not quote the way KQL reads it
                    }
                    byte[] fast = fast(a, q);
                    assertArrayEquals(slow, fast, name + ": " + q);
                    compared++;
                    if (fast.length > 0) matched++;
                }
            }
        }
        assertTrue(compared > 300, "queries compared: " + compared);
        assertTrue(matched > compared / 4, "queries with matches: " + matched + " of " + compared);
    }

    /**
     * CLP-string wildcards a message's log type cannot answer alone are judged once per filling of its variables
     * (KqlVariableVerdicts): the same records as the matcher alone, for a status, a limit or a duration that
     * decides, with records of the log type on both sides, negated, and over every column.
     */
    @Test
    void wildcardsThatTheVariablesDecideReturnWhatTheMatcherAloneReturns() throws Exception {
        String[][] cases = {
            {"v0.5.0/archives/app.clps", "message"},
            {"made/archives/phases.clps", "msg"},
        };
        String[] patterns = {
            "*status 404*", "*with status 5?? in*", "*exhausted (max=40)*", "request 1*", "*took 4?? ms"
        };
        int matched = 0;
        for (String[] c : cases) {
            try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(c[0]))) {
                int all = ClpsTestFiles.decode(a).length;
                for (String p : patterns) {
                    for (String q : new String[] {
                        c[1] + ": \"" + p + "\"", "NOT " + c[1] + ": \"" + p + "\"", "*: \"" + p + "\""
                    }) {
                        byte[] fast = fast(a, q);
                        assertArrayEquals(slow(a, q), fast, c[0] + ": " + q);
                        if (fast.length > 0 && fast.length < all) matched++;
                    }
                }
            }
        }
        assertTrue(matched >= 8, "queries matching some records but not all: " + matched);
    }

    private static byte[] fast(ClpsArchive a, String q) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        a.writeJsonLines(q, out);
        return out.toByteArray();
    }

    /** The same query with no column checks: every record rebuilt and given to the matcher. */
    private static byte[] slow(ClpsArchive a, String q) throws Exception {
        Predicate<RecordView> f = ClpsQueryFilter.compile(q, a);
        if (f == ClpsQueryFilter.NOTHING) return new byte[0];
        ClpsQueryFilter.Filter filter = (ClpsQueryFilter.Filter) f;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        a.records().writeJsonLines(new ClpsQueryFilter.Filter(null, filter.json()), out);
        return out.toByteArray();
    }

    /** Queries on the values of an archive's first records, and a long AND of negations. */
    private static List<String> queries(byte[] jsonLines) throws Exception {
        Set<String> out = new LinkedHashSet<>();
        String[] lines = new String(jsonLines, StandardCharsets.UTF_8).split("\n");
        for (int i = 0; i < Math.min(lines.length, 2); i++) {
            if (lines[i].isEmpty()) continue;
            List<Map.Entry<String, JsonNode>> leaves = new ArrayList<>();
            leaves(Json.MAPPER.readTree(lines[i]), "", leaves);
            List<String> negations = new ArrayList<>();
            int longOnes = 0;
            for (Map.Entry<String, JsonNode> e : leaves) {
                String k = e.getKey();
                JsonNode v = e.getValue();
                if (k.isEmpty() || k.contains(" ") || k.contains("\\") || k.contains("\"")) continue;
                String lit = literal(v);
                if (lit == null) continue;
                out.add(k + ": " + lit);
                out.add("NOT " + k + ": " + lit);
                out.add("*: " + lit);
                out.add("NOT *: " + lit);
                negations.add("NOT " + k + ": " + lit);
                if (v.isTextual()) {
                    // Values no dictionary entry holds: answered from the dictionary before any table is read.
                    out.add(k + ": \"zz-not-there\"");
                    out.add(k + ": \"zz*not*there\" OR " + k + ": " + lit);
                    out.add(k + ": zz-not-there AND NOT " + k + ": " + lit);
                }
                if (v.isNumber() && i == 0 && longOnes++ < 1) {
                    // Hundreds of exclusions on one column, the record's own value among them (or not): folded into
                    // one set. One column per archive: the plain matcher is slow on these.
                    List<String> many = new ArrayList<>();
                    for (int j = -150; j < 150; j++) {
                        many.add("NOT " + k + ": " + (v.isIntegralNumber() ? v.asLong() + j : v.asDouble() + j * 0.25));
                    }
                    out.add(String.join(" AND ", many));
                    out.add(String.join(" AND ", many.subList(0, 140)));
                }
                if (v.isNumber()) {
                    out.add(k + " >= " + v.asText());
                    out.add(k + " < " + v.asText());
                    out.add("*: > " + v.asText());
                    out.add("NOT " + k + ": " + v.asText() + " AND *: <= " + v.asText());
                }
                if (v.isTextual() && v.asText().length() > 2) {
                    String s = v.asText();
                    out.add("*: \"*" + escape(s.substring(1, s.length() - 1)) + "*\"");
                    out.add(k + ": \"*" + escape(s.substring(1, s.length() - 1)) + "*\"");
                    out.add(k + " >= timestamp(" + lit + ") AND " + k + " < timestamp(\"2100-01-01T00:00:00Z\")");
                }
                if (v.isIntegralNumber()) {
                    out.add(k + " > timestamp(\"" + v.asText() + "\") OR " + k + ": timestamp(\"" + v.asText() + "\")");
                }
            }
            if (!negations.isEmpty()) out.add(String.join(" AND ", negations));
        }
        return new ArrayList<>(out);
    }

    private static void leaves(JsonNode n, String path, List<Map.Entry<String, JsonNode>> out) {
        if (n.isObject()) {
            for (Map.Entry<String, JsonNode> f : n.properties())
                leaves(f.getValue(), path.isEmpty() ? f.getKey() : path + "." + f.getKey(), out);
        } else if (!n.isArray()) {
            out.add(Map.entry(path, n));
        }
    }

    private static String literal(JsonNode v) {
        if (v.isTextual()) return "\"" + escape(v.asText()) + "\"";
        if (v.isNumber() || v.isBoolean()) return v.asText();
        return null;
    }

    /** A value quoted for KQL: quotes, backslashes and the wildcard characters escaped. */
    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20) return "x";
            if ("\"\\*?".indexOf(c) >= 0) b.append('\\');
            b.append(c);
        }
        return b.toString();
    }
}
