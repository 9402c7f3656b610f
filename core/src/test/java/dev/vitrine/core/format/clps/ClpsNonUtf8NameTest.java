package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An archive the real clp-s made from files named {@code in/$'\xffname.jsonl'} and
 * {@code in/$'\xfename.jsonl'} (and {@code in/plain.jsonl}): sound, as `clp-s x` says. Vitrine
 * reads it without damage, keeps each name's bytes, and exports both under distinct names.
 */
class ClpsNonUtf8NameTest {
    private static final String ARCHIVE = "made/archives/nonutf8-name.clps";

    @Test
    void namesKeepTheirBytesAndTheRecordsAreThoseTheRealToolWrites() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(ARCHIVE))) {
            assertTrue(a.openProblems().isEmpty(), a.openProblems().toString());
            List<FileListing.Entry> files = a.entries();
            assertEquals(
                    List.of("in/\udcffname.jsonl", "in/\udcfename.jsonl", "in/plain.jsonl"),
                    files.stream().map(FileListing.Entry::name).toList());
            assertArrayEquals(
                    bytes("in/\u00ffname.jsonl", 3, (byte) 0xff),
                    ClpsIngestedFiles.nameBytes(files.get(0).name()));
            assertArrayEquals(
                    bytes("in/\u00fename.jsonl", 3, (byte) 0xfe),
                    ClpsIngestedFiles.nameBytes(files.get(1).name()));
            assertEquals(null, ClpsIngestedFiles.nameBytes(files.get(2).name()));
            assertEquals(
                    "",
                    ClpsGoldenTest.firstDifference(
                            ClpsTestFiles.gunzip("made/outputs/nonutf8-name.ordered.jsonl.gz"),
                            ClpsTestFiles.decode(a)));
            List<Problem> v = ClpsTestFiles.verify(a);
            assertEquals(2, v.size(), v.toString());
            assertTrue(v.stream().allMatch(p -> p.severity() == Severity.WARNING), v.toString());
            assertTrue(
                    v.get(0).message().contains("\"in/\\udcffname.jsonl\" is not UTF-8 (byte 0xFF at byte 3)"),
                    v.get(0).message());
        }
    }

    @Test
    void exportNamesAreTextAndNeverOneForTwoFiles() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes(ARCHIVE))) {
            List<String> names =
                    a.entries().stream().map(e -> content(a, e).name()).toList();
            assertEquals(List.of("in/\ufffdname.jsonl", "in/\ufffdname.jsonl (records 2-3)", "in/plain.jsonl"), names);
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (FileListing.Entry e : a.entries()) {
                try (var in = content(a, e).open()) {
                    in.transferTo(all);
                }
            }
            assertEquals(
                    new String(
                            ClpsTestFiles.gunzip("made/outputs/nonutf8-name.ordered.jsonl.gz"), StandardCharsets.UTF_8),
                    all.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void rawTextRoundTripsEveryByteString() {
        byte[][] cases = {
            {(byte) 0xff},
            {(byte) 0xed, (byte) 0xb0, (byte) 0x80},
            {'a', (byte) 0xc3},
            {(byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80, (byte) 0x80}
        };
        for (byte[] c : cases) assertArrayEquals(c, ClpsRawText.bytes(ClpsRawText.decode(c)));
        assertEquals(
                "\ud83d\ude00", ClpsRawText.decode(new byte[] {(byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80}));
    }

    private static dev.vitrine.core.model.Content content(ClpsArchive a, FileListing.Entry e) {
        try {
            return a.content(e);
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    private static byte[] bytes(String latin1, int at, byte b) {
        byte[] out = latin1.getBytes(StandardCharsets.ISO_8859_1);
        out[at] = b;
        return out;
    }
}
