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
        assertEquals(
                0,
                CliRun.of("create", "bundle", "--compression", "zstd", in.toString(), bundle.toString())
                        .exit());

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
        assertEquals(
                "hello\n",
                new String(CliRun.of("cat", bundle.toString(), "a.txt").stdout(), StandardCharsets.UTF_8));
        for (String folder : new String[] {"sub/empty", "sub/empty/"}) {
            CliRun cat = CliRun.of("cat", bundle.toString(), folder);
            assertEquals(2, cat.exit());
            assertEquals(
                    "vitrine: " + bundle + ": \"" + folder
                            + "\" is a folder; cat writes one stored file (`vitrine export " + bundle + " DIR " + folder
                            + "` writes a folder)\n",
                    cat.stderr());
        }
    }

    @Test
    void exportWritesTheEmptyFoldersTooAndNeverThroughALinkInTheDestination() throws Exception {
        Path in = temp.resolve("in");
        Files.createDirectories(in.resolve("sub/empty"));
        Files.writeString(in.resolve("sub/f.txt"), "x");
        Path bundle = temp.resolve("bundle");
        assertEquals(
                0,
                CliRun.of("create", "bundle", in.toString(), bundle.toString()).exit());

        Path out = temp.resolve("out");
        CliRun all = CliRun.of("export", bundle.toString(), out.toString());
        assertEquals(0, all.exit(), all.stderr());
        assertTrue(Files.isDirectory(out.resolve("sub/empty")), "the empty folder is exported");

        // a shard gone: each file's failure names it, with no "offset -1" for a problem of the whole shard
        Path broken = temp.resolve("broken");
        Files.createDirectories(broken);
        try (var parts = Files.list(bundle)) {
            for (Path p : parts.toList()) {
                if (Files.isDirectory(p)) {
                    Files.createDirectories(broken.resolve(p.getFileName()));
                    try (var idx = Files.list(p)) {
                        for (Path f : idx.toList())
                            Files.copy(f, broken.resolve(p.getFileName()).resolve(f.getFileName()));
                    }
                }
            }
        }
        CliRun missing =
                CliRun.of("export", broken.toString(), temp.resolve("out2").toString());
        assertEquals(1, missing.exit(), missing.stderr());
        assertTrue(missing.stderr().contains("failed: sub/f.txt: shard-00000000: "), missing.stderr());
        assertTrue(!missing.stderr().contains("offset -1"), missing.stderr());

        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Path trap = temp.resolve("trap");
        Files.createDirectories(trap);
        Files.createSymbolicLink(trap.resolve("sub"), elsewhere);
        CliRun linked = CliRun.of("export", bundle.toString(), trap.toString());
        assertEquals(1, linked.exit(), "refused entries and folders make exit 1: " + linked.stderr());
        try (var s = Files.list(elsewhere)) {
            assertEquals(0, s.count(), "nothing was written through the link");
        }
    }

    @Test
    void lsAlignsStreamOffsetsLongerThanAnyByteOffset() throws Exception {
        // 1.1 MB of zeros is stored as all-zero records (no bytes), so b.txt's stream offset has
        // more digits than any shard byte offset: the column must still fit it.
        Path in = temp.resolve("in");
        Files.createDirectories(in);
        Files.write(in.resolve("a.bin"), new byte[1_100_000]);
        Files.writeString(in.resolve("b.txt"), "x");
        Path bundle = temp.resolve("bundle");
        assertEquals(
                0,
                CliRun.of("create", "bundle", in.toString(), bundle.toString()).exit());

        CliRun ls = CliRun.of("ls", bundle.toString());
        assertEquals(0, ls.exit(), ls.stderr());
        String[] lines = new String(ls.stdout(), StandardCharsets.UTF_8).split("\\R");
        assertEquals(3, lines.length, String.join("\n", lines));
        assertTrue(lines[2].endsWith("  1100000  b.txt"), lines[2]);
        assertEquals(lines[1].indexOf("a.bin"), lines[2].indexOf("b.txt"), "names start in one column");
    }
}
