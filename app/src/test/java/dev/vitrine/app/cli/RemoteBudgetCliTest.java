package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import dev.vitrine.core.remote.NginxServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What remote reads cost, counted from nginx's access log: a key range reads the index path and
 * the blocks that hold it; a whole scan fetches each byte about once.
 */
class RemoteBudgetCliTest {
    @TempDir
    static Path dir;

    static NginxServer nginx;
    static Path zss;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        // ~8 MB in 4 KB blocks: a three-level index over ~2,000 data blocks, made once
        zss = dir.resolve("big.zss");
        Iterator<byte[]> records = IntStream.range(0, 200_000)
                .mapToObj(i -> String.format("key-%08d value-%s", i, "x".repeat(20 + i % 17))
                        .getBytes(StandardCharsets.UTF_8))
                .iterator();
        ZssWriter.write(
                zss,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .approxBlockSize(4096)
                        .branchingFactor(16),
                records);
        nginx = NginxServer.serve(dir);
    }

    @AfterAll
    static void stop() throws IOException {
        if (nginx != null) nginx.close();
    }

    private long bytesFetched() throws IOException {
        return nginx.requests().stream().mapToLong(NginxServer.Request::bytes).sum();
    }

    @Test
    void aKeyRangeReadsOnlyTheIndexPathAndItsBlocks() throws IOException {
        nginx.clearLog();
        CliRun remote = CliRun.of("cat", "--start", "key-00100000", "--stop", "key-00100050", nginx.url("big.zss"));
        CliRun local = CliRun.of("cat", "--start", "key-00100000", "--stop", "key-00100050", zss.toString());
        assertEquals(0, remote.exit(), remote.stderr());
        assertArrayEquals(local.stdout(), remote.stdout());
        assertEquals(50, remote.out().lines().count());
        long size = Files.size(zss);
        List<NginxServer.Request> rs = nginx.requests();
        assertTrue(
                bytesFetched() < size / 8,
                bytesFetched() + " of " + size + " bytes in " + rs.size() + " requests: " + rs);
    }

    @Test
    void verifyFetchesEachByteAboutOnce() throws IOException {
        nginx.clearLog();
        CliRun r = CliRun.of("verify", nginx.url("big.zss"));
        assertEquals(0, r.exit(), r.stderr());
        long size = Files.size(zss);
        assertTrue(bytesFetched() <= size * 1.1, bytesFetched() + " bytes fetched for a file of " + size);
    }

    @Test
    void catOfTheWholeArchiveIsTheLocalOutputAndFetchesEachByteAboutOnce() throws IOException {
        nginx.clearLog();
        CliRun remote = CliRun.of("cat", nginx.url("big.zss"));
        assertEquals(0, remote.exit(), remote.stderr());
        assertArrayEquals(CliRun.of("cat", zss.toString()).stdout(), remote.stdout());
        assertTrue(bytesFetched() <= Files.size(zss) * 1.1, bytesFetched() + " bytes fetched for " + Files.size(zss));
    }
}
