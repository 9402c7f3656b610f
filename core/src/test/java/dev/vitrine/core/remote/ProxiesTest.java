package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How the proxy variables are read: as curl and the AWS CLI read them (the traffic itself is RemoteProxyCliTest's). */
class ProxiesTest {
    private static Proxies.Proxy proxy(Map<String, String> env, String url) throws RemoteException {
        return Proxies.of(env).forTarget(URI.create(url), url);
    }

    @Test
    void eachSchemeHasItsVariableAndAllProxyIsTheFallback() throws RemoteException {
        var env = Map.of("http_proxy", "plain:3128", "HTTPS_PROXY", "http://secure:8443", "all_proxy", "other:1");
        assertEquals(
                "http://plain:3128 (from http_proxy)",
                proxy(env, "http://a.example/x.zss").describe());
        assertEquals(
                "http://secure:8443 (from HTTPS_PROXY)",
                proxy(env, "https://a.example/x.zss").describe());
        var only = Map.of("ALL_PROXY", "http://other:3128");
        assertEquals(
                "http://other:3128 (from ALL_PROXY)",
                proxy(only, "https://a.example/x").describe());
    }

    @Test
    void lowerCaseWinsAndAProxyWithoutPortIsOnCurlsPort() throws RemoteException {
        var env = Map.of("https_proxy", "http://lower", "HTTPS_PROXY", "http://upper:1");
        Proxies.Proxy p = proxy(env, "https://a.example/x");
        assertEquals("lower", p.host());
        assertEquals(1080, p.port());
    }

    @Test
    void noVariableMeansDirectAndJavasOwnSettings() throws RemoteException {
        assertFalse(Proxies.of(Map.of()).any());
        assertNull(proxy(Map.of(), "https://a.example/x"));
    }

    @Test
    void theUserAndPasswordAreDecodedAndNeverSaid() throws RemoteException {
        Proxies.Proxy p = proxy(Map.of("https_proxy", "http://al%40corp:p%3Ass+w@proxy:3128"), "https://a.example/x");
        assertEquals("al@corp", p.user());
        assertEquals("p:ss+w", p.password());
        assertEquals("http://proxy:3128 (from https_proxy)", p.describe());
    }

    /** Without no_proxy, loopback goes direct as in Java's default; with it, exactly what it lists does. */
    @ParameterizedTest
    @CsvSource({
        "'', http://127.0.0.1:8080/a, false",
        "'', http://localhost/a, false",
        "'', 'http://[::1]/a', false",
        "'', http://files.example.com/a, true",
        "example.invalid, http://127.0.0.1:8080/a, true",
        "example.com, http://example.com/a, false",
        "example.com, http://files.example.com/a, false",
        ".example.com, http://files.example.com/a, false",
        "*.example.com, http://files.example.com/a, false",
        "example.com, http://notexample.com/a, true",
        "'a.test, example.com', http://example.com/a, false",
        "*, http://anything.test/a, false",
        "10.0.0.0/8, http://10.2.3.4/a, false",
        "10.0.0.0/8, http://11.2.3.4/a, true",
        "10.0.0.0/8, http://ten.example/a, true",
        "192.168.1.7, http://192.168.1.7:9000/a, false",
        "files.example.com:9000, http://files.example.com:9000/a, false",
        "files.example.com:9000, http://files.example.com:9001/a, true",
        "'fd00::/8', 'http://[fd00::1]/a', false",
    })
    void noProxyListsWhatGoesDirect(String noProxy, String url, boolean throughProxy) throws RemoteException {
        var env = noProxy.isEmpty()
                ? Map.of("http_proxy", "http://proxy:3128")
                : Map.of("http_proxy", "http://proxy:3128", "no_proxy", noProxy);
        assertEquals(throughProxy, proxy(env, url) != null, noProxy + " " + url);
    }

    @Test
    void aSocksProxyIsRefusedByName() {
        var proxies = Proxies.of(Map.of("ALL_PROXY", "socks5h://user:secret@127.0.0.1:9050"));
        RemoteException e = assertThrows(
                RemoteException.class,
                () -> proxies.usableFor(URI.create("https://a.example/x"), "https://a.example/x"));
        assertEquals(
                "the proxy socks5h://127.0.0.1:9050 (from ALL_PROXY) is not an http:// proxy, the only kind Vitrine can use",
                e.reason());
        assertFalse(e.getMessage().contains("secret"));
    }

    @Test
    void aValueThatIsNoAddressIsSaid() {
        var proxies = Proxies.of(Map.of("https_proxy", "http://user:secret@"));
        RemoteException e = assertThrows(
                RemoteException.class,
                () -> proxies.usableFor(URI.create("https://a.example/x"), "https://a.example/x"));
        assertTrue(e.reason().startsWith("https_proxy does not name a proxy"), e.reason());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }

    /** The AWS SDK matches each host against no_proxy as whole-name expressions. */
    @Test
    void namesBecomeExpressionsForTheSdk() {
        var patterns = Proxies.of(Map.of("https_proxy", "http://p:1", "no_proxy", ".internal.example, 10.0.0.0/8"))
                .directPatterns();
        assertEquals(1, patterns.size());
        assertTrue("s3.internal.example".matches(patterns.getFirst()));
        assertTrue("internal.example".matches(patterns.getFirst()));
        assertFalse("s3.amazonaws.com".matches(patterns.getFirst()));
    }
}
