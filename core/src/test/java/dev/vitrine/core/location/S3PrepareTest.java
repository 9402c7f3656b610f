package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The S3 client made ahead (while the window starts, or an address is typed) sends nothing and serves the reads. */
class S3PrepareTest {

    @Test
    void preparingMakesTheClientWithoutARequest() throws Exception {
        try (ServerSocket store = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            AtomicInteger connections = new AtomicInteger();
            Thread.ofVirtual().start(() -> {
                while (!store.isClosed()) {
                    try (var ignored = store.accept()) {
                        connections.incrementAndGet();
                    } catch (java.io.IOException closed) {
                        return;
                    }
                }
            });
            var options = new RemoteOptions(
                    List.of(), true, URI.create("http://127.0.0.1:" + store.getLocalPort()), RemoteSettings.DEFAULT);
            assertFalse(S3Clients.made(options));
            Locations.prepare("s3://bucket/big.clps", options).get(60, TimeUnit.SECONDS);
            assertTrue(S3Clients.made(options), "the client is there for the first read");
            Thread.sleep(200);
            assertEquals(0, connections.get(), "nothing is sent before the user opens");
        }
    }

    @Test
    void anHttpAddressNeedsNothingAhead() throws Exception {
        var options = new RemoteOptions(
                List.of(), true, URI.create("http://127.0.0.1:9/never-prepared"), RemoteSettings.DEFAULT);
        assertTrue(Locations.prepare("http://host/a.zss", options).isDone());
        assertFalse(S3Clients.made(options));
    }

    @Test
    void aPreparedClientReadsTheObject() throws Exception {
        try (S3TestServer s3 = S3TestServer.start()) {
            byte[] data = new byte[100_000];
            new java.util.Random(5).nextBytes(data);
            Files.write(Files.createDirectories(s3.root().resolve("prepared")).resolve("o.bin"), data);
            var options = new RemoteOptions(List.of(), false, s3.endpoint(), RemoteSettings.DEFAULT);
            Locations.prepare("  S3://prepared/o.bin", options).get(60, TimeUnit.SECONDS);
            try (ByteSource src = Locations.of("s3://prepared/o.bin", options).open()) {
                assertArrayEquals(data, src.read(0, data.length));
            }
        }
    }
}
