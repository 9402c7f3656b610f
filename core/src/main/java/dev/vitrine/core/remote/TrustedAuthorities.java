package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The certificate authorities an https:// or S3 connection trusts when the user names a bundle
 * of them (--ca-bundle FILE, or AWS_CA_BUNDLE as the AWS CLI reads it): the PEM file's
 * certificates instead of Java's own, as {@code curl --cacert} and the AWS CLI do. A store behind
 * a private authority (a company's MinIO) is then read without touching the JVM's trust store.
 */
public final class TrustedAuthorities {
    private TrustedAuthorities() {}

    private static final Map<Path, TrustManager[]> READ = new ConcurrentHashMap<>();

    /** A system bundle of every public authority is about 200 KB: a larger file is something else. */
    private static final long MAX_BYTES = 16L << 20;

    /** The bundle in force: the one given, else AWS_CA_BUNDLE's, else null (Java's own authorities). */
    public static Path bundle(Path given) {
        if (given != null) return given;
        String env = System.getenv("AWS_CA_BUNDLE");
        return env == null || env.isBlank() ? null : Path.of(env.strip());
    }

    /** Trust in {@code bundle}'s certificates; a bundle that cannot be read, or holds none, is said for {@code display}. */
    public static TrustManager[] managers(Path bundle, String display) throws RemoteException {
        TrustManager[] known = READ.get(bundle);
        if (known != null) return known;
        try {
            // read whole first: the JDK's PEM reader takes a byte at a time, a system call each from
            // a file (0.45 s for the 140 authorities of a system bundle, against 0.1 s from memory)
            if (Files.size(bundle) > MAX_BYTES)
                throw new RemoteException(display, "CA bundle " + bundle + " is too large to be one (over 16 MB)");
            InputStream in = new java.io.ByteArrayInputStream(Files.readAllBytes(bundle));
            Collection<? extends Certificate> certs =
                    CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certs.isEmpty())
                throw new RemoteException(display, "CA bundle " + bundle + " holds no PEM certificate");
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate c : certs) store.setCertificateEntry("ca-" + i++, c);
            TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            f.init(store);
            READ.put(bundle, f.getTrustManagers());
            return f.getTrustManagers();
        } catch (java.security.cert.CertificateException e) {
            throw new RemoteException(display, "CA bundle " + bundle + " holds no PEM certificate", e);
        } catch (IOException | GeneralSecurityException e) {
            throw new RemoteException(
                    display,
                    "CA bundle " + bundle + " cannot be read (" + dev.vitrine.core.text.Messages.reason(e) + ")",
                    e);
        }
    }

    /**
     * The TLS context for {@code uri} when a bundle is in force: read now for https://, and for
     * plain http:// only if a redirect leads to https (a bundle the environment names, as
     * AWS_CA_BUNDLE often is, would otherwise cost half a second of every http:// command).
     */
    public static SSLContext contextFor(java.net.URI uri, Path bundle, String display) throws RemoteException {
        if ("https".equalsIgnoreCase(uri.getScheme())) return context(bundle, display);
        return LazyTls.context(() -> context(bundle, display));
    }

    /**
     * Sets TLS up ahead, sending nothing: reads {@code bundle} (null: Java's own authorities) and
     * makes a ClientHello in memory, which loads the handshake's classes and makes its key shares
     * (in a window without a start-up cache for TLS, 0.6 s of an https:// archive's first open).
     * What fails here fails again, and is said, when the address is read.
     */
    public static void prepare(Path bundle) {
        try {
            SSLContext c = context(bundle, String.valueOf(bundle));
            SSLContext one = OneKeyShare.narrowed(c); // the hello a client sends first
            javax.net.ssl.SSLEngine e = (one != null ? one : c).createSSLEngine("vitrine.invalid", 443);
            e.setUseClientMode(true);
            e.beginHandshake();
            e.wrap(
                    java.nio.ByteBuffer.allocate(0),
                    java.nio.ByteBuffer.allocate(e.getSession().getPacketBufferSize()));
            for (Runnable task; (task = e.getDelegatedTask()) != null; ) task.run();
            e.closeOutbound();
        } catch (IOException | RuntimeException ignored) {
            // said when the address is read
        }
    }

    /**
     * Trust in Java's own authorities, read only when a certificate is first checked: for a client
     * built with its TLS context (the AWS SDK's) that talks to an http:// endpoint.
     */
    public static TrustManager[] javaOwnWhenUsed() {
        return LazyTrust.managers();
    }

    /** Whether {@code bundle} has been read (tests). */
    static boolean read(Path bundle) {
        return READ.containsKey(bundle);
    }

    /** A TLS context trusting {@code bundle}'s certificates only, or Java's own authorities when it is null. */
    public static SSLContext context(Path bundle, String display) throws RemoteException {
        try {
            if (bundle == null) return SSLContext.getDefault();
            SSLContext c = SSLContext.getInstance("TLS");
            c.init(null, managers(bundle, display), null);
            return c;
        } catch (GeneralSecurityException e) {
            throw new RemoteException(display, "TLS cannot be set up (" + e.getMessage() + ")", e);
        }
    }
}
