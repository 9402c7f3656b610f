package dev.vitrine.core.format.bundle;

import static dev.vitrine.core.format.bundle.BundleDamageTest.damagedFiles;
import static dev.vitrine.core.format.bundle.BundleDamageTest.flip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.PartVerifyRun;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Verify this part" of a bundle's file or record: only the records (stored bytes) meeting the
 * part are read, so damage elsewhere in the same shard is not this part's, and the scope says
 * which files' CRCs it could check.
 */
class BundlePartVerifyTest {
    @TempDir
    Path tmp;

    /** f00..f09, 50,000 random bytes each, in one shard: with zlib, records 0-1 hold f00, f01 and the head of f02, record 3 f04 and parts of f03, f05. */
    private Path bundle(String codec) throws Exception {
        Path in = tmp.resolve("in");
        for (int i = 0; i < 10; i++)
            BundleTestFiles.write(in, String.format("f%02d", i), BundleTestFiles.random(50_000, i));
        Path out = tmp.resolve("b");
        BundleWriter.write(
                in, out, BundleWriter.defaults().withCompression(codec).withRecordSize(BundleDamageTest.RECORD));
        return out;
    }

    private static ByteRange rangeOf(BundleArchive a, String name) throws Exception {
        for (FileListing.Entry e : a.entries()) if (e.name().equals(name)) return e.range();
        throw new AssertionError(name);
    }

    @Test
    void aFilesPartIsCleanWhenAnotherFilesRecordInTheShardIsDamaged() throws Exception {
        Path b = bundle("zlib");
        long[] boff;
        try (BundleArchive a = BundleTestFiles.open(b)) {
            boff = a.records(0).byteOffsets();
        }
        flip(b.resolve("shard-00000000"), boff[3] + 1000); // record 3: the end of f03, f04, the start of f05
        try (BundleArchive a = BundleTestFiles.open(b)) {
            PartVerifyRun whole = PartVerifyRun.of(a, null);
            assertEquals(Set.of("f03", "f04", "f05"), damagedFiles(whole.problems()), whole.problems()::toString);

            ByteRange f01 = rangeOf(a, "f01");
            PartVerifyRun clean = PartVerifyRun.of(a, f01);
            assertEquals(java.util.List.of(), clean.problems());
            assertEquals(0, clean.report().errors());
            assertEquals(2L * BundleDamageTest.RECORD, clean.progressTotal(), "records 0 and 1 only are read");
            assertEquals(
                    "2 records of shard-00000000 in [" + boff[0] + ", " + boff[2]
                            + ") and the CRC-32C of the 2 files wholly in them; whole-archive checks not run:"
                            + " the index's own checks, the other records and shards,"
                            + " the CRC-32C of 1 file only partly in the part",
                    clean.report().scope());

            PartVerifyRun bad = PartVerifyRun.of(a, rangeOf(a, "f04"));
            assertTrue(damagedFiles(bad.problems()).contains("f04"), bad.problems()::toString);
            assertTrue(
                    bad.problems().stream()
                            .anyMatch(p -> p.offset() == boff[3]
                                    && p.message()
                                            .startsWith("record at stream offset " + 3 * BundleDamageTest.RECORD)),
                    bad.problems()::toString);
            assertTrue(bad.problems().stream().allMatch(p -> p.offset() == boff[3]), bad.problems()::toString);
        }
    }

    @Test
    void aStoredFilesPartChecksThatFileOnly() throws Exception {
        Path b = bundle("none");
        long at;
        try (BundleArchive a = BundleTestFiles.open(b)) {
            at = rangeOf(a, "f07").offset();
        }
        flip(b.resolve("shard-00000000"), at + 1234);
        try (BundleArchive a = BundleTestFiles.open(b)) {
            PartVerifyRun whole = PartVerifyRun.of(a, null);
            assertEquals(Set.of("f07"), damagedFiles(whole.problems()), whole.problems()::toString);

            ByteRange f02 = rangeOf(a, "f02");
            PartVerifyRun clean = PartVerifyRun.of(a, f02);
            assertEquals(java.util.List.of(), clean.problems());
            assertEquals(50_000, clean.progressTotal());
            assertEquals(
                    "1 file of shard-00000000 in [" + f02.offset() + ", " + f02.end()
                            + "); whole-archive checks not run: the index's own checks, the other files and shards",
                    clean.report().scope());

            PartVerifyRun bad = PartVerifyRun.of(a, rangeOf(a, "f07"));
            assertEquals(1, bad.problems().size(), bad.problems()::toString);
            assertEquals(at, bad.problems().getFirst().offset());
            assertTrue(bad.problems().getFirst().message().contains("\"f07\": CRC-32C mismatch")
                    || bad.problems().getFirst().message().contains("f07: CRC-32C mismatch"));
        }
    }
}
