package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.io.Uleb128;
import dev.vitrine.core.json.PythonJson;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** `info --json` and dumps against the reference CLI's exact outputs (generated/expected/). */
class ZssInfoAndDumpTest {

    static Stream<Arguments> infoFiles() {
        return Stream.of(
                Arguments.of("letters-none.zss", "letters-none"),
                Arguments.of("letters-deflate.zss", "letters-deflate"),
                Arguments.of("letters-bz2.zss", "letters-bz2"),
                Arguments.of("example/tiny-4grams.zss", "tiny-4grams"),
                Arguments.of("generated/big-records-deflate.zss", "big-records-deflate"),
                Arguments.of("generated/big-records-none.zss", "big-records-none"),
                Arguments.of("generated/cli-make-default.zss", "cli-make-default"),
                Arguments.of("generated/deep-index-3level.zss", "deep-index-3level"),
                Arguments.of("generated/metadata-empty.zss", "metadata-empty"),
                Arguments.of("generated/metadata-rich.zss", "metadata-rich"),
                Arguments.of("generated/recs1000-bz2.zss", "recs1000-bz2"),
                Arguments.of("generated/recs1000-deflate.zss", "recs1000-deflate"),
                Arguments.of("generated/recs1000-none.zss", "recs1000-none"),
                Arguments.of("generated/single-record.zss", "single-record"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("infoFiles")
    void infoJsonIsByteIdenticalToTheReference(String file, String expected) throws Exception {
        byte[] want = readAll(fixture("generated/expected/" + expected + ".info.json"));
        try (ZssArchive z = open(fixture(file))) {
            // `zss info` prints json.dump(info, indent=4) and then a newline.
            String got = PythonJson.dumps(z.info(), 4) + "\n";
            assertEquals(new String(want, StandardCharsets.US_ASCII), got);
            assertArrayEquals(want, got.getBytes(StandardCharsets.US_ASCII));
            assertEquals(got, z.infoJson());
        }
    }

    @Test
    void metadataOnlyIsTheMetadataObject() throws Exception {
        try (ZssArchive z = open(fixture("letters-none.zss"))) {
            assertEquals(z.info().get("metadata"), z.metadata());
            assertEquals(
                    "{\n    \"test-data\": \"letters\",\n    \"build-info\": {\n        \"host\": \"test-host\",\n"
                            + "        \"user\": \"test-user\",\n        \"time\": \"2000-01-01T00:00:00.000000Z\"\n    }\n}",
                    PythonJson.dumps(z.metadata(), 4));
        }
    }

    static Stream<Arguments> dumps() {
        return Stream.of(
                Arguments.of("generated/recs1000-none.zss", "recs1000.dump.txt"),
                Arguments.of("generated/recs1000-deflate.zss", "recs1000.dump.txt"),
                Arguments.of("generated/recs1000-bz2.zss", "recs1000.dump.txt"),
                Arguments.of("generated/cli-make-default.zss", "recs1000.dump.txt"),
                Arguments.of("generated/deep-index-3level.zss", "deep-index.dump.txt"),
                Arguments.of("generated/metadata-rich.zss", "metadata-rich.dump.txt"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dumps")
    void newlineDumpEqualsTheReference(String file, String expected) throws Exception {
        try (ZssArchive z = open(fixture(file))) {
            assertArrayEquals(readAll(fixture("generated/expected/" + expected)), dump(z, null, null, null, "\n"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"example/tiny-4grams.zss", "zs-v0.10/example/tiny-4grams.zs"})
    void tinyFourGramsDump(String file) throws Exception {
        String txt = file.startsWith("zs-") ? "zs-v0.10/example/tiny-4grams.txt" : "example/tiny-4grams.txt";
        try (ZssArchive z = open(fixture(file))) {
            assertArrayEquals(readAll(fixture(txt)), dump(z, null, null, null, "\n"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"generated/big-records-none.zss", "generated/big-records-deflate.zss"})
    void uleb128DumpOfBigRecordsEqualsTheReferenceAndTheHeaderHash(String file) throws Exception {
        byte[] want = readAll(fixture("generated/expected/big-records.dump.uleb128"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZssArchive z = open(fixture(file))) {
            z.scan(null, null, null, (b, o, l) -> {
                out.write(Uleb128.encode(l));
                out.write(b, o, l);
                return true;
            });
            assertArrayEquals(want, out.toByteArray());
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(out.toByteArray());
            assertEquals(z.header().sha256Hex(), HexFormat.of().formatHex(sha));
        }
    }

    /** The range-query table of SOURCE.md (reference `zss dump -j 0` outputs). */
    static Stream<Arguments> rangeQueries() {
        return Stream.of(
                Arguments.of("letters-none.zss", null, null, "d", "\n", "d\ndd\n"),
                Arguments.of("letters-none.zss", "c", "f", null, "\n", "d\ndd\n"),
                Arguments.of("letters-none.zss", "dd", "ff", "e", "\n", ""),
                Arguments.of("letters-none.zss", null, "bb", "b", "\n", "b\n"),
                Arguments.of("letters-none.zss", "zz", null, null, "\n", "zz\n"),
                Arguments.of("letters-none.zss", "zzz", null, null, "\n", ""),
                Arguments.of("letters-none.zss", null, null, "x", "\0", "x\0xx\0"),
                Arguments.of("letters-deflate.zss", null, null, "d", "\n", "d\ndd\n"),
                Arguments.of("letters-bz2.zss", "c", "f", null, "\n", "d\ndd\n"),
                Arguments.of("zs-v0.10/letters-lzma.zs", null, null, "x", "\0", "x\0xx\0"),
                Arguments.of(
                        "generated/recs1000-deflate.zss",
                        "record-0500",
                        "record-0503",
                        null,
                        "\n",
                        "record-0500 echo echo\nrecord-0501 foxtrot delta\nrecord-0502 golf charlie\n"),
                Arguments.of(
                        "generated/deep-index-3level.zss",
                        null,
                        null,
                        "deep-099",
                        "\n",
                        "deep-0990\ndeep-0991\ndeep-0992\ndeep-0993\ndeep-0994\ndeep-0995\ndeep-0996\ndeep-0997\ndeep-0998\ndeep-0999\n"));
    }

    @ParameterizedTest(name = "{0} start={1} stop={2} prefix={3}")
    @MethodSource("rangeQueries")
    void rangeQueriesMatchTheReference(String file, String start, String stop, String prefix, String term, String want)
            throws Exception {
        try (ZssArchive z = open(fixture(file))) {
            byte[] got = dump(
                    z,
                    start == null ? null : bytes(start),
                    stop == null ? null : bytes(stop),
                    prefix == null ? null : bytes(prefix),
                    term);
            assertEquals(want, new String(got, StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void u64lePrefixedDumpOfPrefixZ() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZssArchive z = open(fixture("letters-none.zss"))) {
            z.scan(null, null, bytes("z"), (b, o, l) -> {
                byte[] len = new byte[8];
                dev.vitrine.core.io.LittleEndian.putU64(len, 0, l);
                out.write(len);
                out.write(b, o, l);
                return true;
            });
        }
        assertEquals(
                "01 00 00 00 00 00 00 00 7a 02 00 00 00 00 00 00 00 7a 7a",
                HexFormat.ofDelimiter(" ").formatHex(out.toByteArray()));
    }

    @Test
    void everyStartStopPairAgreesWithAFilteredFullScan() throws Exception {
        for (String file :
                new String[] {"letters-none.zss", "letters-deflate.zss", "generated/deep-index-3level.zss"}) {
            try (ZssArchive z = open(fixture(file))) {
                var all = records(z);
                String[] keys = {
                    "", "a", "b", "bb", "bc", "c", "m", "z", "zz", "zzz", "deep-05", "deep-0500", "deep-1", "\u00ff"
                };
                for (String s : keys) {
                    for (String t : keys) {
                        byte[] lo = bytes(s), hi = bytes(t);
                        StringBuilder want = new StringBuilder();
                        for (byte[] r : all) {
                            if (Keys.compare(r, lo) >= 0 && Keys.compare(r, hi) < 0)
                                want.append(new String(r, StandardCharsets.ISO_8859_1))
                                        .append('\n');
                        }
                        assertEquals(
                                want.toString(),
                                new String(dump(z, lo, hi, null, "\n"), StandardCharsets.ISO_8859_1),
                                file + " [" + s + ", " + t + ")");
                        StringBuilder wantP = new StringBuilder();
                        for (byte[] r : all) {
                            String rs = new String(r, StandardCharsets.ISO_8859_1);
                            if (rs.startsWith(s)) wantP.append(rs).append('\n');
                        }
                        assertEquals(
                                wantP.toString(),
                                new String(dump(z, null, null, lo, "\n"), StandardCharsets.ISO_8859_1),
                                file + " prefix " + s);
                    }
                }
            }
        }
    }
}
