package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.RemoteSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tree's list of data blocks over HTTP walks every block's frame: it asks for the file in
 * large requests side by side, not one block-sized request per frame after another.
 */
class ZssRemoteTreeTest {
    @TempDir
    Path dir;

    @Test
    void listingTheDataBlocksStreamsTheFile() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Iterator<byte[]> records = new Iterator<>() {
            long i;

            public boolean hasNext() {
                return i < 300_000;
            }

            public byte[] next() {
                return String.format("key-%09d value-%08x", i, i++ * 2654435761L & 0xffffffffL)
                        .getBytes(StandardCharsets.US_ASCII);
            }
        };
        Path file = dir.resolve("a.zss");
        ZssWriter.write(file, ZssWriter.Options.of(ZssFlavor.ZSS).codec("none").approxBlockSize(16 << 10), records);
        long size = Files.size(file);
        RemoteSettings settings = RemoteSettings.DEFAULT.withBlockBytes(64 << 10);
        try (NginxServer nginx = NginxServer.serve(dir)) {
            try (Archive a = FormatRegistry.get()
                    .open(
                            Locations.of(nginx.url("a.zss"), new RemoteOptions(List.of(), false, null, settings)),
                            Limits.DEFAULT)) {
                Node blocks = a.root().children(0, 100).stream()
                        .filter(n -> n.name().equals("data blocks"))
                        .findFirst()
                        .orElseThrow();
                nginx.clearLog();
                long n = blocks.childCount();
                assertTrue(n > 300, "many data blocks: " + n);
                int requests = nginx.requests().size();
                long blockSized = size / settings.blockBytes();
                assertTrue(
                        requests < blockSized / 4,
                        requests + " requests for " + size + " bytes (" + blockSized + " blocks of the cache)");
                assertEquals(n, blocks.children(0, (int) n).size());
            }
        }
    }
}
