package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Dictionaries;
import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.model.PacketStream;
import dev.vitrine.core.model.SchemaTree;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generic capabilities the window's clp-s views are built on, against a real 0.5.0 archive. */
class ClpsCapabilitiesTest {

    @Test
    void packetsSchemaDictionariesAndRecordsOfARealArchive() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("v0.5.0/archives/app.clps"))) {
            PacketStream ps = a.capability(PacketStream.class).orElseThrow();
            List<PacketStream.Packet> packets = ps.packets();
            assertEquals(
                    List.of("ArchiveInfo", "ArchiveFileInfo", "TimestampDictionary", "RangeIndex"),
                    packets.stream().map(PacketStream.Packet::type).toList());
            assertEquals(
                    ps.sectionLength(),
                    packets.getLast().offset() + packets.getLast().length(),
                    "the packets fill the section");
            assertTrue(packets.get(1).decoded().offset() == packets.get(1).offset());
            assertEquals(List.of(1, 3), packets.get(3).nodePath());

            SchemaTree st = a.capability(SchemaTree.class).orElseThrow();
            SchemaTree.KeyNode level = st.keyNodes().stream()
                    .filter(n -> n.key().equals("level"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(3000, level.records());
            assertTrue(
                    st.schemas().stream().mapToLong(SchemaTree.Schema::records).sum() == 3000);
            assertFalse(st.columnBytes().isEmpty());

            Dictionaries d = a.capability(Dictionaries.class).orElseThrow();
            assertEquals(List.of("var.dict", "log.dict", "array.dict"), d.names());
            assertTrue(d.entryCount("log.dict") > 0);
            assertTrue(d.entries("log.dict", 0, 5).stream()
                    .anyMatch(e -> e.chars().anyMatch(c -> c >= 0x11 && c <= 0x13)));

            FilterableRecords fr = a.capability(FilterableRecords.class).orElseThrow();
            assertEquals(3000, fr.recordCount());
            List<String> cols = fr.keyPaths(50).stream()
                    .map(FilterableRecords.KeyPath::dotted)
                    .toList();
            assertTrue(cols.indexOf("timestamp") < cols.indexOf("http.client.ip"), cols.toString());
            String first = new String(
                            ClpsTestFiles.gunzip("v0.5.0/outputs/app.ordered.jsonl.gz"), StandardCharsets.UTF_8)
                    .lines()
                    .findFirst()
                    .orElseThrow();
            assertEquals(first, fr.lines(0, 1).getFirst());
        }
    }
}
