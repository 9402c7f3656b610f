package dev.vitrine.core.format.caf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * 100,000 entries, written in shuffled key order (as Go's sorted keys would be): listed in data
 * order, grouped into folders, verified clean. How fast: {@code bench/scale.sh}.
 */
class CafLargeIndexTest {
    static final int N = 100_000;

    @Test
    void hundredThousandEntriesListInDataOrder() throws Exception {
        byte[] data = new byte[N];
        StringBuilder json = new StringBuilder(N * 64).append("{\"files\":{");
        // Key order: by a permutation, so data order must come from the offsets.
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
        json.append("},\"format_version\":\"1.0\"}");
        byte[] bytes = CafTestFiles.caf(data, json.toString().getBytes(StandardCharsets.UTF_8));

        try (CafArchive a = CafTestFiles.open(bytes)) {
            List<FileListing.Entry> entries = a.entries();
            assertEquals(N, entries.size());
            for (int i = 0; i < N; i += 997)
                assertEquals(i, entries.get(i).range().offset());
            Node dataNode = a.root().children(0, 1).getFirst();
            assertEquals(100, dataNode.childCount());
            assertEquals(1000, dataNode.children(5, 1).getFirst().childCount());
            assertEquals(List.of(), CafTestFiles.verify(a));
        }
    }
}
