package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.rbuf.RbufFile;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArkRoundTripTest {
    @TempDir
    Path tmp;

    static List<String> lines(ByteArrayOutputStream out) {
        String s = out.toString(StandardCharsets.UTF_8);
        return s.isEmpty() ? List.of() : List.of(s.split("\n"));
    }

    static String line(ArkTestLogs.Written w) {
        return "{\"channel\":\"" + w.channel() + "\",\"time_ns\":" + w.timeNs() + ",\"value\":" + w.json() + "}";
    }

    @Test
    void writtenLogReadsBackInTimeOrder() throws Exception {
        List<ArkTestLogs.Written> written = ArkTestLogs.writeSmall(tmp, 20);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            assertEquals(List.of(), a.openProblems());
            assertEquals(List.of(), ArkTestLogs.verify(a));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long n = a.capability(JsonRecords.class).orElseThrow().writeJsonLines("", out);
            assertEquals(written.size(), n);
            assertEquals(written.size(), a.recordCount());
            // D21: by time; ties by section, column (sensors before poses before config), split, index position.
            List<ArkTestLogs.Written> expected = new ArrayList<>(written);
            expected.sort(
                    Comparator.comparingLong(ArkTestLogs.Written::timeNs).thenComparingInt(w -> switch (w.channel()) {
                        case "/sensors/every", "/pose/b" -> 0;
                        case "/pose/a" -> 1;
                        default -> 2;
                    }));
            assertEquals(expected.stream().map(ArkRoundTripTest::line).toList(), lines(out));
            // files: the manifest, then the splits
            assertTrue(a.files().getFirst().path().startsWith("manifests/"));
            assertTrue(a.files().size() > 6);
            for (FileRef f : a.files()) assertTrue(Files.isRegularFile(tmp.resolve(f.path())));
        }
    }

    @Test
    void channelTableAndInfoComeFromIndexes() throws Exception {
        ArkTestLogs.writeSmall(tmp, 20);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            List<TimedMessages.ChannelInfo> cs = a.channels();
            assertEquals(
                    List.of("/config", "/pose/a", "/pose/b", "/sensors/every"),
                    cs.stream().map(TimedMessages.ChannelInfo::name).toList());
            var config = cs.getFirst();
            assertEquals(5, config.count());
            assertTrue(config.latched());
            assertEquals(1_000_000_005L, config.minTimeNs());
            assertEquals(1_000_000_005L + 160_000_000L, config.maxTimeNs());
            assertEquals(4 * 1e9 / 160_000_000L, config.rateHz(), 1e-9);
            JsonNode info = a.info();
            assertEquals("small test log", info.get("name").asText());
            assertEquals("r2-d2", info.get("metadata").get("robot").asText());
            assertEquals(3, info.get("metadata").get("run").get("n").asInt());
            JsonNode ch = info.get("channels").get(3);
            for (String k :
                    List.of("name", "type", "count", "min_time_ns", "max_time_ns", "bytes", "rate_hz", "latched"))
                assertTrue(ch.has(k), k);
            assertEquals("demo::sensors::EveryType", ch.get("type").asText());
            assertEquals(
                    "lz4",
                    info.get("sections")
                            .get(0)
                            .get("columns")
                            .get(1)
                            .get("compression_type")
                            .asText()
                            .toLowerCase());
        }
    }

    @Test
    void detectionAndSingleManifestFile() throws Exception {
        ArkTestLogs.writeSmall(tmp, 3);
        ArkFormat f = new ArkFormat();
        assertEquals(Detection.BY_STRUCTURE, f.detect(new Probe(tmp, null)));
        Path manifest;
        try (Stream<Path> s = Files.list(tmp.resolve("manifests"))) {
            manifest = s.findFirst().orElseThrow();
        }
        try (var src = dev.vitrine.core.io.MappedFileSource.open(manifest)) {
            assertEquals(Detection.BY_MAGIC, f.detect(new Probe(manifest, src)));
        }
        assertTrue(FormatRegistry.class.getName().length() > 0);
        try (ArkArchive a = ArkTestLogs.open(manifest)) {
            assertEquals(List.of(), ArkTestLogs.verify(a));
            assertEquals(3 * 3 + 1, a.recordCount());
        }
        // D10: content + trailer + 29 = size; group 1 written; trailer IR compact
        RbufFile rf = RbufFile.parse(Files.readAllBytes(manifest));
        assertEquals("ark::logging::Manifest", rf.typeName());
        assertFalse(rf.irJson().contains(" "));
        assertTrue(
                rf.irJson()
                        .startsWith(
                                "{\"schemas\":[{\"name\":\"Manifest\",\"object_namespace\":\"ark::logging\",\"fields\":[{\"name\":\"log_identifier\""));
    }

    @Test
    void latchedChannelReplaysItsLastEarlierMessage() throws Exception {
        ArkTestLogs.writeSmall(tmp, 20);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            long start =
                    1_000_000_000L + 50_000_000L; // config messages at +5, +40.000005 ms ...: last before is at i=4
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            a.writeJsonLines(null, start, start + 20_000_000L, out);
            List<String> ls = lines(out);
            JsonNode first = Json.MAPPER.readTree(ls.getFirst());
            assertEquals("/config", first.get("channel").asText());
            assertEquals(1_000_000_005L + 40_000_000L, first.get("time_ns").asLong());
            for (int i = 1; i < ls.size(); i++) {
                long t = Json.MAPPER.readTree(ls.get(i)).get("time_ns").asLong();
                assertTrue(t >= start && t <= start + 20_000_000L, ls.get(i));
            }
            // channel filter: only /pose/a, both bounds inclusive
            out.reset();
            a.writeJsonLines(List.of("/pose/a"), start, start + 20_000_000L, out);
            assertEquals(3, lines(out).size());
            // a latched channel filtered in gets its replay even when nothing falls in the range
            out.reset();
            a.writeJsonLines(List.of("/config"), start + 1, start + 2, out);
            assertEquals(1, lines(out).size());
            try (TimedMessages.Cursor c = a.messages(List.of("/config"), start + 1, start + 2)) {
                assertTrue(c.next().latchedReplay());
            }
        }
    }

    @Test
    void amendmentHidesChannelsAndTimesButShowsThemAsHidden() throws Exception {
        Path base = tmp.resolve("base");
        List<ArkTestLogs.Written> written = ArkTestLogs.writeSmall(base, 20);
        Path amended = tmp.resolve("amended");
        long min = 1_000_000_000L + 30_000_000L;
        long max = 1_000_000_000L + 90_000_000L;
        ArkWriter.amend(base, amended, "snippet", new ArkQuery(min, max, List.of("/pose/.*", "/config")));
        try (ArkArchive a = ArkTestLogs.open(amended)) {
            assertEquals(List.of(), ArkTestLogs.verify(a));
            assertEquals(2, a.primary().sections().size());
            var names =
                    a.channels().stream().map(TimedMessages.ChannelInfo::name).toList();
            assertEquals(List.of("/config", "/pose/a", "/pose/b"), names);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            a.writeJsonLines(List.of(), Long.MIN_VALUE, Long.MAX_VALUE, out);
            long expected = written.stream()
                    .filter(w -> !w.channel().equals("/sensors/every") && w.timeNs() >= min && w.timeNs() <= max)
                    .count();
            assertEquals(expected, lines(out).size());
            // hidden data is shown as hidden in the tree: the split index still lists every message
            Node root = a.root();
            Node splits = root.children(0, 100).stream()
                    .filter(n -> n.is(Role.FOLDER))
                    .findFirst()
                    .orElseThrow();
            long all = 0;
            for (Node s : splits.children(0, 100))
                all += s.children(0, 10).get(1).childCount();
            assertEquals(written.size(), all);
            assertTrue(a.primary()
                    .sections()
                    .get(0)
                    .columns()
                    .getFirst()
                    .objects
                    .getFirst()
                    .hiddenByName());
            var hidden = a.hidden();
            assertEquals(
                    1 + 2 * 3, hidden.size()); // /sensors/every whole; the three others before and after the window
            assertEquals(
                    "/sensors/every",
                    hidden.stream()
                            .filter(h -> h.startNs() == Long.MIN_VALUE && h.stopNs() == Long.MAX_VALUE)
                            .findFirst()
                            .orElseThrow()
                            .channel());
            assertTrue(hidden.stream().anyMatch(h -> h.channel().equals("/pose/a") && h.stopNs() == min - 1));
            assertTrue(a.info().get("hidden").size() == hidden.size());
        }
    }

    @Test
    void treeHasRolesRangesAndDecodedBytes() throws Exception {
        ArkTestLogs.writeSmall(tmp, 5);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            Node root = a.root();
            assertTrue(root.is(Role.ARCHIVE));
            List<Node> kids = root.children(0, 10);
            assertTrue(kids.getFirst().is(Role.FILE));
            Node messages = kids.stream()
                    .filter(n -> n.name().startsWith("messages"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(a.recordCount(), messages.childCount());
            Node m = messages.children(3, 1).getFirst();
            assertTrue(m.is(Role.MESSAGE));
            assertTrue(m.range().file().path().startsWith("splits/"));
            var d = m.decoded().orElseThrow();
            try (var src = d.open()) {
                assertEquals(d.length(), src.size());
            }
            assertFalse(m.children(0, 1).isEmpty());
            Node channels = kids.stream()
                    .filter(n -> n.name().equals("channels"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(channels.children(0, 10).getFirst().is(Role.CHANNEL));
            assertEquals(4, channels.table().orElseThrow().rowCount());
            // every split file: header and index with roles, entries covering their bytes
            Node split = kids.getLast().children(0, 1).getFirst();
            Node header = split.children(0, 2).get(0);
            Node index = split.children(0, 2).get(1);
            assertTrue(header.is(Role.HEADER) && index.is(Role.INDEX));
            Node first = index.children(0, 1).getFirst();
            assertEquals(
                    first.range(),
                    index.childCovering(first.range().start()).orElseThrow().range());
        }
    }

    @Test
    void timelineDensityCountsEveryVisibleMessage() throws Exception {
        List<ArkTestLogs.Written> written = ArkTestLogs.writeSmall(tmp, 20);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            var d = dev.vitrine.core.model.TimelineDensity.build(a, 1000);
            assertEquals(1024, d.bins());
            for (TimedMessages.ChannelInfo c : a.channels()) {
                long n = written.stream()
                        .filter(w -> w.channel().equals(c.name()))
                        .count();
                assertEquals(n, java.util.Arrays.stream(d.level(c.name(), 0)).sum());
                assertEquals(n, java.util.Arrays.stream(d.level(c.name(), 99)).sum());
                for (int px : new int[] {1, 7, 300, 5000}) {
                    assertEquals(
                            n,
                            java.util.Arrays.stream(d.columns(c.name(), d.minNs(), d.maxNs(), px))
                                    .sum(),
                            c.name() + " " + px);
                }
            }
        }
    }
}
