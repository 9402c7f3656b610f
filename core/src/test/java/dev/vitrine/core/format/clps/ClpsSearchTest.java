package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A query on an archive nothing has decoded yet (the command line) puts only the records it may
 * match in order ({@link ClpsSearch}): the same records in the same order as through the whole
 * archive's order, in log order (0.4.1 and later) or table order (0.4.0), and the decoded streams
 * are freed afterwards.
 */
class ClpsSearchTest {
    private static final String[] ARCHIVES = {
        "v0.4.0/archives/app-structurized.clps", "v0.4.0/archives/edge.clps", "v0.4.1/archives/app.clps",
        "v0.5.0/archives/app.clps", "v0.5.0/archives/app-structurized.clps", "generated/archives/test_search.clps",
        "generated/archives/edge-nologorder.clps", "generated/archives/sts135-multifile.clps",
                "made/archives/phases.clps",
    };
    private static final String[] QUERIES = {
        "*: *", "level: ERROR", "NOT level: INFO", "*: *a*", "status >= 400 OR latency_ms < 10", "NOT *: 1",
    };

    @Test
    void queriesGiveTheRecordsAndOrderOfTheWholeOrder() throws Exception {
        int matched = 0;
        for (String name : ARCHIVES) {
            byte[] bytes = ClpsTestFiles.bytes(name);
            for (String q : QUERIES) {
                byte[] searched;
                try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
                    searched = query(a, q);
                }
                byte[] ordered;
                try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
                    a.records().decoded(false); // the window's order, built first: queries go through it
                    ordered = query(a, q);
                }
                assertArrayEquals(ordered, searched, name + ": " + q);
                if (searched.length > 0) matched++;
            }
        }
        assertTrue(matched > ARCHIVES.length * 2, "queries with matches: " + matched);
    }

    @Test
    void aQueryKeepsNothingDecoded() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("v0.5.0/archives/app.clps"))) {
            assertTrue(query(a, "*: *").length > 0);
            assertEquals(0, a.records().keptBytes(), "the decoded streams are freed once the query is written");
        }
    }

    private static byte[] query(ClpsArchive a, String q) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        a.writeJsonLines(q, out);
        return out.toByteArray();
    }
}
