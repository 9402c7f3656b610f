package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.io.Crc64Xz;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Verify beyond the fixtures: the parallel pipeline on multi-MB files, damage in the middle, cancel, progress. */
class ZssVerifyTest {
    @TempDir
    Path dir;

    /** ~{@code mb} MB of sorted records: a counter and some random hex, so deflate keeps about half. */
    private Path write(String codec, int mb, int blockSize, int branching) throws Exception {
        Path p = dir.resolve("big-" + codec + "-" + branching + ".zss");
        Random rnd = new Random(1);
        long target = (long) mb << 20;
        try (ZssWriter w = ZssWriter.create(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec(codec)
                        .approxBlockSize(blockSize)
                        .branchingFactor(branching))) {
            long bytes = 0;
            for (long i = 0; bytes < target; i++) {
                String r = String.format("%010d %016x%016x", i, rnd.nextLong(), rnd.nextLong());
                byte[] b = r.getBytes(StandardCharsets.US_ASCII);
                w.add(b);
                bytes += b.length + 1;
            }
            w.finish();
        }
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "deflate"})
    void pipelineFindsOneDamagedBlockInTheMiddleAndGoesOn(String codec) throws Exception {
        Path p = write(codec, codec.equals("none") ? 6 : 10, 4096, 64);
        assertTrue(Files.size(p) > (4 << 20), "big enough for the parallel pipeline");
        try (ZssArchive z = open(p)) {
            assertEquals(List.of(), verify(z));
        }
        byte[] data = Files.readAllBytes(p);
        long pos = data.length / 2;
        long blockOffset;
        try (ZssArchive z = open(p)) {
            BlockDirectory d = z.blockDirectory();
            d.ensureOffset(pos);
            int i = d.blockAtOrBefore(pos);
            blockOffset = d.offset(i);
            BlockFrame f = z.reader().frameAt(blockOffset, data.length);
            pos = f.payloadOffset() + f.payloadLength() / 2; // inside the payload
        }
        data[(int) pos] ^= 0x55;
        Path bad = dir.resolve("damaged-" + codec + ".zss");
        Files.write(bad, data);
        try (ZssArchive z = open(bad)) {
            List<Problem> problems = verify(z);
            assertTrue(
                    problems.stream()
                            .anyMatch(pr -> pr.offset() == blockOffset
                                    && pr.message().equals("checksum mismatch at " + blockOffset)),
                    problems.toString());
            assertTrue(
                    problems.stream().anyMatch(pr -> pr.message().startsWith("data hash mismatch")),
                    problems.toString());
            assertTrue(problems.size() <= 3, "one damaged block, not a cascade: " + problems);
            // Reading stops at the damaged block, after delivering the records before it.
            long[] n = {0};
            var ex = assertThrows(
                    dev.vitrine.core.io.FormatException.class, () -> z.scan(null, null, null, (b, o, l) -> ++n[0] > 0));
            assertEquals(blockOffset, ex.offset());
            assertTrue(n[0] > 1000);
        }
    }

    /**
     * Codec none reads each chunk into a buffer of about 2 MB and frames it there: blocks longer
     * than that buffer get one of their own, and damage inside one is found at its offset.
     */
    @Test
    void blocksLongerThanTheReadBufferVerifyAndTheirDamageIsFound() throws Exception {
        Path p = write("none", 12, 3 << 20, 64);
        byte[] data = Files.readAllBytes(p);
        long second;
        try (ZssArchive z = open(p)) {
            assertEquals(List.of(), verify(z));
            BlockDirectory d = z.blockDirectory();
            d.ensureOffset(data.length / 2);
            second = d.offset(1);
            BlockFrame f = z.reader().frameAt(second, data.length);
            assertTrue(f.totalLength() > 3 << 20, "a block longer than the read buffer: " + f.totalLength());
            data[(int) (f.payloadOffset() + f.payloadLength() - 5)] ^= 0x20;
        }
        Path bad = dir.resolve("long-blocks-damaged.zss");
        Files.write(bad, data);
        try (ZssArchive z = open(bad)) {
            List<Problem> problems = verify(z);
            assertTrue(
                    problems.stream()
                            .anyMatch(pr ->
                                    pr.offset() == second && pr.message().equals("checksum mismatch at " + second)),
                    problems.toString());
            assertTrue(problems.stream().anyMatch(pr -> pr.message().startsWith("data hash mismatch")));
        }
    }

    /** A length prefix damaged in the middle of a read chunk: framing stops there, named by its offset. */
    @Test
    void aDamagedLengthPrefixInsideAReadChunkStopsFramingAtItsOffset() throws Exception {
        Path p = write("none", 6, 4096, 64);
        byte[] data = Files.readAllBytes(p);
        long target;
        try (ZssArchive z = open(p)) {
            BlockDirectory d = z.blockDirectory();
            d.ensureOffset(data.length / 2 + 100_000);
            int i = d.blockAtOrBefore(data.length / 2 + 100_000);
            target = d.offset(i);
        }
        // a length prefix of ten continuation bytes: no valid uleb128
        java.util.Arrays.fill(data, (int) target, (int) target + 10, (byte) 0xff);
        Path bad = dir.resolve("bad-prefix.zss");
        Files.write(bad, data);
        try (ZssArchive z = open(bad)) {
            List<Problem> problems = verify(z);
            assertTrue(
                    problems.stream()
                            .anyMatch(pr -> pr.offset() == target
                                    && pr.message().contains("the rest of the file cannot be read")),
                    problems.toString());
        }
    }

    @Test
    void progressReachesTheEndAndCancelStops() throws Exception {
        Path p = write("none", 6, 8192, 128);
        long size = Files.size(p);
        try (ZssArchive z = open(p)) {
            AtomicLong last = new AtomicLong();
            VerifyReport r = VerifyEngine.run(z, new VerifyListener() {
                @Override
                public void problem(Problem problem) {
                    fail(problem.toString());
                }

                @Override
                public void progress(long done, long total) {
                    assertTrue(done >= last.get());
                    last.set(done);
                    assertEquals(size, total);
                }
            });
            assertTrue(r.intact());
            assertEquals(size, last.get());

            AtomicBoolean cancel = new AtomicBoolean();
            VerifyReport c = VerifyEngine.run(
                    z,
                    new VerifyListener() {
                        @Override
                        public void problem(Problem problem) {}

                        @Override
                        public void progress(long done, long total) {
                            cancel.set(true);
                        }
                    },
                    cancel);
            assertTrue(c.cancelled());
            assertFalse(c.intact());
        }
    }

    @Test
    void allIndexBlocksAtTheEndStillVerify() throws Exception {
        // Branching larger than the number of blocks: every data block stays unreferenced until
        // the single index block at the end, so the ledger holds them all.
        Path p = write("deflate", 5, 2048, 1_000_000);
        try (ZssArchive z = open(p)) {
            assertEquals(1, z.rootIndexLevel());
            assertEquals(List.of(), verify(z));
        }
    }

    @Test
    void recordsOutOfOrderAcrossBlocksAndTheKeyThatLies() throws Exception {
        Path p = dir.resolve("across.zss");
        ZssWriter.write(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .approxBlockSize(2)
                        .branchingFactor(4),
                List.of(bytes("b"), bytes("c"), bytes("d"), bytes("e")).iterator());
        byte[] data = Files.readAllBytes(p);
        long second;
        try (ZssArchive z = open(p)) {
            second = z.blockDirectory().dataOffset(1);
            z.blockDirectory().ensureAll();
        }
        // Second block holds "d","e": make it "a","e" and fix its CRC, so only order is wrong.
        BlockFrame f;
        try (ZssArchive z = open(p)) {
            f = z.reader().frameAt(second, data.length);
        }
        data[(int) f.payloadOffset() + 1] = 'a';
        long crc = Crc64Xz.of(data, (int) f.levelOffset(), (int) f.bodyLength());
        LittleEndian.putU64(data, (int) f.crcOffset(), crc);
        Path bad = dir.resolve("across-bad.zss");
        Files.write(bad, data);
        try (ZssArchive z = open(bad)) {
            List<Problem> problems = verify(z);
            List<String> msgs = problems.stream().map(Problem::toString).toList();
            assertTrue(
                    problems.stream()
                            .anyMatch(pr -> pr.offset() == second
                                    && pr.message().startsWith("records out of order across blocks")),
                    msgs.toString());
            assertTrue(
                    problems.stream()
                            .anyMatch(pr -> pr.message().equals("key b'd' is too large for block at " + second)),
                    msgs.toString());
            assertTrue(
                    problems.stream().anyMatch(pr -> pr.message().startsWith("data hash mismatch")), msgs.toString());
        }
    }

    @Test
    void severalProblemsInOneFileAreAllReported() throws Exception {
        Path p = dir.resolve("multi.zss");
        List<byte[]> recs = new ArrayList<>();
        for (int i = 0; i < 200; i++) recs.add(bytes(String.format("r%04d", i)));
        ZssWriter.write(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .approxBlockSize(20)
                        .branchingFactor(8),
                recs.iterator());
        byte[] data = Files.readAllBytes(p);
        List<Long> damaged = new ArrayList<>();
        try (ZssArchive z = open(p)) {
            for (int i : new int[] {3, 20, 35}) {
                BlockFrame f = z.reader().frameAt(z.blockDirectory().dataOffset(i), data.length);
                data[(int) f.payloadOffset() + 2] ^= 1;
                damaged.add(f.offset());
            }
        }
        Path bad = dir.resolve("multi-bad.zss");
        Files.write(bad, data);
        try (ZssArchive z = open(bad)) {
            List<Long> offsets = verify(z).stream()
                    .filter(pr -> pr.message().startsWith("checksum mismatch"))
                    .map(Problem::offset)
                    .toList();
            assertEquals(damaged, offsets);
        }
    }
}
