package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    private static void check(String inputName, String query, String expected) {
        if (expected.equals("ERR")) {
            assertThrows(KqlSyntaxException.class, () -> KqlQuery.parse(query), query);
            return;
        }
        KqlFixtures.Input input = KqlFixtures.named(inputName);
        List<Integer> want = expected.isBlank() ? List.of()
                : Arrays.stream(expected.trim().split(" ")).map(Integer::valueOf).toList();
        KqlContext ctx = KqlContext.NONE.withArchive(input.facts());
        List<Integer> got = input.matching(KqlQuery.parse(query), ctx);
        assertEquals(input.canonical(want), input.canonical(got), query);
    }
}
