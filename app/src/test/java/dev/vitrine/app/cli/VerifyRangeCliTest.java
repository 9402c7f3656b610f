package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `verify --range [PART:]START:END`: the units meeting those bytes only, and a line naming what was not checked. */
class VerifyRangeCliTest {
    private static final String DAMAGED = "../samples/weather-damaged.zss";

    @TempDir
    Path temp;

    private static String out(CliRun r) {
        return new String(r.stdout(), StandardCharsets.UTF_8);
    }

    @Test
    void theDamagedBlockIsFoundAndTheHashSaidNotRun() {
        CliRun whole = CliRun.of("verify", DAMAGED);
        assertEquals(1, whole.exit());
        assertTrue(out(whole).contains("data hash mismatch"), out(whole));

        CliRun part = CliRun.of("verify", "--range", "14503:14504", DAMAGED);
        assertEquals(1, part.exit(), part.stderr());
        assertEquals(
                DAMAGED + ": offset 14503: checksum mismatch at 14503\n"
                        + DAMAGED + ": DAMAGED, 1 error\n"
                        + DAMAGED + ": part 14503:14504: 1 data block in [14503, 15230); whole-archive checks not run:"
                        + " data hash, index references and lengths, record order across blocks, root\n",
                out(part));
    }

    @Test
    void aCleanPartIsOkAndSaysItWasAPart() {
        CliRun r = CliRun.of("verify", "--range", "15230:15231", DAMAGED);
        assertEquals(0, r.exit(), out(r));
        assertTrue(
                out(r).startsWith(DAMAGED + ": ok\n" + DAMAGED + ": part 15230:15231: 1 data block in [15230, "),
                out(r));
        assertFalse(out(r).contains("mismatch"));
    }

    @Test
    void aBadRangeIsAUsageError() {
        CliRun r = CliRun.of("verify", "--range", "9:3", DAMAGED);
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("--range: expected [PART:]START:END"), r.stderr());
    }

    /** The bytes of {@code name}'s records in its shard, as `ls` and the tree show them. */
    private static ByteRange rangeOf(Path bundle, String name) throws Exception {
        try (var a = FormatRegistry.get().open(bundle, Limits.DEFAULT)) {
            for (FileListing.Entry e : ((FileListing) a).entries()) if (e.name().equals(name)) return e.range();
        }
        throw new AssertionError(name);
    }

    @Test
    void aBundleFilesRangeChecksItsRecordsNotTheDamagedOneBeside() throws Exception {
        Path in = Files.createDirectories(temp.resolve("in"));
        Random rnd = new Random(7);
        for (String n : new String[] {"a.bin", "b.bin"}) {
            byte[] b = new byte[100_000];
            rnd.nextBytes(b);
            Files.write(in.resolve(n), b);
        }
        Path bundle = temp.resolve("bundle");
        CliRun made = CliRun.of(
                "create",
                "bundle",
                "--compression",
                "zlib",
                "--record-size",
                "65536",
                in.toString(),
                bundle.toString());
        assertEquals(0, made.exit(), made.stderr());
        // 64 KiB records: a.bin lies in records 0-1, b.bin in 1-3; a byte of record 2 (b.bin's alone) is damaged
        ByteRange a = rangeOf(bundle, "a.bin");
        long record2 = a.end();
        try (FileChannel ch = FileChannel.open(bundle.resolve("shard-00000000"), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {0x55, 0x55, 0x55, 0x55}), record2 + 100);
        }
        String b = bundle.toString();
        assertEquals(1, CliRun.of("verify", b).exit());

        String aPart = "shard-00000000:" + a.offset() + ":" + a.end();
        CliRun clean = CliRun.of("verify", "--range", aPart, b);
        assertEquals(0, clean.exit(), out(clean));
        assertEquals(
                b + ": ok\n" + b + ": part " + aPart + ": 2 records of shard-00000000 in [" + a.offset() + ", "
                        + a.end() + ") and the CRC-32C of the 1 file wholly in them; whole-archive checks not run:"
                        + " the index's own checks, the other records and shards, the CRC-32C of 1 file only partly"
                        + " in the part\n",
                out(clean));

        ByteRange bRange = rangeOf(bundle, "b.bin");
        CliRun bad = CliRun.of("verify", "--range", "shard-00000000:" + bRange.offset() + ":" + bRange.end(), b);
        assertEquals(1, bad.exit(), out(bad));
        assertTrue(
                out(bad).startsWith(
                                b + "/shard-00000000: offset " + record2 + ": record at stream offset 131072: zlib"),
                out(bad));
    }
}
