package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `vitrine info --json`, `cat --json` with channels, bounds and --raw, and `verify` on a log our writer made. */
class ArkCliTest {
    @TempDir
    Path tmp;

    @Test
    void infoCatAndVerifyFollowTheContract() throws Exception {
        Path log = tmp.resolve("log");
        ArkSample.write(log, 3);
        CliRun info = CliRun.of("info", "--json", log.toString());
        assertEquals(0, info.exit(), info.stderr());
        JsonNode channels = Json.MAPPER.readTree(info.out()).get("channels");
        assertEquals(6, channels.size());
        JsonNode imu = channels.get(3);
        assertEquals("/imu", imu.get("name").asText());
        assertEquals(300, imu.get("count").asLong());
        for (String k : List.of("type", "min_time_ns", "max_time_ns", "bytes", "rate_hz", "latched"))
            assertTrue(imu.has(k), k);

        long start = imu.get("min_time_ns").asLong() + 1_000_000_000L;
        long stop = start + 100_000_000L;
        CliRun cat = CliRun.of(
                "cat",
                "--json",
                log.toString(),
                "--channel",
                "/imu",
                "--channel",
                "/config",
                "--start-ns",
                Long.toString(start),
                "--stop-ns",
                Long.toString(stop));
        assertEquals(0, cat.exit(), cat.stderr());
        List<String> lines = cat.out().lines().toList();
        JsonNode first = Json.MAPPER.readTree(lines.getFirst());
        assertEquals(
                "/config", first.get("channel").asText(), "the latched channel's last earlier message comes first");
        assertTrue(first.get("time_ns").asLong() < start);
        for (String l : lines.subList(1, lines.size())) {
            JsonNode n = Json.MAPPER.readTree(l);
            assertEquals("/imu", n.get("channel").asText());
            assertTrue(n.get("time_ns").asLong() >= start && n.get("time_ns").asLong() <= stop);
            assertTrue(n.get("value").get("accel").isArray());
        }
        assertTrue(
                lines.size() >= 10 && lines.size() <= 12, cat.out()); // 100 Hz with jitter over 100 ms, plus the replay

        Path raw = tmp.resolve("raw");
        CliRun r = CliRun.of("cat", log.toString(), "--channel", "/battery", "--raw", raw.toString());
        assertEquals(0, r.exit(), r.stderr());
        try (var s = Files.list(raw)) {
            assertEquals(3, s.count());
        }
        CliRun all = CliRun.of("cat", log.toString());
        assertEquals(0, all.exit(), all.stderr());
        assertEquals(
                info.out().contains("\"count\"") ? 300 + 150 + 30 + 3 + 6 + 2 : -1,
                all.out().lines().count());

        CliRun v = CliRun.of("verify", log.toString());
        assertEquals(0, v.exit(), v.out() + v.stderr());
        CliRun bad = CliRun.of("cat", "--channel", "/imu", log.resolve("splits").toString());
        assertEquals(2, bad.exit());
    }

    @Test
    void exportWritesOneJsonLinesFilePerChannel() throws Exception {
        Path log = tmp.resolve("log");
        ArkSample.write(log, 2);
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of(
                "export", log.toString(), out.toString(), "--channel", "/camera/info", "--channel", "/status");
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.out().startsWith("exported 2 files"), r.out());
        assertEquals(20, Files.readAllLines(out.resolve("camera_info.jsonl")).size());
        r = CliRun.of("export", log.toString(), out.toString(), "--channel", "/status");
        assertEquals(1, r.exit(), "an existing file is kept");
        r = CliRun.of("export", log.toString(), out.toString(), "--channel", "/status", "--overwrite");
        assertEquals(0, r.exit(), r.stderr());
        r = CliRun.of("export", log.toString(), out.toString(), "--channel", "/nope");
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("no channel named"), r.stderr());
    }

    @Test
    void exportOfMessagesThatExpandStopsAtMaxOutputLikeOtherFormats() throws Exception {
        Path log = dev.vitrine.core.format.ark.ArkExpandingLog.write(tmp.resolve("log"), 100, 50_000); // ~5 MB of JSON
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("export", "--max-output", "1M", log.toString(), out.toString());
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("export stopped at entry bomb.jsonl"), r.stderr());
        assertTrue(
                r.stderr().contains("past the output limit of 1048576 bytes")
                        && r.stderr().contains("1048576 bytes (--max-output)"),
                r.stderr());
        assertTrue(r.out().contains("stopped at the output limit"), r.out());
        assertEquals(3, Files.readAllLines(out.resolve("a_small.jsonl")).size());
        assertFalse(Files.exists(out.resolve("bomb.jsonl")), "nothing half-written");
        r = CliRun.of(
                "export",
                "--max-output",
                "20M",
                log.toString(),
                tmp.resolve("out2").toString());
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(100, Files.readAllLines(tmp.resolve("out2/bomb.jsonl")).size());
    }
}
