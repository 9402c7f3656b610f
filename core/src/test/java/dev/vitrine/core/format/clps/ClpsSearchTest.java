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

    /**
     * The search reads a table's columns a block of rows at a time ({@code RowValues.BLOCK}, 4096): ranges of
     * records across block boundaries and tables (phases.clps: 24,000 records, 8,000 a table and more) come out
     * whole, each once, in order, and the same as through the whole archive's order.
     */
    @Test
    void rangesAcrossColumnBlocksComeOutWhole() throws Exception {
        byte[] bytes = ClpsTestFiles.bytes("made/archives/phases.clps");
        String[][] cases = {
            {"n >= 4090 AND n < 4100", "4090", "4100"},
            {"n >= 8190 AND n <= 8200", "8190", "8201"},
            {"n > 16379 AND n < 16390", "16380", "16390"},
            {"n >= 23990", "23990", "24000"},
        };
        for (String[] c : cases) {
            byte[] searched;
            try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
                searched = query(a, c[0]);
            }
            String[] lines = new String(searched, java.nio.charset.StandardCharsets.UTF_8).split("\n");
            int from = Integer.parseInt(c[1]), to = Integer.parseInt(c[2]);
            assertEquals(to - from, lines.length, c[0]);
            for (int i = 0; i < lines.length; i++) {
                String n = "\"n\":" + (from + i);
                assertTrue(lines[i].contains(n + ",") || lines[i].endsWith(n + "}"), c[0] + ": " + lines[i]);
            }
            try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
                a.records().decoded(false);
                assertArrayEquals(query(a, c[0]), searched, c[0]);
            }
        }
    }

    private static byte[] query(ClpsArchive a, String q) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        a.writeJsonLines(q, out);
        return out.toByteArray();
    }
}
