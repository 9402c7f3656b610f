package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Objects with an empty key inside structurized arrays ({@code {"a":[1,{"":{"b":0}}]}}): the
 * real clp-s drops the key when it writes them back, printing {@code {"a":[1,{{"b":0}}]}}, which
 * is not JSON. The schema tree still holds the key, so Vitrine writes each record as it was
 * ingested: the one deliberate difference from `clp-s x --ordered`.
 */
class ClpsEmptyKeysTest {
    private static final String ARCHIVE = "made/archives/empty-keys-s.clps";

    @Test
    void eachRecordIsTheJsonThatWasIngested() throws Exception {
        List<String> input = ClpsGoldenTest.lines(ClpsTestFiles.bytes("made/input/empty-keys.jsonl"));
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(ARCHIVE))) {
            byte[] out = ClpsTestFiles.decode(a);
            List<String> got = ClpsGoldenTest.lines(out);
            assertEquals(input.size(), got.size());
            for (int i = 0; i < input.size(); i++) {
                // clp-s keeps no key order per record (it writes keys in the order of its schema), so equal as JSON
                // values.
                assertEquals(parse(input.get(i)), parse(got.get(i)), "record " + i + ": " + got.get(i));
            }
            // And byte for byte what this writer makes of them (clp-s's spelling of every value and its key order).
            assertEquals(
                    "",
                    ClpsGoldenTest.firstDifference(
                            ClpsTestFiles.bytes("made/outputs/empty-keys-s.vitrine.jsonl"), out));
            assertTrue(
                    ClpsTestFiles.verify(a).isEmpty(),
                    () -> ClpsTestFiles.verify(a).toString());
        }
    }

    @Test
    void differsFromTheRealToolOnlyWhereItWroteInvalidJson() throws Exception {
        List<String> tool = ClpsGoldenTest.lines(ClpsTestFiles.gunzip("made/outputs/empty-keys-s.ordered.jsonl.gz"));
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(ARCHIVE))) {
            List<String> got = ClpsGoldenTest.lines(ClpsTestFiles.decode(a));
            assertEquals(tool.size(), got.size());
            int invalid = 0;
            for (int i = 0; i < tool.size(); i++) {
                if (isJson(tool.get(i))) {
                    assertEquals(tool.get(i), got.get(i), "record " + i);
                } else {
                    invalid++;
                    assertTrue(isJson(got.get(i)), got.get(i));
                }
            }
            assertEquals(6, invalid, "records the real tool writes as invalid JSON");
        }
    }

    private static JsonNode parse(String line) throws Exception {
        return Json.MAPPER.readTree(line);
    }

    private static boolean isJson(String line) {
        try {
            return Json.MAPPER.readTree(line.getBytes(StandardCharsets.UTF_8)) != null;
        } catch (Exception e) {
            return false;
        }
    }
}
