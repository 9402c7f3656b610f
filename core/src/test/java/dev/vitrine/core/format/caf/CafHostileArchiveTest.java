package dev.vitrine.core.format.caf;

import static dev.vitrine.core.format.caf.CafTestFiles.ascii;
import static dev.vitrine.core.format.caf.CafTestFiles.caf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hostile and damaged chunks made here: each gives problems with offsets, never an exception. */
class CafHostileArchiveTest {
    static final byte[] DATA = ascii("0123456789"); // 10 bytes: the index starts at 10

    static String index(String files) {
        return "{\"format_version\":\"1.0\",\"files\":{" + files + "}}";
    }

    /** Absolute offset of {@code needle} (first occurrence) in an index placed after DATA. */
    static long at(String json, String needle) {
        int i = json.indexOf(needle);
        if (i < 0) throw new IllegalArgumentException(needle);
        return DATA.length + json.substring(0, i).getBytes(StandardCharsets.UTF_8).length;
    }

    static Problem expect(List<Problem> ps, Severity sev, long offset, String fragment) {
        for (Problem p : ps) {
            if (p.severity() == sev && p.offset() == offset && p.message().contains(fragment)) return p;
        }
        fail("no " + sev + " at " + offset + " containing '" + fragment + "' in " + ps);
        return null;
    }

    static void noInternalErrors(List<Problem> ps) {
        for (Problem p : ps) assertFalse(p.message().startsWith("internal error while verifying"), p.toString());
    }

    @Test
    void unsafeNamesAreErrorsAtTheirKeys() throws Exception {
        String[] names = {
            "../evil",
            "a/../../evil",
            "/etc/passwd",
            "C:\\\\Windows\\\\x",
            "\\\\server\\\\share",
            "a\\u0000b",
            "bell\\u0007",
            ""
        };
        String[] why = {"'..'", "'..'", "absolute", "drive letter", "absolute", "NUL", "control character", "empty name"
        };
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            if (i > 0) files.append(',');
            files.append('"')
                    .append(names[i])
                    .append("\":{\"start_byte\":")
                    .append(i)
                    .append(",\"end_byte\":")
                    .append(i + 1)
                    .append('}');
        }
        String json = index(files.toString());
        List<Problem> ps = CafTestFiles.verify(caf(DATA, json));
        noInternalErrors(ps);
        for (int i = 0; i < names.length; i++) {
            expect(ps, Severity.ERROR, at(json, "\"" + names[i] + "\":"), why[i]);
        }
        // Tree labels never carry raw control characters to a terminal.
        try (CafArchive a = CafTestFiles.open(caf(DATA, json))) {
            List<String> labels = a.root().children(0, 1).getFirst().children(0, 100).stream()
                    .map(Node::name)
                    .toList();
            assertTrue(labels.contains("\"a\\u0000b\""), labels::toString);
            assertTrue(labels.stream().allMatch(l -> l.chars().noneMatch(Character::isISOControl)), labels::toString);
        }
    }

    @Test
    void cleanableNamesAreWarnings() {
        String json = index(
                "\"a\\\\b.txt\":{\"start_byte\":0,\"end_byte\":5},\"x//y/./z\":{\"start_byte\":5,\"end_byte\":10}");
        List<Problem> ps = CafTestFiles.verify(caf(DATA, json));
        expect(ps, Severity.WARNING, at(json, "\"a\\\\b.txt\""), "export writes it as \"a/b.txt\"");
        expect(ps, Severity.WARNING, at(json, "\"x//y"), "export writes it as \"x/y/z\"");
        assertTrue(ps.stream().noneMatch(p -> p.severity() == Severity.ERROR), ps::toString);
    }

    @Test
    void namesWindowsCannotHoldAreWarningsAtTheirKeys() {
        String[] names = {
            "aux.c",
            "src/AUX",
            "Con",
            "nul.tar.gz",
            "lpt9",
            "com0.txt",
            "COM\u00b9",
            "lpt\u00b3.log",
            "conout$",
            "docs/a:b",
            "a<b",
            "x>y",
            "say\\\"hi\\\"",
            "p|q",
            "what?",
            "star*",
            "trailing.",
            "trailing ",
            "dir./x",
            "aux .txt/y"
        };
        String[] why = {
            "reserved device name AUX",
            "reserved device name AUX in \"AUX\"",
            "reserved device name CON",
            "reserved device name NUL",
            "reserved device name LPT9",
            "reserved device name COM0",
            "reserved device name COM\u00b9",
            "reserved device name LPT\u00b3",
            "reserved device name CONOUT$",
            "character ':' (NTFS reads it as an alternate data stream) in \"a:b\"",
            "character '<'",
            "character '>'",
            "character '\"'",
            "character '|'",
            "character '?'",
            "character '*'",
            "ends with a dot",
            "ends with a space",
            "ends with a dot (Windows drops it) in \"dir.\"",
            "reserved device name AUX in \"aux .txt\""
        };
        // Near misses Windows accepts: no warning for them.
        List<String> fine = List.of(
                "auxiliary.c",
                "con_fig",
                "com10",
                "lpt",
                "nul-device",
                "x.aux",
                "a.b c",
                ".hidden",
                "COM\u2074",
                "l\u0131pt1");
        StringBuilder files = new StringBuilder();
        int n = 0;
        for (String name : java.util.stream.Stream.concat(java.util.Arrays.stream(names), fine.stream())
                .toList()) {
            if (n > 0) files.append(',');
            files.append('"')
                    .append(name)
                    .append("\":{\"start_byte\":")
                    .append(n)
                    .append(",\"end_byte\":")
                    .append(++n)
                    .append('}');
        }
        String json = index(files.toString());
        byte[] data = ascii("x".repeat(n)); // one byte per entry: no gaps, no overlaps
        List<Problem> ps = CafTestFiles.verify(caf(data, json));
        noInternalErrors(ps);
        for (int i = 0; i < names.length; i++) {
            long key = data.length
                    + json.substring(0, json.indexOf("\"" + names[i] + "\":")).getBytes(StandardCharsets.UTF_8).length;
            Problem p = expect(ps, Severity.WARNING, key, "name cannot be written on Windows: " + why[i]);
            assertTrue(p.message().endsWith("; export there refuses it"), p::toString);
        }
        assertEquals(names.length, ps.size(), ps::toString);
    }

    @Test
    void rangeDamageIsReportedAndSuchEntriesAreUnreadable() throws Exception {
        String json = index("\"ok\":{\"start_byte\":0,\"end_byte\":4},"
                + "\"backwards\":{\"start_byte\":8,\"end_byte\":6},"
                + "\"past\":{\"start_byte\":4,\"end_byte\":12},"
                + "\"overlap\":{\"start_byte\":2,\"end_byte\":6}");
        byte[] bytes = caf(DATA, json);
        List<Problem> ps = CafTestFiles.verify(bytes);
        noInternalErrors(ps);
        expect(ps, Severity.ERROR, at(json, "\"backwards\""), "start_byte 8 is after end_byte 6");
        expect(ps, Severity.ERROR, at(json, "\"past\""), "runs past the data section, which ends at 10");
        expect(ps, Severity.ERROR, 2, "overlaps entry \"ok\" [0, 4)");
        expect(ps, Severity.WARNING, 6, "4 bytes of the data section at [6, 10)");
        try (CafArchive a = CafTestFiles.open(bytes)) {
            assertFalse(a.unreadable());
            List<FileListing.Entry> es = a.entries();
            assertEquals(
                    List.of("ok", "overlap", "backwards", "past"),
                    es.stream().map(FileListing.Entry::name).toList());
            FileListing.Entry past = es.get(3);
            assertTrue(past.range().isNone());
            var ex = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.vitrine.core.io.FormatException.class,
                    () -> a.content(past).open());
            assertEquals(at(json, "\"past\""), ex.offset());
            // Nodes show them too, with their problems, and without content.
            Node data = a.root().children(0, 1).getFirst();
            List<Node> files = data.children(0, 10);
            Node pastNode = files.stream()
                    .filter(n -> n.name().equals("past"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(pastNode.content().isEmpty());
            assertFalse(pastNode.problems().isEmpty());
        }
    }

    @Test
    void gapsAtStartAndEndAreWarnings() {
        String json = index("\"mid\":{\"start_byte\":3,\"end_byte\":5}");
        List<Problem> ps = CafTestFiles.verify(caf(DATA, json));
        expect(ps, Severity.WARNING, 0, "3 bytes");
        expect(ps, Severity.WARNING, 5, "5 bytes");
        assertTrue(ps.stream().noneMatch(p -> p.severity() == Severity.ERROR), ps::toString);
    }

    @Test
    void duplicateKeysAreErrorsAndBothAreListed() throws Exception {
        String json = index("\"same\":{\"start_byte\":0,\"end_byte\":5},\"same\":{\"start_byte\":5,\"end_byte\":10}");
        byte[] bytes = caf(DATA, json);
        List<Problem> ps = CafTestFiles.verify(bytes);
        int second = json.indexOf("\"same\"", json.indexOf("\"same\"") + 1);
        Problem p = expect(ps, Severity.ERROR, DATA.length + second, "appears again");
        assertTrue(p.message().contains("first at offset " + at(json, "\"same\"")));
        try (CafArchive a = CafTestFiles.open(bytes)) {
            assertEquals(2, a.entries().size());
        }
    }

    @Test
    void shortFilesAndLyingFootersAreProblemsNotExceptions() throws Exception {
        for (int n = 0; n < 4; n++) {
            List<Problem> ps = CafTestFiles.verify(new byte[n]);
            expect(ps, Severity.ERROR, 0, "too short for the 4-byte CAF footer");
            try (CafArchive a = CafTestFiles.open(new byte[n])) {
                assertTrue(a.unreadable());
                assertTrue(a.entries().isEmpty());
                assertTrue(a.root().children(0, 10).size() <= 1);
            }
        }
        byte[] tooBig = caf(DATA, ascii(index("")), 1_000_000);
        expect(
                CafTestFiles.verify(tooBig),
                Severity.ERROR,
                tooBig.length - 4,
                "footer says the index is 1000000 bytes");
        byte[] huge = caf(DATA, ascii(index("")), 0xFFFF_FFFFL);
        expect(CafTestFiles.verify(huge), Severity.ERROR, huge.length - 4, "4294967295");
        byte[] zero = caf(DATA, ascii(index("")), 0);
        expect(CafTestFiles.verify(zero), Severity.ERROR, zero.length - 4, "0 bytes");
        // Footer fits but points into the data: not JSON.
        byte[] shifted = caf(DATA, ascii(index("")), 5);
        List<Problem> ps = CafTestFiles.verify(shifted);
        assertTrue(
                ps.stream().anyMatch(p -> p.severity() == Severity.ERROR && p.offset() >= shifted.length - 9),
                ps::toString);
    }

    @Test
    void indexOverTheMetadataLimitIsNotParsed() {
        byte[] bytes = caf(DATA, index(""));
        Limits tight = new Limits(1 << 20, 1000, 64, 10);
        try (CafArchive a = CafTestFiles.open(bytes, tight)) {
            expect(a.openProblems(), Severity.ERROR, bytes.length - 4, "limit of 10 bytes");
            assertTrue(a.unreadable());
        }
    }

    @Test
    void entryLimitStopsParsingWithAProblem() {
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < 10; i++)
            files.append(i == 0 ? "" : ",")
                    .append("\"f")
                    .append(i)
                    .append("\":{\"start_byte\":")
                    .append(i)
                    .append(",\"end_byte\":")
                    .append(i + 1)
                    .append('}');
        String json = index(files.toString());
        try (CafArchive a = CafTestFiles.open(caf(DATA, json), new Limits(1 << 20, 3, 64, 1 << 20))) {
            expect(a.openProblems(), Severity.ERROR, at(json, "\"f3\""), "more than 3 entries");
            assertEquals(3, a.entries().size());
            assertTrue(a.unreadable());
        }
    }

    @Test
    void invalidJsonIsAnErrorAtItsByte() {
        // The spec's own example has trailing commas, which is not JSON.
        String json = "{\"format_version\":\"1.0\",\"files\":{\"a\":{\"start_byte\":0,\"end_byte\":5,},}}";
        List<Problem> ps = CafTestFiles.verify(caf(DATA, json));
        Problem p = expect(ps, Severity.ERROR, at(json, ",}") + 1, "invalid JSON");
        assertTrue(p.message().contains("'}'"), p.message());
        expect(CafTestFiles.verify(caf(DATA, "[1,2]")), Severity.ERROR, 10, "does not begin with a JSON object");
        expect(CafTestFiles.verify(caf(DATA, "   ")), Severity.ERROR, 10, "empty");
        String trailing = index("") + " {}";
        expect(CafTestFiles.verify(caf(DATA, trailing)), Severity.ERROR, 10 + trailing.length() - 2, "after the end");
        try (CafArchive a = CafTestFiles.open(caf(DATA, json))) {
            assertTrue(a.unreadable());
        }
        // Truncated index: entries before the damage are still listed.
        String cut = index("\"a\":{\"start_byte\":0,\"end_byte\":5},\"b\":{\"start_byte\":5,\"end_b");
        cut = cut.substring(0, cut.length() - 2);
        try (CafArchive a = CafTestFiles.open(caf(DATA, cut))) {
            assertTrue(a.unreadable());
            assertEquals(
                    List.of("a"),
                    a.entries().stream().map(FileListing.Entry::name).toList());
            assertFalse(a.openProblems().isEmpty());
        }
    }

    @Test
    void invalidUtf8IsAnErrorAtItsByte() {
        ByteArrayOutputStream idx = new ByteArrayOutputStream();
        String head = "{\"format_version\":\"1.0\",\"files\":{\"bad";
        idx.writeBytes(ascii(head));
        idx.write(0xFF);
        idx.writeBytes(ascii("\":{\"start_byte\":0,\"end_byte\":10}}}"));
        List<Problem> ps = CafTestFiles.verify(caf(DATA, idx.toByteArray()));
        expect(ps, Severity.ERROR, DATA.length + head.length(), "UTF-8");
        noInternalErrors(ps);

        // Overlong "/" (C0 AF): strict UTF-8 forbids it, whatever the parser lets through.
        idx.reset();
        idx.writeBytes(ascii(head));
        idx.write(0xC0);
        idx.write(0xAF);
        idx.writeBytes(ascii("\":{\"start_byte\":0,\"end_byte\":10}}}"));
        ps = CafTestFiles.verify(caf(DATA, idx.toByteArray()));
        expect(ps, Severity.ERROR, DATA.length + head.length(), "UTF-8");
    }

    @Test
    void deepNestingIsAProblemNotAStackOverflow() {
        String deep = "[".repeat(100_000);
        for (String json : List.of(
                deep, "{\"format_version\":\"1.0\",\"x\":" + deep, "{\"files\":{\"a\":{\"start_byte\":" + deep)) {
            List<Problem> ps = CafTestFiles.verify(caf(DATA, json));
            noInternalErrors(ps);
            assertTrue(
                    ps.stream().anyMatch(p -> p.severity() == Severity.ERROR && p.offset() >= DATA.length),
                    ps::toString);
        }
        // Closed deep nesting in an unknown field is still over the limit.
        List<Problem> ps = CafTestFiles.verify(caf(DATA, "{\"x\":" + "[".repeat(100) + "]".repeat(100) + "}"));
        assertTrue(ps.stream().anyMatch(p -> p.message().contains("limit")), ps::toString);
    }

    @Test
    void badNumbersAreEntryErrors() {
        String json = index("\"big\":{\"start_byte\":0,\"end_byte\":99999999999999999999999},"
                + "\"neg\":{\"start_byte\":-5,\"end_byte\":1},"
                + "\"frac\":{\"start_byte\":1.5,\"end_byte\":2},"
                + "\"exp\":{\"start_byte\":0,\"end_byte\":1e400},"
                + "\"str\":{\"start_byte\":\"0\",\"end_byte\":1},"
                + "\"none\":{\"end_byte\":1},"
                + "\"arr\":[1,2],"
                + "\"long\":{\"start_byte\":0,\"end_byte\":9223372036854775807},"
                + "\"digits\":{\"start_byte\":0,\"end_byte\":" + "9".repeat(900) + "}");
        byte[] bytes = caf(DATA, json);
        List<Problem> ps = CafTestFiles.verify(bytes);
        noInternalErrors(ps);
        expect(ps, Severity.ERROR, at(json, "\"big\""), "end_byte is too large");
        expect(ps, Severity.ERROR, at(json, "\"neg\""), "start_byte is negative");
        expect(ps, Severity.ERROR, at(json, "\"frac\""), "not an integer");
        expect(ps, Severity.ERROR, at(json, "\"exp\""), "not an integer");
        expect(ps, Severity.ERROR, at(json, "\"str\""), "a string, not a number");
        expect(ps, Severity.ERROR, at(json, "\"none\""), "start_byte is missing");
        expect(ps, Severity.ERROR, at(json, "\"arr\""), "an array, not an object");
        expect(ps, Severity.ERROR, at(json, "\"long\""), "runs past the data section");
        expect(ps, Severity.ERROR, at(json, "\"digits\""), "too large");
        try (CafArchive a = CafTestFiles.open(bytes)) {
            assertFalse(a.unreadable());
            assertEquals(9, a.entries().size());
            assertTrue(a.entries().stream().allMatch(e -> e.range().isNone()));
        }
    }

    @Test
    void formatVersionProblems() {
        String missing = "{\"files\":{\"a\":{\"start_byte\":0,\"end_byte\":10}}}";
        try (CafArchive a = CafTestFiles.open(caf(DATA, missing))) {
            expect(a.openProblems(), Severity.ERROR, 10, "no format_version");
            assertFalse(a.unreadable(), "entries stay readable");
            assertEquals(1, a.entries().size());
        }
        String other = "{\"format_version\":\"2.0\",\"files\":{\"a\":{\"start_byte\":0,\"end_byte\":10}}}";
        try (CafArchive a = CafTestFiles.open(caf(DATA, other))) {
            expect(a.openProblems(), Severity.WARNING, at(other, "\"2.0\""), "format_version is \"2.0\"");
        }
        String number = "{\"format_version\":1.0,\"files\":{\"a\":{\"start_byte\":0,\"end_byte\":10}}}";
        expect(CafTestFiles.verify(caf(DATA, number)), Severity.ERROR, at(number, "1.0"), "not a string");
        String noFiles = "{\"format_version\":\"1.0\"}";
        expect(CafTestFiles.verify(caf(DATA, noFiles)), Severity.ERROR, 10, "no \"files\"");
        String twice = "{\"format_version\":\"1.0\",\"files\":{},\"files\":{}}";
        expect(CafTestFiles.verify(caf(DATA, twice)), Severity.ERROR, at(twice, "\"files\":{},") + 11, "appears twice");
        // Problems from open are reported once by verify, not twice.
        List<Problem> ps = CafTestFiles.verify(caf(DATA, missing));
        assertEquals(
                1,
                ps.stream().filter(p -> p.message().contains("format_version")).count());
    }

    @Test
    void unknownFieldsAndGoStyleEscapesAreFine() throws Exception {
        // Go sorts keys and escapes <, >, & as \\u003c etc.; key order must not matter.
        String json =
                "{\"extra\":{\"nested\":[1,{\"x\":null}]},\"files\":{\"z\\u003ca\":{\"end_byte\":10,\"comment\":\"hi\",\"start_byte\":4},"
                        + "\"b\":{\"start_byte\":0,\"end_byte\":4}},\"format_version\":\"1.0\"}";
        byte[] bytes = caf(DATA, json);
        // '<' is legal here: the one remark is that Windows cannot hold it.
        List<Problem> ps = CafTestFiles.verify(bytes);
        assertEquals(1, ps.size(), ps::toString);
        expect(ps, Severity.WARNING, at(json, "\"z\\u003ca\""), "cannot be written on Windows: character '<'");
        try (CafArchive a = CafTestFiles.open(bytes)) {
            assertEquals(
                    List.of("b", "z<a"),
                    a.entries().stream().map(FileListing.Entry::name).toList());
        }
    }
}
