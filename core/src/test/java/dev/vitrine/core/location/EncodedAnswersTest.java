package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.TestPorts;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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

    static Process server;
    static int port;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "python3 is not installed");
        Path script = Path.of(
                EncodedAnswersTest.class.getResource("/servers/gzip_anyway.py").toURI());
        Path file = Files.write(dir.resolve("a.zss"), new byte[100_000]);
        port = TestPorts.free();
        server = new ProcessBuilder("/usr/bin/python3", script.toString(), String.valueOf(port), file.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        for (int i = 0; i < 200; i++) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw new IOException("gzip_anyway.py did not start");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCompressedAnswerIsRefusedByName() {
        Location l = Locations.of("http://127.0.0.1:" + port + "/a.zss", RemoteOptions.DEFAULT);
        RemoteException e = assertThrows(RemoteException.class, l::stat);
        assertEquals("server sent the object encoded (Content-Encoding: gzip), not its bytes", e.reason());
    }
}
