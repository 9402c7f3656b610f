package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Queries nested or chained thousands deep are answered, not a StackOverflowError. The expected
 * records are what the real clp-s v0.10.0 {@code s} returned for these queries over an archive of
 * probe.ndjson (see kql/SOURCE.md).
 */
class KqlDeepQueryTest {

    private static List<Integer> matching(String query) {
        KqlFixtures.Input input = KqlFixtures.named("probe");
        return input.matching(KqlQuery.parse(query), KqlContext.NONE.withArchive(input.facts()));
    }

    @Test
    void tenThousandNestedParentheses() {
        assertEquals(List.of(2), matching("(".repeat(10_000) + "id: 2" + ")".repeat(10_000)));
    }

    @Test
    void tenThousandNots() {
        assertEquals(List.of(1, 3, 4, 5), matching("NOT ".repeat(9_999) + "id: 2"));
        assertEquals(List.of(2), matching("NOT ".repeat(10_000) + "id: 2"));
    }

    @Test
    void threeThousandAnds() {
        assertEquals(List.of(1, 2, 3), matching("n: 42" + " AND id < 4".repeat(3_000)));
    }

    @Test
    void threeThousandOrs() {
        String q = IntStream.range(4, 3_004).mapToObj(i -> "id: " + i).collect(Collectors.joining(" OR "));
        assertEquals(List.of(4, 5), matching(q));
    }

    @Test
    void deepNestingInsideAKeyGroup() {
        assertEquals(List.of(1, 2), matching("o: {" + "(".repeat(5_000) + "x: \"1\"" + ")".repeat(5_000) + "}"));
    }

    @Test
    void alternatingOperatorsBeyondTheLimitAreRefusedInOneLine() {
        String query = "(id: 1 AND ".repeat(1_500) + "id: 1" + " OR id: 2)".repeat(1_500);
        KqlSyntaxException e = assertThrows(KqlSyntaxException.class, () -> KqlQuery.parse(query));
        assertTrue(e.getMessage().contains("nested too deeply"), e.getMessage());
    }
}
