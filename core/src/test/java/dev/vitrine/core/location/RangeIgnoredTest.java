package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.remote.PythonServer;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.RemoteSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Python's http.server ignores Range: the object is read whole, once, within a limit, and the user is told. */
class RangeIgnoredTest {
    @TempDir
    static Path dir;

    static PythonServer server;
    static byte[] data;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(PythonServer.available(), "python3 is not installed");
        data = new byte[300_000];
        new Random(5).nextBytes(data);
        Files.write(dir.resolve("a.bin"), data);
        server = PythonServer.start("-m", "http.server", "PORT", "--bind", "127.0.0.1", "--directory", dir.toString());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) server.close();
    }

    @Test
    void theWholeBodyIsReadOnceAndTheUserIsTold() throws IOException {
        Location l = Locations.of(server.url("a.bin"), RemoteOptions.DEFAULT);
        assertEquals(data.length, l.stat().size());
        try (ByteSource src = l.open()) {
            assertArrayEquals(data, src.read(0, data.length));
        }
        assertEquals(
                List.of(
                        "server ignores Range requests: read the whole object (300000 bytes) once into a temporary file"),
                l.notices());
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertTrue(
                    left.noneMatch(p -> p.getFileName().toString().startsWith("vitrine-whole-")),
                    "the temporary file is gone once mapped");
        }
    }

    @Test
    void anObjectOverTheLimitIsRefused() {
        RemoteOptions small =
                new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT.withWholeBodyBytes(100_000));
        RemoteException e = assertThrows(
                RemoteException.class,
                () -> Locations.of(server.url("a.bin"), small).stat());
        assertEquals(
                "server ignores Range requests, and the object (300000 bytes) is over the limit of 100000 bytes for reading it whole",
                e.reason());
    }
}
