package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Decompression is bounded by what a block really produces: a bomb is a problem, never an OutOfMemoryError. */
class ZssLimitsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"ZSS,deflate", "ZSS,bz2", "ZS,lzma2;dsize=2^20"})
    void aCompressionBombIsReportedAtItsBlock(ZssFlavor flavor, String codec) throws Exception {
        // One 24 MB record of zeros: a few KB compressed, three times the block limit below.
        Path p = dir.resolve("bomb." + flavor.id());
        byte[] zeros = new byte[24 << 20];
        ZssWriter.write(
                p,
                ZssWriter.Options.of(flavor).codec(codec),
                List.of(new byte[] {0}, zeros).iterator());
        assertTrue(Files.size(p) < (1 << 20), "compressed: " + Files.size(p));
        Limits tight = new Limits(8L << 20, 1_000_000, 64, 1L << 20);
        try (ZssArchive z = open(p, tight)) {
            long bombAt = z.blockDirectory().dataOffset(0);
            FormatException e = assertThrows(FormatException.class, () -> z.scan(null, null, null, (b, o, l) -> true));
            assertEquals(bombAt, e.offset());
            assertTrue(e.getMessage().contains("more than " + (8 << 20) + " bytes"), e.getMessage());
            List<Problem> problems = verify(z);
            assertTrue(
                    problems.stream()
                            .anyMatch(
                                    pr -> pr.offset() == bombAt && pr.message().contains("more than")),
                    problems.toString());
        }
        // With the default limits the same file is fine.
        try (ZssArchive z = open(p)) {
            assertEquals(List.of(), verify(z));
            assertEquals(2, records(z).size());
        }
    }
}
