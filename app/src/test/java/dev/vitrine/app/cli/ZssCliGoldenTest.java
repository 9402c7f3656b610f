package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** `vitrine info --json` and `vitrine cat` against the outputs of the reference `zss` tool. */
class ZssCliGoldenTest {

    private static String p(String fixture) {
        return Fixtures.path("zss/" + fixture).toString();
    }

    @ParameterizedTest
    @CsvSource({
        "generated/big-records-deflate.zss, big-records-deflate",
        "generated/big-records-none.zss, big-records-none",
        "generated/cli-make-default.zss, cli-make-default",
        "generated/deep-index-3level.zss, deep-index-3level",
        "generated/metadata-empty.zss, metadata-empty",
        "generated/metadata-rich.zss, metadata-rich",
        "generated/recs1000-bz2.zss, recs1000-bz2",
        "generated/recs1000-deflate.zss, recs1000-deflate",
        "generated/recs1000-none.zss, recs1000-none",
        "generated/single-record.zss, single-record",
        "letters-none.zss, letters-none",
        "letters-deflate.zss, letters-deflate",
        "letters-bz2.zss, letters-bz2",
        "example/tiny-4grams.zss, tiny-4grams"
    })
    void infoJsonIsByteIdenticalToReference(String file, String expected) {
        CliRun r = CliRun.of("info", "--json", p(file));
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(
                new String(Fixtures.bytes("zss/generated/expected/" + expected + ".info.json"), StandardCharsets.UTF_8),
                r.out());
    }

    @ParameterizedTest
    @CsvSource({
        "generated/recs1000-none.zss, generated/expected/recs1000.dump.txt",
        "generated/recs1000-deflate.zss, generated/expected/recs1000.dump.txt",
        "generated/recs1000-bz2.zss, generated/expected/recs1000.dump.txt",
        "generated/cli-make-default.zss, generated/expected/recs1000.dump.txt",
        "generated/deep-index-3level.zss, generated/expected/deep-index.dump.txt",
        "generated/metadata-rich.zss, generated/expected/metadata-rich.dump.txt",
        "example/tiny-4grams.zss, example/tiny-4grams.txt",
        "zs-v0.10/example/tiny-4grams.zs, zs-v0.10/example/tiny-4grams.txt"
    })
    void catIsByteIdenticalToReferenceDump(String file, String expected) {
        CliRun r = CliRun.of("cat", p(file));
        assertEquals(0, r.exit(), r.stderr());
        assertArrayEquals(Fixtures.bytes("zss/" + expected), r.stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"generated/big-records-none.zss", "generated/big-records-deflate.zss"})
    void catLengthPrefixedUleb128MatchesReference(String file) {
        CliRun r = CliRun.of("cat", p(file), "--length-prefixed", "uleb128");
        assertEquals(0, r.exit(), r.stderr());
        assertArrayEquals(Fixtures.bytes("zss/generated/expected/big-records.dump.uleb128"), r.stdout());
    }

    /** The range-query table of SOURCE.md (reference `zss dump -j 0` on letters-none.zss). */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--prefix=d|                      d\\ndd\\n",
                "--start=c --stop=f|              d\\ndd\\n",
                "--start=dd --stop=ff --prefix=e| ''",
                "--stop=bb --prefix=b|            b\\n",
                "--start=zz|                      zz\\n",
                "--start=zzz|                     ''",
                "--terminator=\\x00 --prefix=x|   x\\x00xx\\x00"
            })
    void rangeQueriesMatchReference(String options, String expected) {
        String[] opts = options.trim().split(" ");
        String[] args = new String[opts.length + 2];
        args[0] = "cat";
        args[1] = p("letters-none.zss");
        System.arraycopy(opts, 0, args, 2, opts.length);
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exit(), r.stderr());
        assertArrayEquals(Escapes.parse(expected.trim()), r.stdout());
    }

    @org.junit.jupiter.api.Test
    void u64lePrefixedMatchesReference() {
        CliRun r = CliRun.of("cat", "--length-prefixed=u64le", "--prefix=z", p("letters-none.zss"));
        assertEquals(0, r.exit(), r.stderr());
        assertArrayEquals(Escapes.parse("\\x01\\0\\0\\0\\0\\0\\0\\0z\\x02\\0\\0\\0\\0\\0\\0\\0zz"), r.stdout());
    }

    @org.junit.jupiter.api.Test
    void rangeOnDeflateAndDeepIndex() {
        CliRun a = CliRun.of("cat", "--start=record-0500", "--stop=record-0503", p("generated/recs1000-deflate.zss"));
        assertEquals("record-0500 echo echo\nrecord-0501 foxtrot delta\nrecord-0502 golf charlie\n", a.out());
        CliRun b = CliRun.of("cat", "--prefix=deep-099", p("generated/deep-index-3level.zss"));
        StringBuilder want = new StringBuilder();
        for (int i = 990; i <= 999; i++) want.append("deep-0").append(i).append('\n');
        assertEquals(want.toString(), b.out());
    }

    @org.junit.jupiter.api.Test
    void damagedBlockPrintsRecordsBeforeItThenExitsOne() {
        // Reference: `zss dump` on root-checksum prints a, b and then fails with exit 1.
        CliRun r = CliRun.of("cat", p("broken-files/truncated-data-2.zss"));
        assertEquals(1, r.exit());
        assertEquals("a\nb\n", r.out());
        assertTrue(r.stderr().contains("truncated-data-2.zss"), r.stderr());
        assertTrue(r.stderr().matches("(?s).*offset \\d+.*"), r.stderr());
        assertFalse(r.stderr().contains("\tat "), "no stack trace: " + r.stderr());
    }
}
