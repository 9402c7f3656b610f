package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import dev.vitrine.core.remote.TestCertificates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An S3-compatible store behind a private authority (s3proxy on https:// with a self-signed certificate). */
class S3TlsTest {
    @TempDir
    static Path dir;

    static TestCertificates certificates;
    static S3TestServer s3;

    @BeforeAll
    static void start() throws Exception {
        certificates = TestCertificates.make(dir);
        s3 = S3TestServer.start(certificates);
        Path f = Files.write(dir.resolve("a.bin"), new byte[] {1, 2, 3, 4, 5});
        s3.put("data/a.bin", f);
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
    }

    private static RemoteOptions options(Path bundle) {
        return new RemoteOptions(List.of(), false, s3.endpoint(), RemoteSettings.DEFAULT, bundle);
    }

    @Test
    void itsCertificateIsNotTrustedByJava() {
        Location l = Locations.of("s3://data/a.bin", options(null));
        RemoteException e = assertThrows(RemoteException.class, l::stat);
        assertEquals(
                "TLS certificate not trusted (self-signed, or signed by an authority this Java does not know)",
                e.reason());
    }

    @Test
    void withTheAuthorityAsCaBundleItIsRead() throws IOException {
        Location l = Locations.of("s3://data/a.bin", options(certificates.pem()));
        assertEquals(5, l.stat().size());
        try (var src = l.open()) {
            assertEquals(List.of((byte) 1, (byte) 5), List.of(src.read(0, 1)[0], src.read(4, 1)[0]));
        }
    }
}
