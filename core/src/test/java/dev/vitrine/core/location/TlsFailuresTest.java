package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.TestCertificates;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS failures in words a user acts on, against the JDK's own HTTPS server with a self-signed
 * certificate made by keytool, and nginx (plain HTTP) asked for https://.
 */
class TlsFailuresTest {
    @TempDir
    static Path dir;

    static TestCertificates certificates;
    static HttpsServer tls;
    static NginxServer plain;

    @BeforeAll
    static void start() throws Exception {
        certificates = TestCertificates.make(dir);
        tls = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        tls.setHttpsConfigurator(new HttpsConfigurator(certificates.serverContext()));
        tls.createContext("/", x -> {
            x.sendResponseHeaders(404, -1);
            x.close();
        });
        tls.start();
    }

    @AfterAll
    static void stop() throws java.io.IOException {
        if (tls != null) tls.stop(0);
        if (plain != null) plain.close();
    }

    private static String reason(String url) {
        Location l = Locations.of(url, RemoteOptions.DEFAULT);
        return assertThrows(RemoteException.class, l::stat).reason();
    }

    @Test
    void aSelfSignedCertificateIsSaidToBeNotTrusted() {
        assertEquals(
                "TLS certificate not trusted (self-signed, or signed by an authority this Java does not know)",
                reason("https://127.0.0.1:" + tls.getAddress().getPort() + "/a.zss"));
    }

    /** What reading a TLS server (made by {@code setUp} from the test certificate) said, and how many connections it took. */
    private record Tried(String reason, int connections) {}

    /** Reads from a TLS server whose every handshake fails, counting the connections the reader made. */
    private static Tried tryServer(java.util.function.Consumer<javax.net.ssl.SSLServerSocket> setUp) throws Exception {
        var accepted = new java.util.concurrent.atomic.AtomicInteger();
        try (var server = (javax.net.ssl.SSLServerSocket) certificates
                .serverContext()
                .getServerSocketFactory()
                .createServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            setUp.accept(server);
            Thread t = Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try (var s = (javax.net.ssl.SSLSocket) server.accept()) {
                        accepted.incrementAndGet();
                        s.startHandshake(); // fails
                    } catch (java.io.IOException e) {
                        // the refused handshake, or the socket closed at the end
                    }
                }
            });
            String reason = reason("https://127.0.0.1:" + server.getLocalPort() + "/a.zss");
            server.close();
            t.join(5000);
            return new Tried(reason, accepted.get());
        }
    }

    /** A certificate does not become trusted on a second try: one connection, not six with backoff (5 s). */
    @Test
    void anUntrustedCertificateIsTriedOnce() throws Exception {
        Tried tried = tryServer(server -> {}); // the client does not trust it
        assertEquals(
                "TLS certificate not trusted (self-signed, or signed by an authority this Java does not know)",
                tried.reason());
        assertEquals(1, tried.connections());
    }

    /**
     * A server that refuses the handshake with a fatal alert (no protocol or cipher suite in
     * common) refuses it again: said after two connections, not after six with backoff (4 s). The
     * second offers every key exchange group: the alert is the one a server without x25519 gives
     * the first handshake's single key share (TlsKeyShareTest).
     */
    @Test
    void aHandshakeTheServerRefusesIsTriedTwice() throws Exception {
        Tried tried = tryServer(server -> {
            // an RSA certificate cannot serve an ECDSA suite: nothing in common with any client
            server.setEnabledProtocols(new String[] {"TLSv1.2"});
            server.setEnabledCipherSuites(new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"});
        });
        org.junit.jupiter.api.Assertions.assertTrue(
                tried.reason().startsWith("TLS handshake failed (")
                        && tried.reason().contains("handshake_failure"),
                tried.reason());
        assertEquals(2, tried.connections());
    }

    @Test
    void aBundleWithTheCertificateIsTrusted() throws java.io.IOException {
        var options = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT, certificates.pem());
        Location l = Locations.of("https://127.0.0.1:" + tls.getAddress().getPort() + "/a.zss", options);
        // past TLS: the server's own answer
        assertEquals(
                "no such object (HTTP 404)",
                assertThrows(RemoteException.class, l::stat).reason());
    }

    @Test
    void aBundleThatIsNotOneIsSaid() throws java.io.IOException {
        Path notPem = java.nio.file.Files.writeString(dir.resolve("notes.txt"), "hello");
        var options = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT, notPem);
        Location l = Locations.of("https://127.0.0.1:" + tls.getAddress().getPort() + "/a.zss", options);
        assertEquals(
                "CA bundle " + notPem + " holds no PEM certificate",
                assertThrows(RemoteException.class, l::stat).reason());
    }

    /**
     * Plain http:// never reads the bundle (an AWS_CA_BUNDLE set for S3 cost every http:// command
     * half a second), unless a redirect leads to https://: then a bad one is said as for https.
     */
    @Test
    void plainHttpReadsTheBundleOnlyWhenRedirectedToHttps() throws java.io.IOException {
        Path notPem = java.nio.file.Files.writeString(dir.resolve("not-a-bundle.txt"), "hello");
        var options = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT, notPem);
        var http =
                com.sun.net.httpserver.HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", x -> {
            if (x.getRequestURI().getPath().equals("/moved.zss")) {
                x.getResponseHeaders()
                        .add("Location", "https://127.0.0.1:" + tls.getAddress().getPort() + "/a.zss");
                x.sendResponseHeaders(301, -1);
            } else {
                x.sendResponseHeaders(404, -1);
            }
            x.close();
        });
        http.start();
        try {
            String base = "http://127.0.0.1:" + http.getAddress().getPort();
            Location stays = Locations.of(base + "/a.zss", options);
            assertEquals(
                    "no such object (HTTP 404)",
                    assertThrows(RemoteException.class, stays::stat).reason());
            Location moved = Locations.of(base + "/moved.zss", options);
            assertEquals(
                    "CA bundle " + notPem + " holds no PEM certificate",
                    assertThrows(RemoteException.class, moved::stat).reason());
        } finally {
            http.stop(0);
        }
    }

    /** nginx answers a TLS hello with a plain 400 (the JDK's HTTP server would wait for a request line). */
    @Test
    void httpsToAPlainServerSaysSo() throws java.io.IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        plain = NginxServer.serve(dir);
        assertEquals(
                "not a TLS server (plain HTTP on this port? try http://)",
                reason("https://127.0.0.1:" + plain.port() + "/a.zss"));
    }
}
