package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 9 on the command line: overlapping entries, the output limit, clashes, deceptive names. */
class CafHostileCliTest {
    @TempDir
    Path tmp;

    Path caf(String name, byte[] data, String json) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(data);
        byte[] idx = json.getBytes(StandardCharsets.UTF_8);
        b.writeBytes(idx);
        b.writeBytes(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(idx.length)
                .array());
        return Files.write(tmp.resolve(name), b.toByteArray());
    }

    static String files(String body) {
        return "{\"format_version\":\"1.0\",\"files\":{" + body + "}}";
    }

    @Test
    void twoOverlappingEntriesExitOneAndNameTheEntryAndItsOffset() throws Exception {
        Path f = caf(
                "overlap.caf",
                "0123456789AB".getBytes(StandardCharsets.UTF_8),
                files(
                        "\"a.txt\":{\"start_byte\":0,\"end_byte\":6},\"b.txt\":{\"start_byte\":4,\"end_byte\":10},\"c.txt\":{\"start_byte\":10,\"end_byte\":12}"));
        assertEquals(1, CliRun.of("verify", f.toString()).exit());
        CliRun r = CliRun.of("export", f.toString(), tmp.resolve("out").toString());
        assertEquals(1, r.exit(), r.stderr());
        assertTrue(
                r.stderr()
                        .contains(
                                "refused: b.txt: its bytes at offset 4 [4, 10) overlap those of entry \"a.txt\" [0, 6)"),
                r.stderr());
        assertTrue(r.stderr().contains("--allow-overlaps"), r.stderr());
        assertTrue(r.out().startsWith("exported 2 files (8 bytes)"), r.out());
        assertFalse(Files.exists(tmp.resolve("out/b.txt")));
        assertEquals("AB", Files.readString(tmp.resolve("out/c.txt")));

        r = CliRun.of(
                "export", "--allow-overlaps", f.toString(), tmp.resolve("all").toString());
        assertEquals(1, r.exit(), "the archive is still damaged: " + r.stderr());
        assertTrue(r.stderr().contains("overlap: b.txt: its bytes at offset 4"), r.stderr());
        assertEquals("456789", Files.readString(tmp.resolve("all/b.txt")));

        r = CliRun.of("export", f.toString(), tmp.resolve("one").toString(), "b.txt");
        assertEquals(1, r.exit(), "alone it still overlaps a.txt: " + r.stderr());
        assertTrue(
                r.stderr().contains("refused: b.txt: its bytes at offset 4 [4, 10) overlap those of entry \"a.txt\""),
                r.stderr());
        CliRun c = CliRun.of("export", f.toString(), tmp.resolve("two").toString(), "c.txt");
        assertFalse(c.stderr().contains("refused: c.txt"), "c.txt overlaps nothing: " + c.stderr());
        assertEquals("AB", Files.readString(tmp.resolve("two/c.txt")));
    }

    @Test
    void entriesSharingOneMegabyteNeverWriteMoreThanTheLimit() throws Exception {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 2000; i++)
            body.append(i == 0 ? "" : ",").append("\"c").append(i).append("\":{\"start_byte\":0,\"end_byte\":1048576}");
        Path f = caf("bomb.caf", new byte[1 << 20], files(body.toString()));
        CliRun r = CliRun.of("export", f.toString(), tmp.resolve("out").toString());
        assertEquals(1, r.exit());
        assertTrue(r.out().startsWith("exported 1 file (1048576 bytes)"), r.out());
        assertTrue(r.out().contains("1999 refused"), r.out());

        r = CliRun.of(
                "export",
                "--allow-overlaps",
                "--max-output",
                "3M",
                f.toString(),
                tmp.resolve("more").toString());
        assertEquals(1, r.exit());
        assertTrue(r.out().startsWith("exported 3 files (3145728 bytes)"), r.out());
        assertTrue(r.out().contains("stopped at the output limit"), r.out());
        assertTrue(
                r.stderr()
                        .contains(
                                "export stopped at entry c3 (offset 0): writing its 1048576 bytes (stored at offset 0) would take the export to 4194304 bytes, past the output limit of 3145728 bytes"),
                r.stderr());
        assertTrue(r.stderr().contains("--max-output BYTES raises it (1997 entries not exported)"), r.stderr());

        // Without --max-output the limit is the archive's: named with its rule.
        assertEquals(1L << 20, ExportCommand.parseSize("1M"));
        assertEquals(-1, ExportCommand.parseSize("lots"));
        assertEquals(
                2,
                CliRun.of(
                                "export",
                                "--max-output",
                                "lots",
                                f.toString(),
                                tmp.resolve("x").toString())
                        .exit());
    }

    @Test
    void aFileAndAFolderOfOneNameAreDamageAndTheRestIsExported() throws Exception {
        Path f = caf(
                "clash.caf",
                "0123456789".getBytes(StandardCharsets.UTF_8),
                files(
                        "\"a\":{\"start_byte\":0,\"end_byte\":2},\"a/b\":{\"start_byte\":2,\"end_byte\":4},\"z\":{\"start_byte\":4,\"end_byte\":10}"));
        CliRun v = CliRun.of("verify", f.toString());
        assertEquals(1, v.exit(), v.out() + v.stderr());
        assertTrue(
                (v.out() + v.stderr()).contains("entry \"a\" is a file, but entry \"a/b\" needs it to be a folder"),
                v.out() + v.stderr());
        CliRun r = CliRun.of("export", f.toString(), tmp.resolve("out").toString());
        assertEquals(1, r.exit());
        assertTrue(r.stderr().contains("failed: a/b: its folder \"a\" is a file in this export"), r.stderr());
        assertEquals("456789", Files.readString(tmp.resolve("out/z")));
        assertEquals("01", Files.readString(tmp.resolve("out/a")));
    }

    @Test
    void namesThatDisplayAsOtherNamesAreEscapedInLsAndWarnedByVerify() throws Exception {
        Path f = caf(
                "bidi.caf",
                "0123".getBytes(StandardCharsets.UTF_8),
                files(
                        "\"rtl\u202etxt.exe\":{\"start_byte\":0,\"end_byte\":2},\"plain.txt\":{\"start_byte\":2,\"end_byte\":4}"));
        CliRun ls = CliRun.of("ls", f.toString());
        assertEquals(0, ls.exit());
        assertFalse(ls.out().contains("\u202e"), "the terminal never gets the override");
        assertTrue(ls.out().contains("\"rtl\\u202etxt.exe\""), ls.out());
        assertTrue(ls.out().contains("  plain.txt"), ls.out());
        CliRun v = CliRun.of("verify", f.toString());
        String all = v.out() + v.stderr();
        assertTrue(
                all.contains("warning: ") && all.contains("displays differently from what it is: bidi control U+202E"),
                all);
        assertFalse(all.contains("\u202e"), all);
    }
}
