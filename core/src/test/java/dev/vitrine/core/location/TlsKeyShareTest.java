package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.TestCertificates;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An https:// client's first handshake offers one key share, x25519's (the second one the JDK
 * would make, secp256r1's, cost about 40 ms of every https:// command); a server without x25519 is
 * reached all the same, by a second handshake offering every group. Against the JDK's own HTTPS
 * server with its groups chosen, counting the connections made to it.
 */
class TlsKeyShareTest {
    @TempDir
    static Path dir;

    private static TestCertificates certificates;

    /** The connections a stat of an object on a server offering only {@code groups} took; it answers 404. */
    private static int connections(String... groups) throws Exception {
        if (certificates == null) certificates = TestCertificates.make(dir);
        AtomicInteger connections = new AtomicInteger();
        HttpsServer tls = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        tls.setHttpsConfigurator(new HttpsConfigurator(certificates.serverContext()) {
            @Override
            public void configure(HttpsParameters params) { // once per connection
                connections.incrementAndGet();
                var p = getSSLContext().getDefaultSSLParameters();
                p.setNamedGroups(groups);
                params.setSSLParameters(p);
            }
        });
        tls.createContext("/", x -> {
            x.sendResponseHeaders(404, -1);
            x.close();
        });
        tls.start();
        try {
            var options = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT, certificates.pem());
            Location l = Locations.of("https://127.0.0.1:" + tls.getAddress().getPort() + "/a.zss", options);
            // past TLS: the server's own answer
            assertEquals(
                    "no such object (HTTP 404)",
                    assertThrows(RemoteException.class, l::stat).reason());
            return connections.get();
        } finally {
            tls.stop(0);
        }
    }

    @Test
    void aServerWithX25519IsReachedAtTheFirstHandshake() throws Exception {
        assertEquals(1, connections("x25519", "secp256r1"));
    }

    @Test
    void aServerWithoutX25519IsReachedAtTheSecondHandshake() throws Exception {
        assertEquals(2, connections("secp256r1"));
        assertEquals(2, connections("secp384r1", "ffdhe2048"));
    }
}
