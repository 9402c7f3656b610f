package dev.vitrine.core.remote;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Java's own certificate authorities, read when a certificate is first checked. The AWS SDK's
 * HTTP client makes its TLS context as it is built, reading Java's trust store (30-40 ms of every
 * start) even for an http:// endpoint (MinIO, s3proxy on a private network), which never uses it.
 */
final class LazyTrust extends X509ExtendedTrustManager {
    private volatile X509ExtendedTrustManager real;

    /** Trust managers for a client that may never make a TLS connection. */
    static TrustManager[] managers() {
        return new TrustManager[] {new LazyTrust()};
    }

    private X509ExtendedTrustManager real() throws CertificateException {
        X509ExtendedTrustManager r = real;
        if (r != null) return r;
        try {
            TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            f.init((KeyStore) null);
            for (TrustManager t : f.getTrustManagers()) {
                if (t instanceof X509ExtendedTrustManager x) return real = x;
            }
        } catch (GeneralSecurityException e) {
            throw new CertificateException("Java's certificate authorities cannot be read", e);
        }
        throw new CertificateException("Java has no X.509 trust manager");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        real().checkClientTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        real().checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        real().checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        real().checkServerTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        real().checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        real().checkServerTrusted(chain, authType, engine);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        try {
            return real().getAcceptedIssuers();
        } catch (CertificateException e) {
            return new X509Certificate[0];
        }
    }
}
