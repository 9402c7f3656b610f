package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.json.Json;
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
                header.matches(
                        "\\s+name\\s+type\\s+count\\s+min_time_ns\\s+max_time_ns\\s+bytes\\s+rate_hz\\s+latched"),
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
        assertTrue(r.out().contains("\"maximum_time\":\"—\""), "inside a cell too: " + r.out());

        String size =
                lines.stream().filter(l -> l.startsWith("size: ")).findFirst().orElseThrow();
        assertTrue(
                size.matches("size: \\d+ bytes \\(manifests/[-0-9a-f]+\\), \\d+ bytes in \\d+ files \\(the folder\\)"),
                size);

        // --json stays as it was: the channels an array of objects
        CliRun j = CliRun.of("info", "--json", log.toString());
        assertTrue(Json.MAPPER.readTree(j.out()).get("channels").get(0).has("min_time_ns"));
    }
}
