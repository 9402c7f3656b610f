package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trust an http:// S3 endpoint's client is built with: Java's own, read when first needed, never "trust all". */
class LazyTrustTest {
    @TempDir
    Path tmp;

    @Test
    void aSelfSignedCertificateIsRefusedAsJavaRefusesIt() throws Exception {
        TestCertificates certs = TestCertificates.make(tmp);
        X509Certificate self;
        try (InputStream in = Files.newInputStream(certs.pem())) {
            self = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        X509ExtendedTrustManager trust = (X509ExtendedTrustManager) TrustedAuthorities.javaOwnWhenUsed()[0];
        assertThrows(CertificateException.class, () -> trust.checkServerTrusted(new X509Certificate[] {self}, "RSA"));
        X509Certificate[] issuers = trust.getAcceptedIssuers();
        assertTrue(issuers.length > 10, "Java's public authorities: " + issuers.length);
        assertFalse(Arrays.asList(issuers).contains(self));
    }
}
