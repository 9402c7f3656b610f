package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clp-s part of the command-line contract (issue #10, item 3) on real archives of every
 * format version: `info --json` fields, `ls` and `ls --json` of the ingested files, `export` of
 * them (names that climb or are absolute made safe), and `cat --query` with timestamp
 * literals, including the exit status and caret of a malformed one.
 */
class ClpsCliContractTest {
    /** One archive per format version (0.3.2, 0.4.0, 0.4.1, 0.5.0) and a zero-record one. */
    private static final List<String> ARCHIVES = List.of(
            "generated/archives/app-structurized.clps",
            "v0.4.0/archives/edge.clps",
            "v0.4.1/archives/app.clps",
            "v0.5.0/archives/app.clps",
            "made/archives/empty.clps");

    private static final List<String> HEADER_FIELDS = List.of(
            "magic_number",
            "patch_version",
            "minor_version",
            "major_version",
            "original_uncompressed_size",
            "compressed_archive_size",
            "reserved_padding1",
            "metadata_section_size",
            "compression_type",
            "reserved_padding2");
    private static final List<String> FILES =
            List.of("/schema_tree", "/schema_ids", "/table_metadata", "/var.dict", "/log.dict", "/array.dict", "/0");

    private static String archive(String rel) {
        return Fixtures.path("clp-s/" + rel).toString();
    }

    private static JsonNode json(CliRun r) throws Exception {
        return Json.MAPPER.readTree(r.out());
    }

    @Test
    void infoNamesEveryHeaderFieldPacketFileCountAndTimestampRange() throws Exception {
        for (String rel : ARCHIVES) {
            CliRun r = CliRun.of("info", "--json", archive(rel));
            assertEquals(0, r.exit(), rel + ": " + r.stderr());
            JsonNode info = json(r);
            for (String f : HEADER_FIELDS) assertTrue(info.get("header").has(f), rel + ": header." + f);
            assertEquals("FD2FC530", info.get("header").get("magic_number").asText());
            assertEquals(
                    Files.size(Path.of(archive(rel))),
                    info.get("header").get("compressed_archive_size").asLong(),
                    rel);

            JsonNode packets = info.get("metadata").get("packets");
            assertEquals(info.get("metadata").get("num_packets").asInt(), packets.size(), rel);
            long end = 1; // after the u8 packet count
            for (JsonNode p : packets) {
                for (String f : List.of("type", "name", "offset", "payload_offset", "size", "value"))
                    assertTrue(p.has(f), rel + ": packet." + f);
                assertEquals(end, p.get("offset").asLong(), rel + ": packets follow each other");
                assertEquals(
                        p.get("offset").asLong() + 5, p.get("payload_offset").asLong(), rel);
                end = p.get("payload_offset").asLong() + p.get("size").asLong();
            }
            assertEquals(
                    info.get("metadata").get("decompressed_size").asLong(),
                    end,
                    rel + ": the packets fill the section");

            List<String> names = new ArrayList<>();
            for (JsonNode f : info.get("files")) {
                names.add(f.get("name").asText());
                assertTrue(f.get("size").asLong() >= 0 && f.has("offset") && f.has("file_offset"), rel + ": " + f);
            }
            assertEquals(FILES, names, rel);

            JsonNode counts = info.get("counts");
            for (String c : List.of(
                    "records",
                    "tables",
                    "schemas",
                    "var.dict_entries",
                    "log.dict_entries",
                    "array.dict_entries",
                    "timestamp_ranges",
                    "range_index_entries")) {
                assertTrue(counts.has(c) && counts.get(c).isNumber(), rel + ": counts." + c);
            }
            CliRun cat = CliRun.of("cat", archive(rel));
            assertEquals(
                    counts.get("records").asLong(),
                    cat.out().lines().count(),
                    rel + ": counts.records is what cat prints");
            assertEquals(
                    counts.get("timestamp_ranges").asInt(),
                    info.get("timestamp_ranges").size(),
                    rel);
        }
    }

    @Test
    void timestampRangesReadAsUtc() throws Exception {
        JsonNode ranges = json(CliRun.of("info", "--json", archive("v0.4.1/archives/app.clps")))
                .get("timestamp_ranges");
        assertEquals(1, ranges.size());
        assertEquals("timestamp", ranges.get(0).get("key").asText());
        assertEquals(1710408413094L, ranges.get(0).get("start").asLong());
        assertEquals("2024-03-14T09:26:53.094Z", ranges.get(0).get("start_utc").asText());
        assertEquals("2024-03-14T09:33:43.914Z", ranges.get(0).get("end_utc").asText());
        String text = CliRun.of("info", archive("v0.5.0/archives/app.clps")).out();
        assertTrue(text.contains("2024-03-14T09:33:43.914Z"), text);
    }

    @Test
    void lsListsEachIngestedFileWithSplitAndRecordRange() throws Exception {
        String multi = archive("generated/archives/sts135-multifile.clps");
        CliRun r = CliRun.of("ls", multi);
        assertEquals(0, r.exit(), r.stderr());
        List<String> lines = r.out().lines().toList();
        assertEquals("records  split  name", lines.get(0));
        assertEquals("    0-7      0  sts-135-2011-07-08.jsonl", lines.get(1));
        assertEquals("  32-39      0  sts-135-2011-07-21.jsonl", lines.get(5));
        assertEquals(6, lines.size());

        JsonNode ls = json(CliRun.of("ls", "--json", archive("v0.5.0/archives/app.clps")));
        assertEquals(1, ls.size());
        JsonNode e = ls.get(0);
        assertEquals("app.ndjson", e.get("name").asText());
        assertTrue(
                e.get("size").isNull()
                        && e.get("offset").isNull()
                        && e.get("end").isNull(),
                e.toString());
        assertEquals(0, e.get("split_number").asInt());
        assertEquals(0, e.get("first_record").asLong());
        assertEquals(3000, e.get("end_record").asLong());
        assertEquals("app.ndjson", e.get("fields").get("_filename").asText());
        assertNotNull(e.get("fields").get("_archive_creator_id"));

        assertEquals(
                List.of("size  offset  name"),
                CliRun.of("ls", archive("made/archives/empty.clps"))
                        .out()
                        .lines()
                        .toList(),
                "a zero-record archive lists no file");
    }

    @Test
    void exportWritesEachFilesRecordsBack(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("export", archive("generated/archives/sts135-multifile.clps"), dir.toString());
        assertEquals(0, r.exit(), r.stderr());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(5, files.count());
        }
        List<String> got = Files.readAllLines(dir.resolve("sts-135-2011-07-11.jsonl"));
        List<String> want = Files.readAllLines(Fixtures.path("clp-s/kql/sts135/sts-135-2011-07-11.jsonl"));
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
            assertEquals(Json.MAPPER.readTree(want.get(i)), Json.MAPPER.readTree(got.get(i)), "record " + i);
        }
    }

    @Test
    void exportMakesNamesThatClimbOrAreAbsoluteSafe(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("a/b/out"));
        String hostile = archive("made/archives/hostile-names.clps");
        CliRun ls = CliRun.of("ls", hostile);
        assertTrue(ls.out().contains(" h/sub/a.jsonl") && ls.out().contains(" tmp/tsx/h/b.jsonl"), ls.out());
        JsonNode json = json(CliRun.of("ls", "--json", hostile));
        assertEquals(
                "../../h/sub/../sub/a.jsonl",
                json.get(0).get("fields").get("_filename").asText(),
                "the original name is kept beside the safe one");
        CliRun r = CliRun.of("export", hostile, dir.toString());
        assertEquals(0, r.exit(), r.stderr());
        try (Stream<Path> all = Files.walk(tmp)) {
            assertEquals(
                    List.of("a/b/out/h/sub/a.jsonl", "a/b/out/tmp/tsx/h/b.jsonl"),
                    all.filter(Files::isRegularFile)
                            .map(p -> tmp.relativize(p).toString())
                            .sorted()
                            .toList(),
                    "both files are written, under the export folder only");
        }
        assertEquals(
                Files.readAllLines(Fixtures.path("clp-s/kql-timestamps/input/iso.jsonl"))
                        .size(),
                Files.readAllLines(dir.resolve("h/sub/a.jsonl")).size());
    }

    @Test
    void catQueriesTimestampsAsClpsDoes() throws Exception {
        String iso = archive("kql-timestamps/archives/iso.clps");
        CliRun r = CliRun.of("cat", "--query", "ts > timestamp(\"2024-03-14T09:26:59Z\") AND level: WARN", iso);
        assertEquals(0, r.exit(), r.stderr());
        List<Integer> is = r.out()
                .lines()
                .map(l -> {
                    try {
                        return Json.MAPPER.readTree(l).get("i").asInt();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                })
                .toList();
        assertEquals(List.of(5, 7), is);
        assertEquals(
                "",
                CliRun.of("cat", "--query", "ts: \"2024-03-14T09:26:59.148Z\"", iso)
                        .out(),
                "a string never equals a timestamp column");

        CliRun bad = CliRun.of("cat", "--query", "ts > timestamp(\"2024-02-30T09:26:59Z\")", iso);
        assertEquals(2, bad.exit());
        List<String> err = bad.stderr().lines().toList();
        assertTrue(err.get(0).startsWith("vitrine: --query: timestamp \"2024-02-30T09:26:59Z\""), err.get(0));
        assertEquals("  ts > timestamp(\"2024-02-30T09:26:59Z\")", err.get(1));
        assertEquals("                 ^", err.get(2));
    }
}
