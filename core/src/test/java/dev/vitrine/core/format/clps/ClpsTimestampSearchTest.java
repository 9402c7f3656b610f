package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.JsonRecords;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Timestamp searches end to end, against the real clp-s v0.10.0 (kql-timestamps/searches.txt,
 * made by make-searches.sh): timestamp(...) literals with and without patterns, numbers and
 * strings compared with Timestamp (0.5) and DateString (0.4) columns, the timestamp index, and
 * the queries clp-s refuses. Each query must return exactly the records `clp-s s` printed (the
 * same lines, as a multiset: clp-s prints them in its own order), or be refused where clp-s
 * refused it.
 */
class ClpsTimestampSearchTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/clp-s");
    private static final Path HERE = DIR.resolve("kql-timestamps");

    private record Search(String archive, String query, String status, List<String> lines) {}

    private static List<Search> searches() throws Exception {
        List<Search> out = new ArrayList<>();
        Search cur = null;
        for (String l : Files.readAllLines(HERE.resolve("searches.txt"))) {
            if (l.startsWith(">>> ")) {
                String[] f = l.substring(4).split("\t", 3);
                cur = new Search(f[0], f[1], f[2], new ArrayList<>());
                out.add(cur);
            } else if (cur != null && !l.isEmpty()) {
                cur.lines().add(l);
            }
        }
        return out;
    }

    private static Path archive(String name) {
        Path made = HERE.resolve("archives").resolve(name + ".clps");
        return Files.exists(made) ? made : DIR.resolve(name);
    }

    @TestFactory
    Stream<DynamicTest> sameRecordsAsClpsSearch() throws Exception {
        List<Search> all = searches();
        assertTrue(all.size() >= 100, "searches.txt holds " + all.size() + " searches");
        return all.stream().map(s -> DynamicTest.dynamicTest(s.archive() + ": " + s.query(), () -> check(s)));
    }

    private static void check(Search s) throws Exception {
        Path archive = archive(s.archive());
        boolean refused = s.status().contains("Parser error")
                || s.status().contains("Failed to parse timestamp")
                || s.status().contains("Invalid timestamp pattern");
        if (refused) {
            var e = assertThrows(
                    JsonRecords.QuerySyntaxException.class,
                    () -> ClpsTestFiles.catQuery(archive, s.query()),
                    s.query());
            assertTrue(e.position() >= 0 && e.position() <= s.query().length(), "position " + e.position());
            return;
        }
        // clp-s exits with an error for a query it calls "logically false"; it returns no record.
        assertTrue(s.status().equals("ok") || s.status().contains("is logically false"), s.status());
        List<String> want = new ArrayList<>(s.lines());
        List<String> got = new ArrayList<>(ClpsTestFiles.catQuery(archive, s.query()));
        want.sort(null);
        got.sort(null);
        assertEquals(want, got, s.archive() + ": " + s.query());
    }
}
