package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.testing.Fixtures;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damage met while reading makes every command exit 1, after printing what was readable: an
 * index entry without start_byte (ls printed "?" and exited 0, info exited 0), a ZSS root that
 * cannot be read (tree printed "(unreadable)" and exited 0).
 */
class DamageExitsOneCliTest {
    @TempDir
    Path tmp;

    /** A CAF chunk: "abcd" then the index {@code json} and its footer. */
    static byte[] caf(String json) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("abcd".getBytes(StandardCharsets.UTF_8));
        byte[] idx = json.getBytes(StandardCharsets.UTF_8);
        b.writeBytes(idx);
        b.writeBytes(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(idx.length)
                .array());
        return b.toByteArray();
    }

    private Path noStart() throws Exception {
        return Files.write(
                tmp.resolve("nostart.caf"),
                caf(
                        "{\"format_version\":\"1.0\",\"files\":{\"a.txt\":{\"end_byte\":2},\"b.txt\":{\"start_byte\":2,\"end_byte\":4}}}"));
    }

    @Test
    void lsOfAnEntryWithoutStartPrintsTheListingAndTheProblemAndExitsOne() throws Exception {
        Path f = noStart();
        CliRun r = CliRun.of("ls", f.toString());
        assertEquals(1, r.exit(), r.out() + r.stderr());
        assertEquals(
                List.of("size  offset  name", "   2       2  b.txt", "   ?       ?  a.txt"),
                r.out().lines().toList());
        assertEquals(f + ": offset 37: entry \"a.txt\": start_byte is missing\n", r.stderr()); // the path as typed
        CliRun j = CliRun.of("ls", "--json", f.toString());
        assertEquals(1, j.exit());
        assertTrue(j.out().contains("\"name\" : \"b.txt\""), j.out());
    }

    @Test
    void infoTreeCatAndExportPrintWhatTheyCanAndExitOne() throws Exception {
        Path f = noStart();
        CliRun info = CliRun.of("info", f.toString());
        assertEquals(1, info.exit(), info.stderr());
        assertTrue(info.out().contains("total_files: 2"), info.out());
        assertTrue(info.stderr().contains("start_byte is missing"), info.stderr());
        CliRun tree = CliRun.of("tree", f.toString());
        assertEquals(1, tree.exit());
        assertTrue(tree.out().contains("b.txt  [file]  @2 +2"), tree.out());
        CliRun cat = CliRun.of("cat", f.toString(), "b.txt");
        assertEquals(1, cat.exit(), "the entry is intact, the archive is not");
        assertEquals("cd", cat.out());
        CliRun export = CliRun.of("export", f.toString(), tmp.resolve("out").toString(), "b.txt");
        assertEquals(1, export.exit(), export.stderr());
        assertEquals("cd", Files.readString(tmp.resolve("out/b.txt")));
        assertEquals(1, CliRun.of("verify", f.toString()).exit());
    }

    @Test
    void anIntactChunkStillExitsZeroEverywhere() {
        String f = Fixtures.path("caf/sample-ts-reference.caf").toString();
        for (String c : List.of("info", "ls", "tree")) {
            CliRun r = CliRun.of(c, f);
            assertEquals(0, r.exit(), c + ": " + r.stderr());
            assertEquals("", r.stderr(), c);
        }
        assertEquals(0, CliRun.of("cat", f, "data.csv").exit());
    }

    @ParameterizedTest
    @ValueSource(strings = {"root-checksum.zss", "truncated-root.zss"})
    void treeOfAnUnreadableRootExitsOneAndStillPrintsIt(String name) {
        CliRun r = CliRun.of("tree", Fixtures.path("zss/broken-files/" + name).toString());
        assertEquals(1, r.exit(), r.out() + r.stderr());
        assertTrue(r.out().startsWith(name + "  [zss-file]"), "the readable part is still printed: " + r.out());
        assertTrue(r.stderr().contains(name + ": offset "), r.stderr());
        assertFalse((r.out() + r.stderr()).contains("\tat "), "stack trace printed");
    }

    @Test
    void treeOfAnIntactFileExitsZero() {
        CliRun r = CliRun.of("tree", Fixtures.path("zss/letters-none.zss").toString());
        assertEquals(0, r.exit(), r.stderr());
    }
}
