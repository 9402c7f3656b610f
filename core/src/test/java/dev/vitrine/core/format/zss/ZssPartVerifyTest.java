package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.open;
import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.format.PartVerifyRun;
import dev.vitrine.core.model.ByteRange;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Verify this part" on a ZSS file: only the blocks that meet the part are read and reported. */
class ZssPartVerifyTest {
    @TempDir
    Path dir;

    /** A file of many small deflate blocks, with the payloads of data blocks 3 and 30 damaged. */
    private Path damaged(long[] blocks) throws Exception {
        Path p = dir.resolve("clean.zss");
        try (ZssWriter w = ZssWriter.create(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("deflate")
                        .approxBlockSize(1024)
                        .branchingFactor(16))) {
            for (int i = 0; i < 4000; i++) w.add(String.format("%08d record", i).getBytes(StandardCharsets.US_ASCII));
            w.finish();
        }
        byte[] data = Files.readAllBytes(p);
        try (ZssArchive z = open(p)) {
            BlockDirectory d = z.blockDirectory();
            for (int k = 0; k < 2; k++) {
                BlockFrame f = z.reader().frameAt(d.dataOffset(k == 0 ? 3 : 30), data.length);
                blocks[2 * k] = f.offset();
                blocks[2 * k + 1] = f.totalLength();
                data[(int) (f.payloadOffset() + f.payloadLength() / 2)] ^= 0x55;
            }
        }
        Path bad = dir.resolve("damaged.zss");
        Files.write(bad, data);
        return bad;
    }

    @Test
    void aPartVerifyReportsItsBlockOnlyAndReadsOnlyIt() throws Exception {
        long[] b = new long[4];
        Path p = damaged(b);
        try (ZssArchive z = open(p)) {
            PartVerifyRun whole = PartVerifyRun.of(z, null);
            assertEquals(
                    1,
                    whole.with("checksum mismatch at " + b[0]).size(),
                    whole.problems().toString());
            assertEquals(1, whole.with("checksum mismatch at " + b[2]).size());
            assertFalse(whole.with("data hash mismatch").isEmpty(), "the whole verify checks the hash");
            assertNull(whole.report().scope());

            PartVerifyRun part = PartVerifyRun.of(z, ByteRange.of(b[0], b[1]));
            assertEquals(1, part.problems().size(), part.problems().toString());
            assertEquals(b[0], part.problems().getFirst().offset());
            assertEquals(
                    "checksum mismatch at " + b[0], part.problems().getFirst().message());
            assertEquals(b[1], part.progressTotal(), "progress counts the one block's bytes");
            assertTrue(part.progressTotal() * 20 < Files.size(p));
            assertEquals(
                    "1 data block in [" + b[0] + ", " + (b[0] + b[1]) + ")"
                            + "; whole-archive checks not run: data hash, index references and lengths,"
                            + " record order across blocks, root",
                    part.report().scope());

            // a record inside the other damaged block: that block is checked, the first is not
            PartVerifyRun inner = PartVerifyRun.of(z, ByteRange.of(b[2] + 20, 5));
            assertEquals(1, inner.problems().size(), inner.problems().toString());
            assertEquals(b[2], inner.problems().getFirst().offset());

            // a clean block between them: nothing, and the hash is said not to be checked
            PartVerifyRun clean = PartVerifyRun.of(z, ByteRange.of(b[0] + b[1], 1));
            assertEquals(0, clean.problems().size(), clean.problems().toString());
            assertTrue(
                    clean.report().scope().contains("not run: data hash"),
                    clean.report().scope());
        }
    }

    @Test
    void theHeaderAloneIsTheHeader() throws Exception {
        try (ZssArchive z = open(Path.of("../samples/weather-damaged.zss"))) {
            PartVerifyRun h = PartVerifyRun.of(z, ByteRange.of(0, 10));
            assertEquals(0, h.progressTotal());
            assertTrue(h.report().scope().startsWith("the header"), h.report().scope());
        }
    }
}
