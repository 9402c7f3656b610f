package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every fixture archive decoded and compared with what the real `clp-s x --ordered` of its own
 * release wrote: byte for byte for every version (0.3.2 and 0.4.0 included: their tools' %f
 * floats and dropped trailing Z are reproduced). The older outputs are also compared record by
 * record as JSON with numbers by value, which is what the inputs promise.
 */
class ClpsGoldenTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "v0.4.1/app",
                "v0.4.1/app-structurized",
                "v0.4.1/metrics",
                "v0.4.1/edge",
                "v0.4.1/floats",
                "v0.5.0/app",
                "v0.5.0/app-structurized",
                "v0.5.0/metrics",
                "v0.5.0/edge",
                "v0.5.0/floats",
                "v0.4.0/edge",
                "v0.4.0/floats",
                "v0.4.0/app-structurized",
                "generated/edge",
                "generated/app-structurized",
                "generated/metrics",
                "generated/sts135-multifile",
                "generated/test_no_floats_sorted",
                "generated/test_search"
            })
    void byteIdenticalToTheRealTool(String name) throws Exception {
        String[] p = name.split("/");
        byte[] expected = ClpsTestFiles.gunzip(p[0] + "/outputs/" + p[1] + ".ordered.jsonl.gz");
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(p[0] + "/archives/" + p[1] + ".clps"))) {
            byte[] got = ClpsTestFiles.decode(a);
            assertEquals(firstDifference(expected, got), "", name);
            assertEquals(expected.length, got.length);
            assertEquals(lines(expected).size(), a.records().recordCount());
            assertTrue(
                    ClpsTestFiles.verify(a).isEmpty(),
                    () -> ClpsTestFiles.verify(a).toString());
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "v0.4.0/edge",
                "v0.4.0/floats",
                "v0.4.0/app-structurized",
                "generated/edge",
                "generated/app-structurized",
                "generated/metrics",
                "generated/sts135-multifile",
                "generated/test_no_floats_sorted",
                "generated/test_search"
            })
    void jsonEqualForOlderVersions(String name) throws Exception {
        String[] p = name.split("/");
        byte[] expected = ClpsTestFiles.gunzip(p[0] + "/outputs/" + p[1] + ".ordered.jsonl.gz");
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(p[0] + "/archives/" + p[1] + ".clps"))) {
            List<String> want = lines(expected);
            List<String> got = lines(ClpsTestFiles.decode(a));
            assertEquals(want.size(), got.size(), name);
            for (int i = 0; i < want.size(); i++) {
                assertTrue(
                        sameJson(JSON.readTree(want.get(i)), JSON.readTree(got.get(i))),
                        name + " line " + (i + 1) + "\nwant " + want.get(i) + "\ngot  " + got.get(i));
            }
            assertTrue(
                    ClpsTestFiles.verify(a).isEmpty(),
                    () -> ClpsTestFiles.verify(a).toString());
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "v0.5.0/archives/edge.clps:input/edge.ndjson",
                "v0.5.0/archives/floats.clps:input/floats.ndjson",
                "made/archives/types.clps:made/input/types.jsonl",
                "made/archives/tz.clps:made/input/tz.jsonl"
            })
    void version050RecordsAreJsonEqualToTheInput(String pair) throws Exception {
        String[] p = pair.split(":");
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(p[0]))) {
            List<String> want = lines(ClpsTestFiles.bytes(p[1]));
            List<String> got = lines(ClpsTestFiles.decode(a));
            assertEquals(want.size(), got.size());
            for (int i = 0; i < want.size(); i++) {
                JsonNode w = JSON.readTree(want.get(i)), g = JSON.readTree(got.get(i));
                assertTrue(
                        w.equals(g) || sameJson(w, g),
                        "line " + (i + 1) + "\nwant " + want.get(i) + "\ngot  " + got.get(i));
            }
        }
    }

    static List<String> lines(byte[] b) {
        List<String> out = new ArrayList<>();
        for (String s : new String(b, StandardCharsets.UTF_8).split("\n")) if (!s.isEmpty()) out.add(s);
        return out;
    }

    static String firstDifference(byte[] want, byte[] got) {
        List<String> w = lines(want), g = lines(got);
        for (int i = 0; i < Math.max(w.size(), g.size()); i++) {
            String a = i < w.size() ? w.get(i) : "(none)", b = i < g.size() ? g.get(i) : "(none)";
            if (!a.equals(b)) return "line " + (i + 1) + "\nwant " + a + "\ngot  " + b;
        }
        return "";
    }

    /** Equal as JSON, numbers by value (the old tools print %f), strings equal or differing only by a dropped trailing Z. */
    static boolean sameJson(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            double x = a.asDouble(), y = b.asDouble();
            return x == y || Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x));
        }
        if (a.isTextual() && b.isTextual()) {
            String x = a.asText(), y = b.asText();
            return x.equals(y) || (x + "Z").equals(y) || x.equals(y + "Z");
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) return false;
            var it = a.fieldNames();
            while (it.hasNext()) {
                String k = it.next();
                if (!b.has(k) || !sameJson(a.get(k), b.get(k))) return false;
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) return false;
            for (int i = 0; i < a.size(); i++) if (!sameJson(a.get(i), b.get(i))) return false;
            return true;
        }
        return a.equals(b);
    }
}
