package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.limits.Limits;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * KQL compares a timestamp column by the number clp-s's writer encoded for each value, which
 * the filter recomputes from the record's JSON ({@link ClpsTimestampContext#encoder}). The
 * writer's own timestamp range (kept in the archive, in milliseconds rounded outward) is the
 * truth to hold it to: over every record of archives with ISO strings, time-zone offsets,
 * ctime-style dates, comma fractions, epoch milliseconds, nanoseconds and float seconds (some
 * mixed in one column), the recomputed values must span exactly that range.
 */
class ClpsTimestampEncodingTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/clp-s");

    @Test
    void recomputedValuesSpanTheWritersRange() throws Exception {
        for (String rel : List.of(
                "made/archives/tz.clps",
                "made/archives/types.clps",
                "made/archives/epochs.clps",
                "v0.5.0/archives/app.clps",
                "v0.5.0/archives/metrics.clps",
                "v0.5.0/archives/edge.clps",
                "kql-timestamps/archives/iso.clps",
                "kql-timestamps/archives/ms.clps",
                "kql-timestamps/archives/ns.clps",
                "kql-timestamps/archives/sec.clps")) {
            try (ClpsArchive a = (ClpsArchive) FormatRegistry.get().open(DIR.resolve(rel), Limits.DEFAULT)) {
                ClpsTimestampDictionary d = a.metadata.timestamps;
                assertEquals(1, d.ranges().size(), rel);
                ClpsTimestampDictionary.Range range = d.ranges().getFirst();
                ToLongFunction<JsonNode> encode = ClpsTimestampContext.encoder(d, false);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                a.writeJsonLines((String) null, out);
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                int n = 0;
                for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
                    JsonNode v = Json.MAPPER.readTree(line).get(range.key());
                    assertNotNull(v, rel + ": " + line);
                    long ns = encode.applyAsLong(v);
                    assertNotEquals(ClpsTimestampContext.UNREADABLE, ns, rel + ": " + v);
                    min = Math.min(min, ns);
                    max = Math.max(max, ns);
                    n++;
                }
                assertEquals(range.startBits(), Math.floorDiv(min, 1_000_000L), rel + " start over " + n + " records");
                assertEquals(range.endBits(), -Math.floorDiv(-max, 1_000_000L), rel + " end over " + n + " records");
            }
        }
    }
}
