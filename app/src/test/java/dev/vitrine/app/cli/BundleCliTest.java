package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `create bundle`, then `ls --json` lists files and folders with the contract's keys, and `verify` passes. */
class BundleCliTest {
    @TempDir
    Path temp;

    @Test
    void aBundleWeWroteListsItsFilesAndFoldersWithShardOffsetsAndChecksums() throws Exception {
        Path in = temp.resolve("in");
        Files.createDirectories(in.resolve("sub/empty"));
        Files.writeString(in.resolve("a.txt"), "hello\n");
        Files.write(in.resolve("sub/b.bin"), new byte[70_000]);
        Path bundle = temp.resolve("bundle");
        assertEquals(0, CliRun.of("create", "bundle", "--compression", "zstd", in.toString(), bundle.toString()).exit());

        CliRun ls = CliRun.of("ls", "--json", bundle.toString());
        assertEquals(0, ls.exit(), ls.stderr());
        JsonNode list = Json.MAPPER.readTree(new String(ls.stdout(), StandardCharsets.UTF_8));
        assertEquals(4, list.size(), list.toString());
        JsonNode a = list.get(0);
        assertEquals("a.txt", a.get("name").asText());
        assertEquals(6, a.get("size").asLong());
        assertEquals("file", a.get("type").asText());
        assertTrue(a.has("shard") && a.has("offset") && a.has("crc32c"), a.toString());
        assertTrue(list.findValuesAsText("name").contains("sub/empty"), "empty folders are listed");
        assertEquals(0, CliRun.of("verify", bundle.toString()).exit());
        assertEquals("hello\n", new String(CliRun.of("cat", bundle.toString(), "a.txt").stdout(), StandardCharsets.UTF_8));
    }
}
