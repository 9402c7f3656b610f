package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.FilterableRecords;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a first page costs, observed by what was decoded (never by timing): an archive made by
 * the real clp-s whose first 8,000 records all sit in the first of its three packed streams
 * (made/archives/phases.clps). Decoded streams are held off the heap.
 */
class ClpsLazyDecodingTest {
    /** The archive with the lazy path on: small archives are otherwise decoded whole at once. */
    private static ClpsArchive open() throws IOException {
        ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"));
        a.records().decodeWholeBelow(0);
        return a;
    }

    private static List<String> expected() throws IOException {
        return ClpsGoldenTest.lines(ClpsTestFiles.gunzip("made/outputs/phases.ordered.jsonl.gz"));
    }

    @Test
    void firstPageDecodesOnlyTheStreamHoldingIt() throws Exception {
        List<String> want = expected();
        try (ClpsArchive a = open()) {
            assertEquals(3, a.tableMetadata().value().streams.size());
            FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
            assertEquals(24_000, r.recordCount());
            assertEquals(0, a.records().streamsDecoded(), "counting records and key paths decode nothing");
            r.keyPaths(40);
            assertEquals(0, a.records().streamsDecoded());
            assertEquals(want.subList(0, 256), r.lines(0, 256));
            assertEquals(0, a.records().streamsDecoded(), "the first page is read without decoding (ClpsFirstRows)");
            assertEquals(want.subList(256, 512), r.lines(256, 256));
            assertEquals(1, a.records().streamsDecoded(), "the next page is all in stream 0");
            // A page from the mixed part needs the others, and still reads as the real tool wrote it.
            assertEquals(want.subList(20_000, 20_100), r.lines(20_000, 100));
            assertEquals(3, a.records().streamsDecoded());
        }
    }

    @Test
    void aSmallArchiveIsDecodedWholeForItsFirstPage() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
            assertEquals(expected().subList(0, 256), r.lines(0, 256));
            assertEquals(0, a.records().streamsDecoded(), "the first page is read without decoding");
            assertEquals(expected().subList(256, 512), r.lines(256, 256));
            assertEquals(
                    3,
                    a.records().streamsDecoded(),
                    "all three streams, in parallel, rather than one now and two when scrolled to");
        }
    }

    @Test
    void aQueryDecodesOnlyTheStreamsOfSchemasItCanMatch() throws Exception {
        List<String> want =
                expected().stream().filter(l -> l.contains("\"job\":")).toList();
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            long n = a.capability(dev.vitrine.core.model.JsonRecords.class)
                    .orElseThrow()
                    .writeJsonLines("job.id: *", out);
            assertEquals(want.size(), n);
            assertEquals(want, ClpsGoldenTest.lines(out.toByteArray()), "the job records, in original order");
            assertEquals(1, a.records().streamsDecoded(), "only the stream of the one schema with job.id");
        }
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            long n = a.capability(dev.vitrine.core.model.JsonRecords.class)
                    .orElseThrow()
                    .writeJsonLines("nosuch: 1", new java.io.ByteArrayOutputStream());
            assertEquals(0, n);
            assertEquals(0, a.records().streamsDecoded(), "no schema has the key: nothing is decoded");
        }
    }

    @Test
    void aValueNoDictionaryHoldsIsAnsweredWithoutDecodingAnyTable() throws Exception {
        // Every schema has `level`, so only the variable dictionary can tell that no record says FATAL (clp-s looks
        // there first too); an OR with a value that does occur still finds its records.
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            assertEquals(0, query(a, "level: FATAL").size());
            assertEquals(0, query(a, "level: FAT*L AND n > 3").size());
            assertEquals(0, a.records().streamsDecoded(), "no value found in the dictionary: nothing is decoded");
        }
        List<String> want = expected().stream()
                .filter(l -> l.contains("\"name\":\"user-9267\""))
                .toList();
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            assertTrue(!want.isEmpty());
            assertEquals(want, query(a, "level: FATAL OR user.name: user-9267"));
        }
    }

    @Test
    void aTextNoLogTypeCanGiveIsAnsweredWithoutDecodingAnyTable() throws Exception {
        // Every record's msg is a CLP string ("request N took N ms"): only the log types can tell that none says
        // these words (clp-s looks there first too); a variable's place never holds the space between them.
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            assertEquals(0, query(a, "msg: \"*no such words*\"").size());
            assertEquals(0, query(a, "msg: \"request 19773 took*s ago\"").size());
            assertEquals(0, a.records().streamsDecoded(), "no log type can give it: nothing is decoded");
        }
        List<String> want = expected().stream()
                .filter(l -> l.contains("\"msg\":\"request 19773 took "))
                .toList();
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            assertTrue(!want.isEmpty());
            assertEquals(want, query(a, "msg: \"request 19773 took*\""), "a text a log type can give is still found");
        }
    }

    @Test
    void theDictionaryLookupDecodesVarDictOnlyUntilAValuePasses() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"));
                ClpsDictionaryPrefix vars = ClpsDictionaryPrefix.open(a, ClpsArchive.VAR_DICT)) {
            ClpsDictionary full = a.dictionary(ClpsArchive.VAR_DICT).value();
            assertTrue(full.size() > 1000, "a dictionary worth not reading whole: " + full.size());
            assertTrue(vars.is(0, full.bytes(0)));
            assertEquals(1, vars.decoded(), "the first entry, and no more");
            int last = full.size() - 1;
            assertEquals(full.text(last), new String(vars.entry(last), java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(full.size(), vars.decoded());
            assertEquals(null, vars.entry(full.size()), "past the end");
        }
        // A value no entry holds is ruled out by that walk: var.dict is never loaded, no stream decoded.
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"))) {
            assertEquals(null, a.loadedProblem(ClpsArchive.VAR_DICT));
            assertEquals(0, query(a, "level: FATAL").size());
            assertEquals(0, a.records().streamsDecoded());
            assertEquals(null, a.loadedDictionary(ClpsArchive.VAR_DICT), "ruled out by a walk of var.dict, not a load");
        }
    }

    @Test
    void aLookupKeepsAWindowOfTheDictionaryNotAllOfIt() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"));
                ClpsDictionaryPrefix vars = ClpsDictionaryPrefix.open(a, ClpsArchive.VAR_DICT, 1 << 12)) {
            ClpsDictionary full = a.dictionary(ClpsArchive.VAR_DICT).value();
            long bytes = 0;
            // every entry, walked from the first as a filter's lookup walks them: each one right
            for (int id = 0; id < full.size(); id++) {
                byte[] want = full.bytes(id);
                bytes += 8 + want.length;
                assertTrue(vars.is(id, want), "entry " + id);
                assertEquals(full.text(id), new String(vars.entry(id), java.nio.charset.StandardCharsets.UTF_8));
            }
            assertTrue(vars.keptBytes() < bytes / 2, "held " + vars.keptBytes() + " of " + bytes);
            // the next filter's walk starts again from the first entry, long let go
            assertTrue(vars.is(0, full.bytes(0)));
            assertTrue(!vars.is(1, full.bytes(0)));
            assertEquals(full.text(full.size() / 2), new String(vars.entry(full.size() / 2), "UTF-8"));
            assertEquals(null, vars.entry(full.size()), "past the end");
        }
    }

    @Test
    void aLookupFindsEachValueWhereverItsWalkStartsAndAnAbsentOneNowhere() throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(ClpsTestFiles.bytes("made/archives/phases.clps"));
                ClpsDictionaryPrefix vars = ClpsDictionaryPrefix.open(a, ClpsArchive.VAR_DICT, 1 << 12)) {
            ClpsDictionary full = a.dictionary(ClpsArchive.VAR_DICT).value();
            int n = full.size();
            // forward walks across many windows, then back to the first entry (a restart), then forward again
            for (int id : new int[] {n / 3, n - 1, 0, n / 2, n / 2 + 1}) {
                assertEquals(id, vars.next(Math.max(0, id - 700), full.bytes(id)), "entry " + id);
                assertEquals(full.text(id), new String(vars.entry(id), java.nio.charset.StandardCharsets.UTF_8));
            }
            assertEquals(n, vars.next(0, "no entry holds this".getBytes()));
            assertEquals(n, vars.next(n / 2, full.bytes(0)), "the first entry is not after the middle");
            assertEquals(0, vars.next(0, full.bytes(0)));
        }
    }

    private static List<String> query(ClpsArchive a, String q) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        a.capability(dev.vitrine.core.model.JsonRecords.class).orElseThrow().writeJsonLines(q, out);
        return ClpsGoldenTest.lines(out.toByteArray());
    }

    @Test
    void wholeArchiveIsByteIdenticalAfterAPartialDecode() throws Exception {
        byte[] want = ClpsTestFiles.gunzip("made/outputs/phases.ordered.jsonl.gz");
        try (ClpsArchive a = open()) {
            a.records().lines(100, 10);
            assertEquals("", ClpsGoldenTest.firstDifference(want, ClpsTestFiles.decode(a)));
            assertEquals(3, a.records().streamsDecoded());
            assertTrue(
                    ClpsTestFiles.verify(a).isEmpty(),
                    () -> ClpsTestFiles.verify(a).toString());
        }
    }

    @Test
    void smallChunksRenderedInParallelReuseTheirBuffersAndKeepLogOrder() throws Exception {
        // Hundreds of chunks, far more than the threads' window: every buffer is written, handed back and
        // refilled many times, with and without a query. The bytes must stay clp-s's, in log order.
        byte[] want = ClpsTestFiles.gunzip("made/outputs/phases.ordered.jsonl.gz");
        List<String> jobs =
                expected().stream().filter(l -> l.contains("\"job\":")).toList();
        for (int chunk : new int[] {1, 37, 100}) {
            try (ClpsArchive a = open()) {
                a.records().chunkRecords(chunk);
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                assertEquals(24_000, a.records().writeJsonLines(null, out));
                assertEquals("", ClpsGoldenTest.firstDifference(want, out.toByteArray()), "chunks of " + chunk);
                out.reset();
                long n = a.capability(dev.vitrine.core.model.JsonRecords.class)
                        .orElseThrow()
                        .writeJsonLines("job.id: *", out);
                assertEquals(jobs.size(), n);
                assertEquals(jobs, ClpsGoldenTest.lines(out.toByteArray()), "chunks of " + chunk);
            }
        }
    }

    @Test
    void decodedStreamsAreOffTheHeap() throws Exception {
        try (ClpsArchive a = open()) {
            a.records().lines(1, 1); // a page after the first: the first is read without decoding
            ClpsTable t = a.records().decoded(false).tables().ifDecoded(0);
            assertTrue(t.data.isNative(), "stream 0 decodes into process memory or a mapped spill file, not the heap");
        }
    }

    @Test
    void recordsOfAClosedArchiveAreRefusedNotRead() throws Exception {
        ClpsArchive a = open();
        FilterableRecords r = a.capability(FilterableRecords.class).orElseThrow();
        r.lines(0, 1);
        a.close();
        // The mapping is gone: reading must fail with an exception, never touch unmapped memory.
        assertThrows(Exception.class, () -> r.lines(0, 1));
    }
}
