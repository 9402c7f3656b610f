package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.model.Severity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** info() of one archive of each version: header fields, packets, files-section entries, counts. */
class ClpsInfoTest {
    @ParameterizedTest
    @CsvSource({
        "generated/archives/edge.clps, 0.3.2, 35",
        "v0.4.0/archives/edge.clps, 0.4.0, 35",
        "v0.4.1/archives/edge.clps, 0.4.1, 35",
        "v0.5.0/archives/edge.clps, 0.5.0, 35"
    })
    void infoOfEachVersion(String file, String version, long records) throws Exception {
        byte[] b = ClpsTestFiles.bytes(file);
        try (ClpsArchive a = ClpsTestFiles.open(b)) {
            JsonNode i = a.info();
            assertEquals(version, i.get("header").get("version").asText());
            assertTrue(i.get("header").get("version_known").asBoolean());
            assertEquals(
                    String.valueOf(b.length),
                    i.get("header").get("compressed_archive_size").asText());
            assertEquals("FD2FC530", i.get("header").get("magic_number").asText());
            JsonNode packets = i.get("metadata").get("packets");
            assertEquals(4, packets.size());
            assertEquals("ArchiveInfo", packets.get(0).get("name").asText());
            assertEquals(1, packets.get(0).get("value").get("num_segments").asInt());
            assertEquals("ArchiveFileInfo", packets.get(1).get("name").asText());
            assertEquals("TimestampDictionary", packets.get(2).get("name").asText());
            assertEquals(
                    "timestamp",
                    packets.get(2).get("value").get("ranges").get(0).get("key").asText());
            assertEquals("RangeIndex", packets.get(3).get("name").asText());
            assertEquals(35, packets.get(3).get("value").get(0).get("e").asLong());
            assertEquals(1, packets.get(0).get("offset").asInt());
            JsonNode files = i.get("files");
            assertEquals("/schema_tree", files.get(0).get("name").asText());
            assertEquals(0, files.get(0).get("offset").asLong());
            assertEquals("/0", files.get(files.size() - 1).get("name").asText());
            assertEquals(records, i.get("counts").get("records").asLong());
            assertTrue(i.get("counts").get("schemas").asLong() > 1);
            assertTrue(i.get("counts").get("var.dict_entries").asLong() > 0);
            assertEquals(1, i.get("counts").get("timestamp_ranges").asInt());
        }
    }

    @ParameterizedTest
    @CsvSource({"0, 6, 0", "0, 9, 9", "1, 0, 0"})
    void unknownVersionIsSaidPlainlyButHeaderAndPacketsStillShow(int major, int minor, int patch) throws Exception {
        byte[] b = ClpsTestFiles.bytes("v0.5.0/archives/floats.clps");
        b[4] = (byte) patch;
        b[6] = (byte) minor;
        b[7] = (byte) major;
        try (ClpsArchive a = ClpsTestFiles.open(b)) {
            assertTrue(a.openProblems().stream()
                    .anyMatch(p ->
                            p.severity() == Severity.WARNING && p.message().contains("not one this reader knows")));
            assertEquals(4, a.info().get("metadata").get("packets").size());
            assertEquals(
                    major + "." + minor + "." + patch,
                    a.info().get("header").get("version").asText());
        }
    }
}
