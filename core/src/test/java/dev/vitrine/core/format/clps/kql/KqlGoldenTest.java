package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every query of golden.tsv (results of the real clp-s v0.10.0, see make-golden.sh) must select
 * exactly the same input records, or be refused when clp-s refused it.
 */
class KqlGoldenTest {

    @TestFactory
    Stream<DynamicTest> sameRecordsAsClpS() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String row : KqlFixtures.text("golden.tsv").split("\n")) {
            if (row.isBlank() || row.startsWith("#")) {
                continue;
            }
            String[] f = row.split("\t", -1);
            String input = f[0];
            String query = f[1];
            String expected = f[2];
            tests.add(DynamicTest.dynamicTest(input + ": " + query, () -> check(input, query, expected)));
        }
        return tests.stream();
    }

    /** Nanoseconds since the epoch, as clp-s 0.10 encodes a timestamp column value. */
    static long clpsEpochNanos(JsonNode v) {
        if (v.isTextual()) {
            Instant t = Instant.parse(v.asText());
            return t.getEpochSecond() * 1_000_000_000L + t.getNano();
        }
        long x = v.longValue();
        long abs = Math.abs(x);
        long year = 31_536_000L;
        if (abs > year * 1_000_000_000L) {
            return x;
        }
        if (abs > year * 1_000_000L) {
            return x * 1_000L;
        }
        if (abs > year * 1_000L) {
            return x * 1_000_000L;
        }
        return x * 1_000_000_000L;
    }

    /** The archive clp-s makes with --timestamp-key KEY: typed column, encoding and index range. */
    static KqlContext timestampContext(KqlFixtures.Input input, String key) {
        KqlArchiveFacts facts = new KqlArchiveFacts(List.of(key));
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (JsonNode r : input.records()) {
            facts.add(r);
            JsonNode v = r.get(key);
            if (v != null) {
                long ms = Math.floorDiv(clpsEpochNanos(v), 1_000_000L);
                min = Math.min(min, ms);
                max = Math.max(max, ms);
            }
        }
        return KqlContext.NONE
                .withArchive(facts)
                .withTimestamp(List.of(key), KqlGoldenTest::clpsEpochNanos)
                .withTimestampIndex(min, max);
    }

    private static void check(String inputName, String query, String expected) {
        if (expected.equals("ERR")) {
            assertThrows(KqlSyntaxException.class, () -> KqlQuery.parse(query), query);
            return;
        }
        String base = inputName.contains("@") ? inputName.substring(0, inputName.indexOf('@')) : inputName;
        KqlFixtures.Input input = KqlFixtures.named(base);
        List<Integer> want = expected.isBlank()
                ? List.of()
                : Arrays.stream(expected.trim().split(" "))
                        .map(Integer::valueOf)
                        .toList();
        KqlContext ctx = KqlContext.NONE.withArchive(input.facts());
        if (!base.equals(inputName)) {
            ctx = timestampContext(input, inputName.substring(base.length() + 1));
        }
        List<Integer> got = input.matching(KqlQuery.parse(query), ctx);
        assertEquals(input.canonical(want), input.canonical(got), query);
    }
}
