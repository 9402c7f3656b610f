package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `vitrine ls`, `export` and `create caf` on the reference sample and on a hostile chunk. */
class CafCliTest {
    @TempDir
    Path tmp;

    static String sample() {
        return Fixtures.path("caf/sample-ts-reference.caf").toString();
    }

    @Test
    void lsListsInDataOrderWithSizeAndOffset() {
        CliRun r = CliRun.of("ls", sample());
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(
                List.of(
                        " size  offset  name",
                        "  223       0  small-text.txt",
                        "  370     223  data.csv",
                        "    0     593  empty-file.txt",
                        "  451     593  nested/dir/config.json",
                        "51200    1044  large-binary.dat",
                        "   20   52244  unicode/über café ☃.txt"),
                r.out().lines().toList());
        CliRun j = CliRun.of("ls", "--json", sample());
        assertEquals(0, j.exit());
        assertTrue(j.out().contains("\"name\" : \"unicode/über café ☃.txt\""), j.out());
        assertTrue(j.out().contains("\"end\" : 52264"), j.out());
    }

    @Test
    void exportAllThenAgainSkipsAndNamedEntriesSelect() throws Exception {
        Path dest = tmp.resolve("out");
        CliRun r = CliRun.of("export", sample(), dest.toString());
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.out().startsWith("exported 6 files (52264 bytes)"), r.out());
        assertArrayEquals(
                Files.readAllBytes(Fixtures.path("caf/inputs/config.json")),
                Files.readAllBytes(dest.resolve("nested/dir/config.json")));
        r = CliRun.of("export", sample(), dest.toString(), "data.csv");
        assertEquals(0, r.exit(), "a skip is not a failure");
        assertTrue(r.stderr().contains("skipped: data.csv"), r.stderr());
        r = CliRun.of("export", sample(), dest.toString(), "--overwrite", "data.csv", "missing.txt");
        assertEquals(2, r.exit(), "a name that matches nothing is bad usage (the rest is still exported)");
        assertTrue(r.stderr().contains("no entry named \"missing.txt\""), r.stderr());
        assertTrue(r.out().startsWith("exported 1 file"), r.out());
    }

    @Test
    void exportRefusesEscapesExportsTheRestAndExitsOne() throws Exception {
        String json = "{\"format_version\":\"1.0\",\"files\":{\"../up.txt\":{\"start_byte\":0,\"end_byte\":2},"
                + "\"ok.txt\":{\"start_byte\":2,\"end_byte\":4}}}";
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("abcd".getBytes(StandardCharsets.UTF_8));
        byte[] idx = json.getBytes(StandardCharsets.UTF_8);
        b.writeBytes(idx);
        b.writeBytes(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(idx.length)
                .array());
        Path caf = Files.write(tmp.resolve("evil.caf"), b.toByteArray());
        Path parent = Files.createDirectories(tmp.resolve("parent"));
        CliRun r = CliRun.of("export", caf.toString(), parent.resolve("dest").toString());
        assertEquals(1, r.exit(), r.out() + r.stderr());
        assertTrue(r.stderr().contains("refused: ../up.txt"), r.stderr());
        assertEquals("cd", Files.readString(parent.resolve("dest/ok.txt")));
        try (Stream<Path> s = Files.list(parent)) {
            assertEquals(1, s.count());
        }
        assertFalse(Files.exists(tmp.resolve("up.txt")));
        CliRun v = CliRun.of("verify", caf.toString());
        assertEquals(1, v.exit());
        assertTrue(v.out().contains("unsafe name"), v.out());
    }

    @Test
    void exportOfAMissingArchiveIsUsageError() {
        assertEquals(
                2,
                CliRun.of(
                                "export",
                                tmp.resolve("nope.caf").toString(),
                                tmp.resolve("d").toString())
                        .exit());
        assertEquals(2, CliRun.of("ls", tmp.resolve("nope.caf").toString()).exit());
    }

    @Test
    void createCafPacksSplitsAndRefusesToOverwrite() throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in/sub"));
        Files.writeString(in.resolve("a.txt"), "a".repeat(600));
        Files.writeString(in.getParent().resolve("b.txt"), "b".repeat(600));
        Path out = tmp.resolve("o.caf");
        CliRun r =
                CliRun.of("create", "caf", "--max-size", "1K", tmp.resolve("in").toString(), out.toString());
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(Files.exists(tmp.resolve("o-1.caf")), r.out());
        CliRun ls = CliRun.of("ls", out.toString());
        assertTrue(ls.out().contains("b.txt"), ls.out());
        assertTrue(CliRun.of("ls", tmp.resolve("o-1.caf").toString()).out().contains("sub/a.txt"));
        assertEquals(
                2,
                CliRun.of("create", "caf", tmp.resolve("in").toString(), out.toString())
                        .exit());
        assertEquals(
                0,
                CliRun.of("create", "caf", "--overwrite", tmp.resolve("in").toString(), out.toString())
                        .exit());
        assertEquals(
                2,
                CliRun.of(
                                "create",
                                "caf",
                                "--max-size",
                                "lots",
                                tmp.resolve("in").toString(),
                                tmp.resolve("x.caf").toString())
                        .exit());
        assertEquals(0, CliRun.of("verify", out.toString()).exit());
    }
}
