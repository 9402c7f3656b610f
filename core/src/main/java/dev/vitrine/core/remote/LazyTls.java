package dev.vitrine.core.remote;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A TLS context set up on first use. An HTTP client asks for one when it is made, and setting it
 * up reads a trust store: the JDK's (about 0.2 s of CPU at every start) or the user's CA bundle
 * (0.5 s for a system bundle of 140 authorities); an {@code http://} archive needs it only if a
 * redirect leads to {@code https://}, so its client gets this instead and pays nothing otherwise.
 */
final class LazyTls extends ForwardingTls {
    /** Makes the real context; throws only RemoteException (a bundle that cannot be read). */
    interface Maker {
        SSLContext make() throws java.security.GeneralSecurityException, RemoteException;
    }

    private final Maker maker;
    private volatile SSLContext real;

    private LazyTls(Maker maker) {
        this.maker = maker;
    }

    /** A context that becomes the default one when a TLS connection is first made through it. */
    static SSLContext context() {
        return context(SSLContext::getDefault);
    }

    /**
     * A context that becomes {@code maker}'s when a TLS connection is first made through it; a
     * RemoteException it throws reaches the request as the cause of an UncheckedIOException.
     */
    static SSLContext context(Maker maker) {
        return new SSLContext(new LazyTls(maker), null, "Default") {};
    }

    /**
     * What a client made with {@link #context()} starts from: no protocol or cipher choice of
     * its own (the engine's defaults apply when TLS is used); host names are still verified, as
     * the JDK's client sets that on every connection.
     */
    static SSLParameters parameters() {
        return new SSLParameters();
    }

    @Override
    protected SSLContext real() {
        SSLContext r = real;
        if (r == null) {
            try {
                r = maker.make();
            } catch (RemoteException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException("no TLS in this Java runtime", e);
            }
            real = r;
        }
        return r;
    }
}
