package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The window's first page of records is read without decoding the archive (one windowed pass
 * over each stream, keeping each table's first rows): on every clp-s fixture written by the
 * real tools it must give exactly the records the whole decode gives, in the same order.
 */
class ClpsFirstRowsTest {

    private static List<Path> fixtures() throws IOException {
        Path root = ClpsTestFiles.fixture("");
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".clps")).sorted().toList();
        }
    }

    private static List<String> lines(ClpsJsonOut o) {
        String s = new String(o.buf, 0, o.len, StandardCharsets.UTF_8);
        return s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
    }

    private static List<String> whole(byte[] b) throws IOException {
        try (ClpsArchive a = ClpsTestFiles.open(b)) {
            String s = new String(ClpsTestFiles.decode(a), StandardCharsets.UTF_8);
            return s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
        }
    }

    @Test
    void everyFixturesFirstRecordsAreTheWholeDecodesFirstRecords() throws Exception {
        List<String> taken = new ArrayList<>();
        for (Path p : fixtures()) {
            byte[] b = Files.readAllBytes(p);
            List<String> all = whole(b);
            for (int n : new int[] {1, 2, 7, 64, ClpsFirstRows.MAX}) {
                try (ClpsArchive a = ClpsTestFiles.open(b)) {
                    ClpsJsonOut o = ClpsFirstRows.render(a, n);
                    if (o == null) continue;
                    if (n == 64) taken.add(p.getParent().getParent().getFileName() + "/" + p.getFileName());
                    assertEquals(all.subList(0, Math.min(n, all.size())), lines(o), p + ", first " + n);
                }
                // Starting from one dictionary entry: records that refer past those decoded are rendered again with
                // more, never with a wrong value.
                try (ClpsArchive a = ClpsTestFiles.open(b)) {
                    ClpsJsonOut o = ClpsFirstRows.render(a, n, 1);
                    if (o != null)
                        assertEquals(
                                all.subList(0, Math.min(n, all.size())), lines(o), p + ", first " + n + ", 1 entry");
                }
            }
        }
        // The real archives of several tables (and several files) take this path; only those without
        // log_event_idx (kept in table order) and those without records do not.
        for (String must : List.of(
                "v0.4.1/app.clps",
                "v0.5.0/app.clps",
                "v0.4.1/metrics.clps",
                "generated/sts135-multifile.clps",
                "made/phases.clps",
                "made/types.clps"))
            assertTrue(taken.contains(must), must + " read its first records without decoding: " + taken);
        assertTrue(taken.size() >= 20, "most fixtures: " + taken);
    }

    @Test
    void theFirstPageDecodesNoStreamAndLaterPagesStillDo() throws Exception {
        byte[] b = ClpsTestFiles.bytes("v0.4.1/archives/app.clps");
        List<String> all = whole(b);
        try (ClpsArchive a = ClpsTestFiles.open(b)) {
            List<String> first = a.records().lines(0, 64);
            assertEquals(64, first.size());
            for (int i = 0; i < 64; i++) assertEquals(all.get(i) + "\n", first.get(i));
            assertEquals(0, a.records().streamsDecoded(), "nothing decoded into memory for the first page");
            List<String> next = a.records().lines(64, 10);
            assertEquals(all.get(64) + "\n", next.getFirst());
            assertEquals(1, a.records().streamsDecoded(), "the next page decodes the stream");
        }
    }

    @Test
    void anArchiveWithoutLogOrderKeepsTheWholePath() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/edge-nologorder.clps"))) {
            assertNull(ClpsFirstRows.render(a, 64), "no log_event_idx: the order is the tables', built whole");
        }
    }

    /**
     * Damage in a stream's frame, wherever it is, sends the first page to the whole decode: it
     * fails as the whole decode fails (naming the file and offset), or gives what it gives.
     */
    @Test
    void aDamagedStreamGivesTheWholeDecodesAnswer() throws Exception {
        byte[] good = ClpsTestFiles.bytes("v0.4.1/archives/app.clps");
        long streamAt, streamLength;
        try (ClpsArchive a = ClpsTestFiles.open(good)) {
            long[] r = a.streams.compressedRange(a.tableMetadata().value(), 0);
            streamAt = r[0];
            streamLength = r[1];
        }
        int checked = 0, errors = 0;
        for (long at = streamAt + 5; at < streamAt + streamLength; at += Math.max(1, streamLength / 23)) {
            byte[] bad = good.clone();
            bad[(int) at] ^= 0x5a;
            String wholeAnswer; // the first page with the archive decoded first, as before
            try (ClpsArchive a = ClpsTestFiles.open(bad)) {
                a.records().decoded(false);
                wholeAnswer = String.join(
                        "\n",
                        a.records().lines(0, 64).stream()
                                .map(l -> l.substring(0, l.length() - 1))
                                .toList());
            } catch (IOException e) {
                wholeAnswer = "error: " + e.getMessage();
            }
            String firstAnswer;
            try (ClpsArchive a = ClpsTestFiles.open(bad)) {
                List<String> ls = a.records().lines(0, 64);
                firstAnswer = String.join(
                        "\n",
                        ls.stream().map(l -> l.substring(0, l.length() - 1)).toList());
            } catch (IOException e) {
                firstAnswer = "error: " + e.getMessage();
            }
            assertEquals(wholeAnswer, firstAnswer, "byte " + at + " flipped");
            checked++;
            if (firstAnswer.startsWith("error: ")) {
                errors++;
                assertTrue(firstAnswer.contains("mem.clps"), "the error names the archive: " + firstAnswer);
            }
        }
        assertTrue(checked > 20);
        assertTrue(errors > 0, "some damage is found and reported");
    }
}
