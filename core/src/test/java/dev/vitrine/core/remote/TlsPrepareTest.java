package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLS set up ahead for an https:// address (the window's argument, an address being typed): nothing sent. */
class TlsPrepareTest {

    @Test
    void anHttpsAddressReadsItsAuthoritiesAhead(@TempDir Path dir) throws Exception {
        Path bundle = TestCertificates.make(dir).pem();
        var options = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT, bundle);
        assertFalse(TrustedAuthorities.read(bundle));
        Locations.prepare("https://archives.example/a.zss", options).get(60, TimeUnit.SECONDS);
        assertTrue(TrustedAuthorities.read(bundle), "the bundle is read before the first request");
    }

    @Test
    void aBundleThatCannotBeReadIsSaidWhenTheAddressIsRead(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.pem"), "no certificate here");
        var options = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT, broken);
        Locations.prepare("HTTPS://archives.example/a.zss", options).get(60, TimeUnit.SECONDS); // no exception
        assertFalse(TrustedAuthorities.read(broken));
        var e = assertThrows(
                RemoteException.class, () -> TrustedAuthorities.managers(broken, "https://archives.example/a.zss"));
        assertTrue(e.getMessage().contains("holds no PEM certificate"), e.getMessage());
    }

    @Test
    void plainHttpPreparesNothing(@TempDir Path dir) throws Exception {
        Path bundle = TestCertificates.make(dir).pem();
        var options = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT, bundle);
        assertTrue(Locations.prepare("http://archives.example/a.zss", options).isDone());
        assertFalse(TrustedAuthorities.read(bundle));
    }
}
