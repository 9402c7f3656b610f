package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `vitrine info`'s text is for a person: tables, not JSON blobs; "—" for "no bound"; a folder's size said. */
class InfoTextCliTest {
    @TempDir
    Path tmp;

    @Test
    void anArkLogsChannelsAreATableAndItsSizeSaysManifestAndFolder() throws Exception {
        Path log = tmp.resolve("log");
        ArkSample.write(log, 2);
        CliRun r = CliRun.of("info", log.toString());
        assertEquals(0, r.exit(), r.stderr());
        List<String> lines = r.out().lines().toList();
        for (String l : lines) assertFalse(l.contains(": [{"), "a JSON blob: " + l);

        int at = lines.indexOf("channels: 6");
        assertTrue(at > 0, r.out());
        String header = lines.get(at + 1);
        assertTrue(
                header.matches("\\s+name\\s+type\\s+count\\s+min_time\\s+max_time\\s+bytes\\s+rate_hz\\s+latched"),
                header);
        String imu =
                lines.stream().filter(l -> l.startsWith("  /imu ")).findFirst().orElseThrow();
        // numbers right-aligned under their heading
        assertEquals(header.indexOf("count") + "count".length(), imu.indexOf(" 200 ") + 4, header + "\n" + imu);

        String hidden = lines.stream()
                .filter(l -> l.startsWith("  /debug/trace"))
                .findFirst()
                .orElseThrow();
        assertTrue(hidden.contains("—"), "no bound shows as a dash: " + hidden);
        assertFalse(r.out().contains("9223372036854775807"), "inside a cell's text too: " + r.out());

        String size =
                lines.stream().filter(l -> l.startsWith("size: ")).findFirst().orElseThrow();
        assertTrue(
                size.matches("size: \\d+ bytes \\(manifests/[-0-9a-f]+\\), \\d+ bytes in \\d+ files \\(the folder\\)"),
                size);

        // --json stays as it was: the channels an array of objects
        CliRun j = CliRun.of("info", "--json", log.toString());
        assertTrue(Json.MAPPER.readTree(j.out()).get("channels").get(0).has("min_time_ns"));
    }

    @Test
    void anArkLogsTimesReadAsTimesAndASectionsColumnsAsATableOfTheirOwn() throws Exception {
        Path log = tmp.resolve("log");
        ArkSample.write(log, 2);
        CliRun r = CliRun.of("info", log.toString());
        assertEquals(0, r.exit(), r.stderr());
        List<String> lines = r.out().lines().toList();
        long imuMin = Json.MAPPER
                .readTree(CliRun.of("info", "--json", log.toString()).out())
                .get("channels")
                .get(3)
                .get("min_time_ns")
                .asLong();
        assertFalse(r.out().contains(String.valueOf(imuMin)), "no raw nanoseconds: " + r.out());
        String imu =
                lines.stream().filter(l -> l.startsWith("  /imu ")).findFirst().orElseThrow();
        // as the timeline's axis: the time of day, then the offset from the log's first message
        assertTrue(imu.matches(".* 1:00:00\\.000 \\(\\+164\\.236 µs\\) .*"), imu);
        assertTrue(imu.matches(".*\\s100\\.004\\s.*"), "a rate to six digits: " + imu);

        for (String l : lines) assertFalse(l.contains("{\""), "a JSON blob: " + l);
        int at = lines.indexOf("  sections[0].columns: 3");
        assertTrue(at > 0, r.out());
        assertTrue(lines.get(at + 1).matches("    name\\s+compression_type\\s+objects\\s+splits"), lines.get(at + 1));
        assertTrue(lines.get(at + 2).matches("    sensors\\s+zstd\\s+2\\s+\\d+"), lines.get(at + 2));
        assertTrue(lines.contains("  sections[1].columns: 0"), r.out());
        String sections = lines.get(lines.indexOf("sections: 2") + 1);
        assertTrue(sections.contains("acceptance_filter.maximum_time"), sections);
    }

    @Test
    void aClpsArchivesPacketsAreTablesNotJsonBlobs() throws Exception {
        CliRun r = CliRun.of(
                "info", Fixtures.path("clp-s/v0.5.0/archives/app.clps").toString());
        assertEquals(0, r.exit(), r.stderr());
        List<String> lines = r.out().lines().toList();
        for (String l : lines) {
            assertFalse(l.contains("{\""), "a JSON blob: " + l);
            assertTrue(l.length() < 160, "a line of " + l.length() + " characters: " + l);
        }
        int at = lines.indexOf("  metadata.packets[1].value (ArchiveFileInfo):");
        assertTrue(at > 0, r.out());
        assertEquals("    files: 7", lines.get(at + 1));
        assertTrue(lines.get(at + 3).matches("      /schema_tree\\s+0"), lines.get(at + 3));
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.matches(
                                "\\s+3000\\s+f4c607e6-4bd6-4d68-b9d0-34e3fdc37046\\s+0\\s+app\\.ndjson\\s+0")),
                "the range index as a table: " + r.out());
    }
}
