package dev.vitrine.core.format.caf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.FileListing;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 9: a huge index must list in a small heap. Entries are kept by column, names are read
 * back from the index when asked for, so an opened archive holds a few dozen bytes per entry
 * (a 2,000,000-entry index once took 1.2 GB to list; see bench/caf-big-index.sh).
 */
class CafCompactIndexTest {
    static final int N = 300_000;

    static long usedAfterGc() {
        var mem = ManagementFactory.getMemoryMXBean();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            best = Math.min(best, mem.getHeapMemoryUsage().getUsed());
        }
        return best;
    }

    @Test
    void anOpenedIndexKeepsAFewBytesPerEntry() {
        StringBuilder json = new StringBuilder(N * 60).append("{\"format_version\":\"1.0\",\"files\":{");
        for (int k = 0; k < N; k++) {
            int i = (int) ((k * 7919L) % N);
            if (k > 0) json.append(',');
            json.append("\"dir")
                    .append(i % 100)
                    .append("/file-")
                    .append(i)
                    .append(".bin\":{\"start_byte\":")
                    .append(i)
                    .append(",\"end_byte\":")
                    .append(i + 1)
                    .append('}');
        }
        json.append("}}");
        byte[] bytes = CafTestFiles.caf(new byte[N], json.toString().getBytes(StandardCharsets.UTF_8));
        json = null;
        long before = usedAfterGc();
        try (CafArchive a = CafTestFiles.open(bytes)) {
            long held = usedAfterGc() - before;
            double perEntry = (double) held / N;
            System.out.printf("CAF %,d entries: %.1f bytes of heap per opened entry%n", N, perEntry);
            assertTrue(perEntry < 64, "an opened entry holds " + perEntry + " bytes of heap");
            List<FileListing.Entry> es = a.entries();
            assertEquals(N, es.size());
            assertEquals("dir7/file-7.bin", es.get(7).name());
            assertEquals(7, es.get(7).range().offset());
            Reference.reachabilityFence(a);
        }
    }

    @Test
    void namesWithEscapesAndNonAsciiReadBackExactly() throws Exception {
        String json = "{\"format_version\":\"1.0\",\"files\":{\"say \\\"hi\\\"\":{\"start_byte\":0,\"end_byte\":1},"
                + "\"z\\u003ca\\/b\":{\"start_byte\":1,\"end_byte\":2},\"über ☃ \uD83D\uDE00\":{\"start_byte\":2,\"end_byte\":3},"
                + "\"tab\\there\":{\"start_byte\":3,\"end_byte\":4},\"pair\\ud83d\\ude00\":{\"start_byte\":4,\"end_byte\":5}}}";
        try (CafArchive a = CafTestFiles.open(CafTestFiles.caf(CafTestFiles.ascii("01234"), json))) {
            assertEquals(
                    List.of("say \"hi\"", "z<a/b", "über ☃ \uD83D\uDE00", "tab\there", "pair\uD83D\uDE00"),
                    a.entries().stream().map(FileListing.Entry::name).toList());
        }
    }
}
