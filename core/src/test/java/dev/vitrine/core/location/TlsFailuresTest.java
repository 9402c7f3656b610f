package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.RemoteException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
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

    static HttpsServer tls;
    static NginxServer plain;

    @BeforeAll
    static void start() throws Exception {
        Path keys = dir.resolve("server.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        "server",
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "2048",
                        "-dname",
                        "CN=localhost",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        keys.toString(),
                        "-storepass",
                        "secret1",
                        "-keypass",
                        "secret1")
                .redirectErrorStream(true)
                .start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "keytool made no certificate");
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = java.nio.file.Files.newInputStream(keys)) {
            ks.load(in, "secret1".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "secret1".toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        tls = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        tls.setHttpsConfigurator(new HttpsConfigurator(ctx));
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
