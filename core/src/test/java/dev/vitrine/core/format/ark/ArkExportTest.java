package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.ExportLimit;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.TimedMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Per-channel JSON lines go out through the shared exporter: its output limit, its name and link rules. */
class ArkExportTest {
    @TempDir
    Path tmp;

    @Test
    void aLogWhoseMessagesExpandStopsAtTheArchiveSizeLimit() throws Exception {
        ArkExpandingLog.write(tmp.resolve("log"), 200, 50_000); // ~10 MB of JSON from a log of a few KB
        try (ArkArchive a = ArkTestLogs.open(tmp.resolve("log"))) {
            // The shared rule, with 1 MiB of slack instead of 1 GiB so the test stays small.
            Limits limits = new Limits(
                    Limits.DEFAULT.maxBlockBytes(),
                    Limits.DEFAULT.maxEntries(),
                    Limits.DEFAULT.maxDepth(),
                    Limits.DEFAULT.maxMetadataBytes(),
                    Limits.DEFAULT.maxOpenFiles(),
                    4,
                    1 << 20);
            ExportLimit limit = ExportLimit.of(a, limits);
            assertTrue(limit.bytes() < 2 << 20, limit.describe());
            Path out = tmp.resolve("out");
            ExportReport r = new Exporter(limit.applyTo(ExportOptions.DEFAULT)).export(a.channelFiles(List.of()), out);
            assertNotNull(r.stop(), "the limit stops the export");
            assertEquals("bomb.jsonl", r.stop().name());
            assertTrue(
                    r.stop().reason().contains("past the output limit of " + limit.bytes() + " bytes"),
                    r.stop().reason());
            assertFalse(r.ok());
            // The channel before it was written whole; the one that passed the limit is not left half-written.
            assertEquals(3, Files.readAllLines(out.resolve("a_small.jsonl")).size());
            try (var files = Files.list(out)) {
                assertEquals(
                        List.of("a_small.jsonl"),
                        files.map(p -> p.getFileName().toString()).toList());
            }
        }
    }

    @Test
    void everyChannelIsWrittenInTimeOrderUnderASafeNameAndNothingIsReplaced() throws Exception {
        List<ArkTestLogs.Written> written = ArkTestLogs.writeSmall(tmp.resolve("log"), 6);
        try (ArkArchive a = ArkTestLogs.open(tmp.resolve("log"))) {
            Path out = tmp.resolve("out");
            ExportReport r = new Exporter(ExportLimit.of(a, Limits.DEFAULT).applyTo(ExportOptions.DEFAULT))
                    .export(a.channelFiles(List.of()), out);
            assertTrue(r.ok(), r.toString());
            assertEquals(
                    List.of("config.jsonl", "pose_a.jsonl", "pose_b.jsonl", "sensors_every.jsonl"),
                    r.exported().stream()
                            .map(e -> e.path().getFileName().toString())
                            .toList());
            assertEquals(
                    written.stream()
                            .filter(w -> w.channel().equals("/pose/a"))
                            .map(w -> "{\"channel\":\"/pose/a\",\"time_ns\":" + w.timeNs() + ",\"value\":" + w.json()
                                    + "}")
                            .toList(),
                    Files.readAllLines(out.resolve("pose_a.jsonl")));
            assertEquals("channel", TimedMessages.safeFileName("///"));
            assertEquals("_._.._x", TimedMessages.safeFileName("../../x"));
            Files.writeString(out.resolve("config.jsonl"), "mine");
            r = new Exporter(ExportOptions.DEFAULT).export(a.channelFiles(List.of("/config")), out);
            assertEquals(1, r.skipped().size());
            assertEquals("mine", Files.readString(out.resolve("config.jsonl")), "an existing file is kept");
        }
    }
}
