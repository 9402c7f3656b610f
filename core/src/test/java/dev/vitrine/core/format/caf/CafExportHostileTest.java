package dev.vitrine.core.format.caf;

import static dev.vitrine.core.format.caf.CafTestFiles.ascii;
import static dev.vitrine.core.format.caf.CafTestFiles.caf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.export.ExportLimit;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 9: export must not amplify, must name damaged entries, file/folder clashes, deceptive names. */
class CafExportHostileTest {
    static final int MIB = 1 << 20;

    @TempDir
    Path tmp;

    /** {@code n} entries that all point at the same {@code size} bytes: a bomb in disguise. */
    static byte[] sameBytes(int n, int size) {
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < n; i++) {
            files.append(i == 0 ? "" : ",")
                    .append("\"copy-")
                    .append(i)
                    .append(".bin\":{\"start_byte\":0,\"end_byte\":")
                    .append(size)
                    .append('}');
        }
        return caf(new byte[size], "{\"format_version\":\"1.0\",\"files\":{" + files + "}}");
    }

    static long bytesUnder(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
    }

    @Test
    void entriesThatShareBytesAreRefusedAndNamedWithTheirOffset() throws Exception {
        try (CafArchive a = CafTestFiles.open(sameBytes(5000, MIB))) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all(a).contents(), tmp.resolve("out"));
            assertFalse(r.ok());
            assertEquals(1, r.exported().size(), "the first claimant keeps its bytes");
            assertEquals(MIB, r.bytes());
            assertEquals(4999, r.refused().size());
            assertEquals(4999, r.overlaps().size());
            ExportReport.Refused first = r.refused().getFirst();
            assertTrue(
                    first.reason().contains("at offset 0 [0, 1048576) overlap those of entry \"copy-0.bin\""),
                    first::toString);
            assertTrue(r.overlaps().stream().noneMatch(ExportReport.Overlap::exported));
        }
        assertEquals(MIB, bytesUnder(tmp.resolve("out")));
    }

    @Test
    void allowedOverlapsStillStopAtTheOutputLimit() throws Exception {
        byte[] bytes = sameBytes(5000, MIB);
        try (CafArchive a = CafTestFiles.open(bytes)) {
            ExportLimit limit = ExportLimit.of(a, Limits.DEFAULT);
            assertEquals(bytes.length, limit.archiveBytes());
            assertEquals(bytes.length + (1L << 30), limit.bytes(), "small archives get their size + 1 GiB");
            // A tighter limit, so the test writes megabytes, not a gigabyte.
            ExportOptions opts = ExportOptions.DEFAULT.withOverlapsAllowed(true).withMaxOutput(4L * MIB);
            ExportReport r = new Exporter(opts).export(ListingSelection.all(a).contents(), tmp.resolve("out"));
            assertFalse(r.ok());
            assertEquals(4, r.exported().size());
            assertEquals(3, r.overlaps().size(), "allowed overlaps are still reported");
            assertTrue(r.overlaps().stream().allMatch(ExportReport.Overlap::exported));
            assertNotNull(r.stop());
            assertEquals("copy-4.bin", r.stop().name());
            assertEquals(0, r.stop().offset());
            assertEquals(4996, r.stop().remaining());
            assertTrue(r.stop().reason().contains("output limit of 4194304 bytes"), r.stop()::toString);
            assertEquals(5000, r.total());
        }
        assertEquals(4L * MIB, bytesUnder(tmp.resolve("out")));
    }

    @Test
    void theLimitIsTiedToTheArchiveSize() {
        Limits l = Limits.DEFAULT;
        assertEquals(4L << 30, l.maxExportBytes(1L << 30));
        assertEquals((10L << 20) + (1L << 30), l.maxExportBytes(10L << 20));
        assertEquals(Long.MAX_VALUE, l.maxExportBytes(Long.MAX_VALUE / 2));
        assertTrue(l.exportRule().contains("4 × the archive's size"), l.exportRule());
        assertTrue(l.exportRule().contains("+ 1 GiB"), l.exportRule());
    }

    @Test
    void theLimitCountsDecodedBytesSoCompressedContentIsCoveredToo() throws Exception {
        // Content with no stored range (e.g. decoded from shared compressed blocks): no overlap to see, but bytes
        // count.
        List<Content> contents = List.of(decoded("a.bin", 600), decoded("b.bin", 600), decoded("c.bin", 600));
        ExportReport r = new Exporter(ExportOptions.DEFAULT.withMaxOutput(1000)).export(contents, tmp.resolve("out"));
        assertEquals(1, r.exported().size());
        assertEquals("b.bin", r.stop().name());
        assertEquals(-1, r.stop().offset());
        assertEquals(2, r.stop().remaining());
        assertFalse(Files.exists(tmp.resolve("out/b.bin")));
        assertFalse(r.ok());
    }

    static Content decoded(String name, int size) {
        return new Content() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long size() {
                return size;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(new byte[size]);
            }
        };
    }

    @Test
    void twoOverlappingEntriesAreDamageThatExportNames() throws Exception {
        String json =
                "{\"format_version\":\"1.0\",\"files\":{\"a.txt\":{\"start_byte\":0,\"end_byte\":6},\"b.txt\":{\"start_byte\":4,\"end_byte\":10},"
                        + "\"c.txt\":{\"start_byte\":10,\"end_byte\":12}}}";
        byte[] bytes = caf(ascii("0123456789AB"), json);
        assertTrue(CafTestFiles.verify(bytes).stream()
                .anyMatch(p -> p.severity() == Severity.ERROR && p.message().contains("overlaps")));
        try (CafArchive a = CafTestFiles.open(bytes)) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all(a).contents(), tmp.resolve("out"));
            assertFalse(r.ok(), "verify says damaged, so export is not a success");
            assertEquals(
                    List.of("a.txt", "c.txt"),
                    r.exported().stream().map(ExportReport.Exported::name).toList(),
                    "the rest is exported");
            assertEquals("b.txt", r.refused().getFirst().name());
            assertTrue(
                    r.refused()
                            .getFirst()
                            .reason()
                            .contains("at offset 4 [4, 10) overlap those of entry \"a.txt\" [0, 6)"),
                    r::toString);
            assertEquals(4, r.overlaps().getFirst().offset());
        }
        assertEquals("012345", Files.readString(tmp.resolve("out/a.txt")));
        assertEquals("AB", Files.readString(tmp.resolve("out/c.txt")));
        // Chosen on its own, b.txt still overlaps a.txt, which stays in the archive.
        try (CafArchive a = CafTestFiles.open(bytes)) {
            ListingSelection.Selection sel = ListingSelection.select(a, List.of("b.txt"));
            ExportReport r =
                    new Exporter(ExportOptions.DEFAULT).export(sel.contents(), tmp.resolve("one"), sel.others());
            assertFalse(r.ok());
            assertTrue(
                    r.refused().getFirst().reason().contains("overlap those of entry \"a.txt\" [0, 6)"), r::toString);
            ListingSelection.Selection c = ListingSelection.select(a, List.of("c.txt"));
            assertTrue(
                    new Exporter(ExportOptions.DEFAULT)
                            .export(c.contents(), tmp.resolve("two"), c.others())
                            .ok(),
                    "c.txt overlaps nothing");
        }
    }

    @Test
    void aFileAndAFolderOfTheSameNameAreAnErrorAndExportWritesTheRest() throws Exception {
        String json =
                "{\"format_version\":\"1.0\",\"files\":{\"a\":{\"start_byte\":0,\"end_byte\":2},\"a/b\":{\"start_byte\":2,\"end_byte\":4},"
                        + "\"a/c\":{\"start_byte\":4,\"end_byte\":6},\"z\":{\"start_byte\":6,\"end_byte\":10}}}";
        byte[] bytes = caf(ascii("0123456789"), json);
        List<Problem> ps = CafTestFiles.verify(bytes);
        long keyOfA = 10 + json.indexOf("\"a\":");
        Problem clash = ps.stream()
                .filter(p -> p.severity() == Severity.ERROR && p.offset() == keyOfA)
                .findFirst()
                .orElseThrow(() -> new AssertionError(ps));
        assertTrue(
                clash.message()
                        .contains("entry \"a\" is a file, but entry \"a/b\" (and 1 more) needs it to be a folder"),
                clash::toString);
        assertEquals(1, ps.size(), ps::toString);
        try (CafArchive a = CafTestFiles.open(bytes)) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all(a).contents(), tmp.resolve("out"));
            assertFalse(r.ok());
            assertEquals(
                    List.of("a", "z"),
                    r.exported().stream().map(ExportReport.Exported::name).toList());
            assertEquals(
                    List.of("a/b", "a/c"),
                    r.failed().stream().map(ExportReport.Failed::name).toList());
            assertTrue(
                    r.failed().getFirst().reason().contains("its folder \"a\" is a file in this export (entry \"a\")"),
                    r::toString);
            assertTrue(r.refused().isEmpty(), r::toString);
        }
        // The other order: the folder comes first in data order, the file of its name is refused.
        String json2 =
                "{\"format_version\":\"1.0\",\"files\":{\"a/b\":{\"start_byte\":0,\"end_byte\":2},\"a\":{\"start_byte\":2,\"end_byte\":4}}}";
        byte[] bytes2 = caf(ascii("0123"), json2);
        assertTrue(CafTestFiles.verify(bytes2).stream()
                .anyMatch(p -> p.severity() == Severity.ERROR && p.offset() == 4 + json2.indexOf("\"a\":")));
        try (CafArchive a = CafTestFiles.open(bytes2)) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all(a).contents(), tmp.resolve("out2"));
            assertEquals(
                    List.of("a/b"),
                    r.exported().stream().map(ExportReport.Exported::name).toList());
            assertTrue(
                    r.failed()
                            .getFirst()
                            .reason()
                            .contains("\"a\" is a folder in this export (entry \"a/b\" is in it)"),
                    r::toString);
        }
    }

    @Test
    void namesThatDisplayAsOtherNamesAreWarningsAndQuotedEscaped() throws Exception {
        String[] names = {
            "rtl\u202etxt.exe",
            "zero\u200bwidth",
            "iso\u2066late\u2069",
            "lrm\u200e",
            "bom\ufeff",
            "soft\u00adhyphen",
            "tag\udb40\udc01",
            "filler\u3164",
            "line\u2028sep"
        };
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            files.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(names[i])
                    .append("\":{\"start_byte\":")
                    .append(i)
                    .append(",\"end_byte\":")
                    .append(i + 1)
                    .append('}');
        }
        String json = "{\"format_version\":\"1.0\",\"files\":{" + files + "}}";
        byte[] data = ascii("x".repeat(names.length));
        List<Problem> ps = CafTestFiles.verify(caf(data, json));
        assertEquals(names.length, ps.size(), ps::toString);
        for (String n : names) {
            long key = data.length
                    + json.substring(0, json.indexOf("\"" + n + "\":"))
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)
                            .length;
            Problem p = ps.stream()
                    .filter(x -> x.offset() == key)
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(n + " " + ps));
            assertEquals(Severity.WARNING, p.severity());
            assertTrue(p.message().contains("displays differently from what it is"), p::toString);
            assertTrue(
                    p.message().chars().noneMatch(c -> EntryPathPolicy.isDeceptive(c)),
                    "the message itself is escaped: " + p);
        }
        Problem rtl = ps.getFirst();
        assertTrue(rtl.message().startsWith("entry \"rtl\\u202etxt.exe\": "), rtl::toString);
        assertTrue(rtl.message().contains("bidi control U+202E (RIGHT-TO-LEFT OVERRIDE) at position 3"), rtl::toString);
        assertEquals("\"rtl\\u202etxt.exe\"", EntryPathPolicy.shown("rtl\u202etxt.exe"));
        assertEquals("\"tag\\udb40\\udc01\"", EntryPathPolicy.shown("tag\udb40\udc01"));
        assertEquals("plain café ☃.txt", EntryPathPolicy.shown("plain café ☃.txt"));
        assertNull(EntryPathPolicy.deceptiveProblem("emoji \uD83D\uDE00 and \u00e9"));
        // Exported raw: the bytes are the name.
        try (CafArchive a = CafTestFiles.open(caf(data, json))) {
            ExportReport r = new Exporter(ExportOptions.DEFAULT)
                    .export(ListingSelection.all(a).contents(), tmp.resolve("out"));
            assertTrue(r.ok(), r::toString);
            assertTrue(Files.exists(tmp.resolve("out").resolve("rtl\u202etxt.exe")));
        }
    }

    @Test
    void theClassificationIsOneForVerifyAndTheWindow() {
        EntryPathPolicy p = EntryPathPolicy.of(false);
        EntryPathPolicy.Classification c = p.classify("AUX.txt\u202e");
        assertTrue(c.decision() instanceof EntryPathPolicy.Safe);
        assertEquals("reserved device name AUX", c.windows());
        assertNotNull(c.deceptive());
        EntryPathPolicy.Classification w = EntryPathPolicy.of(true).classify("AUX.txt\u202e");
        assertTrue(
                w.decision() instanceof EntryPathPolicy.Refused r && r.reason().contains("reserved device name AUX"));
        assertTrue(p.classify("../x").decision() instanceof EntryPathPolicy.Refused);
        assertNull(p.classify("../x").deceptive());
    }
}
