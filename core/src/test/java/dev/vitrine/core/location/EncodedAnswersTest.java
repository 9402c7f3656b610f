package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.remote.PythonServer;
import dev.vitrine.core.remote.RemoteException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that gzips its answers though asked for the bytes as stored (a real Python server,
 * servers/gzip_anyway.py): the gzip bytes are never read as the object's, the user is told why.
 */
class EncodedAnswersTest {
    @TempDir
    static Path dir;

    static PythonServer server;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(PythonServer.available(), "python3 is not installed");
        Path script = Path.of(
                EncodedAnswersTest.class.getResource("/servers/gzip_anyway.py").toURI());
        Path file = Files.write(dir.resolve("a.zss"), new byte[100_000]);
        server = PythonServer.start(script.toString(), "PORT", file.toString());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) server.close();
    }

    @Test
    void aCompressedAnswerIsRefusedByName() {
        Location l = Locations.of(server.url("a.zss"), RemoteOptions.DEFAULT);
        RemoteException e = assertThrows(RemoteException.class, l::stat);
        assertEquals("server sent the object encoded (Content-Encoding: gzip), not its bytes", e.reason());
    }
}
