package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.vitrine.core.remote.NginxServer;
import dev.vitrine.core.remote.S3TestServer;
import dev.vitrine.core.remote.TestCertificates;
import dev.vitrine.core.remote.TinyProxy;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine behind a proxy, as a company's: `vitrine` in a fresh JVM whose environment names
 * the proxy (http_proxy, https_proxy, no_proxy as curl reads them), against Debian's tinyproxy
 * in front of nginx, s3proxy and an HTTPS server. Its log says what went through it.
 */
class RemoteProxyCliTest {
    static final String ARCHIVE = "clp-s/generated/archives/sts135-multifile.clps";

    @TempDir
    static Path dir;

    static NginxServer nginx;
    static TinyProxy proxy;
    static TinyProxy guarded;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        assumeTrue(TinyProxy.available(), "tinyproxy is not installed (.ci/run installs tinyproxy-bin)");
        nginx = NginxServer.serve(RemoteCliTest.FIXTURES);
        proxy = TinyProxy.start();
        guarded = TinyProxy.start("alice", "s3cr3t");
    }

    @AfterAll
    static void stop() throws IOException {
        if (nginx != null) nginx.close();
        if (proxy != null) proxy.close();
        if (guarded != null) guarded.close();
    }

    /** `vitrine ARGS` in a new JVM whose only proxy variables are {@code vars}. */
    private static CliRun run(Map<String, String> vars, String... args) throws Exception {
        Consumer<Map<String, String>> env = e -> {
            e.keySet()
                    .removeIf(
                            k -> k.toLowerCase(java.util.Locale.ROOT).endsWith("_proxy") || k.equals("AWS_CA_BUNDLE"));
            e.putAll(vars);
        };
        return CliRun.inNewJvm(dir, env, args);
    }

    /** no_proxy is set (to another name), so loopback is not exempt: the test's servers are reached through the proxy. */
    @Test
    void httpGoesThroughTheProxyAndReadsAsTheLocalCopy() throws Exception {
        String url = nginx.url(ARCHIVE);
        String local = RemoteCliTest.FIXTURES.resolve(ARCHIVE).toString();
        int before = proxy.requests().size();
        nginx.clearLog();
        CliRun r = run(Map.of("http_proxy", proxy.address(null), "no_proxy", "example.invalid"), "cat", url);
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(CliRun.of("cat", local).out(), r.out());
        var through = proxy.requests().subList(before, proxy.requests().size());
        assertFalse(through.isEmpty(), "nothing went through the proxy");
        assertTrue(through.stream().allMatch(l -> l.startsWith("GET " + url)), through.toString());
        assertEquals(nginx.requests().size(), through.size(), "every request went through the proxy");
    }

    @Test
    void withoutNoProxyLoopbackIsReachedDirectly() throws Exception {
        int before = proxy.requests().size();
        CliRun r = run(Map.of("http_proxy", proxy.address(null)), "info", nginx.url(ARCHIVE));
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(before, proxy.requests().size());
    }

    @Test
    void aProxyThatAsksForALoginSaysSoAndOneGivenIsUsed() throws Exception {
        String url = nginx.url(ARCHIVE);
        CliRun none = run(Map.of("http_proxy", guarded.address(null), "no_proxy", "example.invalid"), "info", url);
        assertEquals(2, none.exit());
        assertEquals(
                "vitrine: " + url + ": the proxy http://127.0.0.1:" + guarded.port() + " (from http_proxy) asks for a"
                        + " user and password (HTTP 407; give them in the variable: http://USER:PASSWORD@HOST:PORT)\n",
                none.stderr());
        CliRun given =
                run(Map.of("http_proxy", guarded.address("alice:s3cr3t"), "no_proxy", "example.invalid"), "info", url);
        assertEquals(0, given.exit(), given.stderr());
        assertFalse(given.out().contains("s3cr3t"));
    }

    /** https:// through the proxy's tunnel (CONNECT), with its login: the JDK refuses Basic there unless told. */
    @Test
    void httpsTunnelsThroughAProxyWithALogin(@TempDir Path tmp) throws Exception {
        TestCertificates certificates = TestCertificates.make(tmp);
        HttpsServer tls = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        tls.setHttpsConfigurator(new HttpsConfigurator(certificates.serverContext()));
        tls.createContext("/", x -> {
            x.sendResponseHeaders(404, -1);
            x.close();
        });
        tls.start();
        try {
            String url = "https://127.0.0.1:" + tls.getAddress().getPort() + "/a.zss";
            int before = guarded.requests().size();
            CliRun r = run(
                    Map.of("https_proxy", guarded.address("alice:s3cr3t"), "no_proxy", "example.invalid"),
                    "info",
                    "--ca-bundle",
                    certificates.pem().toString(),
                    url);
            // past the proxy and TLS: the server's own answer
            assertEquals("vitrine: " + url + ": no such object (HTTP 404)\n", r.stderr());
            assertTrue(
                    guarded.requests().subList(before, guarded.requests().size()).stream()
                            .anyMatch(l -> l.startsWith(
                                    "CONNECT 127.0.0.1:" + tls.getAddress().getPort())),
                    guarded.requests().toString());
        } finally {
            tls.stop(0);
        }
    }

    @Test
    void aProxyThatIsNotThereIsNamed() throws Exception {
        String url = nginx.url(ARCHIVE);
        int closed;
        try (var s = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        CliRun r = run(Map.of("HTTP_PROXY", "http://127.0.0.1:" + closed, "no_proxy", "example.invalid"), "info", url);
        assertEquals(2, r.exit());
        assertEquals(
                "vitrine: " + url + ": connection refused at the proxy http://127.0.0.1:" + closed
                        + " (from HTTP_PROXY)\n",
                r.stderr());
    }

    @Test
    void aSocksProxyIsRefusedByNameWithoutItsPassword() throws Exception {
        String url = nginx.url(ARCHIVE);
        CliRun r =
                run(Map.of("ALL_PROXY", "socks5://bob:hunter2@127.0.0.1:1080", "no_proxy", "x.invalid"), "info", url);
        assertEquals(2, r.exit());
        assertEquals(
                "vitrine: " + url + ": the proxy socks5://127.0.0.1:1080 (from ALL_PROXY) is not an http:// proxy,"
                        + " the only kind Vitrine can use\n",
                r.stderr());
    }

    /** S3 through the same reading of the variables: the SDK's client is given the proxy. */
    @Test
    void s3GoesThroughTheProxy() throws Exception {
        try (S3TestServer s3 = S3TestServer.start()) {
            s3.put("fixtures/" + ARCHIVE, RemoteCliTest.FIXTURES.resolve(ARCHIVE));
            String url = "s3://fixtures/" + ARCHIVE;
            int before = proxy.requests().size();
            CliRun r = run(
                    Map.of(
                            "http_proxy",
                            proxy.address(null),
                            "no_proxy",
                            "example.invalid",
                            "AWS_ACCESS_KEY_ID",
                            S3TestServer.IDENTITY,
                            "AWS_SECRET_ACCESS_KEY",
                            S3TestServer.CREDENTIAL,
                            "AWS_REGION",
                            "us-east-1"),
                    "info",
                    "--endpoint-url",
                    s3.endpoint().toString(),
                    url);
            assertEquals(0, r.exit(), r.stderr());
            String local = RemoteCliTest.FIXTURES.resolve(ARCHIVE).toString();
            assertEquals(CliRun.of("info", local).out(), r.out().replace(url, local));
            var through = proxy.requests().subList(before, proxy.requests().size());
            assertTrue(
                    !through.isEmpty() && through.stream().allMatch(l -> l.startsWith("GET " + s3.endpoint())),
                    through.toString());
        }
    }

    /** S3 over TLS tunnels through a proxy with a login as https:// does, and says when it has none. */
    @Test
    void s3OverTlsTunnelsThroughAProxyWithALogin(@TempDir Path tmp) throws Exception {
        TestCertificates certificates = TestCertificates.make(tmp);
        try (S3TestServer s3 = S3TestServer.start(certificates)) {
            s3.put("fixtures/" + ARCHIVE, RemoteCliTest.FIXTURES.resolve(ARCHIVE));
            String url = "s3://fixtures/" + ARCHIVE;
            String[] args = {
                "info",
                "--ca-bundle",
                certificates.pem().toString(),
                "--endpoint-url",
                s3.endpoint().toString(),
                url
            };
            var env = new java.util.HashMap<String, String>();
            env.put("AWS_ACCESS_KEY_ID", S3TestServer.IDENTITY);
            env.put("AWS_SECRET_ACCESS_KEY", S3TestServer.CREDENTIAL);
            env.put("AWS_REGION", "us-east-1");
            env.put("no_proxy", "example.invalid");
            env.put("https_proxy", guarded.address(null));
            CliRun refused = run(env, args);
            assertEquals(
                    "vitrine: " + url + ": the proxy http://127.0.0.1:" + guarded.port() + " (from https_proxy) asks"
                            + " for a user and password (HTTP 407; give them in the variable:"
                            + " http://USER:PASSWORD@HOST:PORT)\n",
                    // (the test class path has two SLF4J providers, s3proxy's and ours, which SLF4J reports first)
                    refused.stderr()
                            .lines()
                            .filter(l -> !l.startsWith("SLF4J"))
                            .map(l -> l + "\n")
                            .reduce("", String::concat));
            env.put("https_proxy", guarded.address("alice:s3cr3t"));
            int before = guarded.requests().size();
            CliRun r = run(env, args);
            assertEquals(0, r.exit(), r.stderr());
            var through = guarded.requests().subList(before, guarded.requests().size());
            assertTrue(
                    !through.isEmpty() && through.stream().allMatch(l -> l.startsWith("CONNECT ")), through.toString());
        }
    }
}
