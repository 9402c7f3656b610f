package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A server's own bytes quoted in a reason (a header the client refused) cannot drive the user's terminal. */
class RemoteHostileTextTest {
    @Test
    void escapesInAServersHeaderAreWrittenOutNotSent() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try (Socket c = server.accept()) {
                        InputStream in = c.getInputStream();
                        byte[] buf = new byte[8192];
                        in.read(buf); // the request's head
                        OutputStream out = c.getOutputStream();
                        out.write(("HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-9/10\r\n"
                                        + "Content-Encoding: x\u001b[2J\u001b]0;PWNED\u0007\u001b[31mRED\r\n"
                                        + "Content-Length: 10\r\n\r\n0123456789")
                                .getBytes(StandardCharsets.ISO_8859_1));
                        out.flush();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            RemoteSettings settings = RemoteSettings.DEFAULT.withTimeouts(
                    Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
            URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/a.bin");
            RemoteException e = assertThrows(
                    RemoteException.class,
                    () -> RemoteObject.open(new HttpTransport(uri, List.of(), settings), settings)
                            .close());
            String m = e.getMessage();
            assertTrue(m.chars().noneMatch(Character::isISOControl), m);
            assertTrue(m.endsWith(": server sent a header holding control characters"), m);
            server.close();
            t.join(5000);
        }
    }
}
