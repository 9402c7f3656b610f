package dev.vitrine.core.remote;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * The key exchange groups an https:// client's first handshake offers: x25519 (and x448) only,
 * as OpenSSL's clients do by default, where the JDK would send a second key share, for
 * secp256r1. Making that share is an elliptic-curve multiplication in Java code not yet compiled
 * at a command's start: about 40 ms of every https:// command (a sixth of an {@code info}), for a
 * share no server with x25519 uses. A server without it refuses the handshake; the transport
 * then asks again offering every group the JDK enables ({@link HttpTransport}), once. A choice
 * made with {@code jdk.tls.namedGroups} is left as it is.
 *
 * <p>The JDK's HTTP client copies its SSL parameters without their groups and sets that copy on
 * each engine, so the groups are set by the engines of a wrapping context instead.
 */
final class OneKeyShare {
    private OneKeyShare() {}

    /** {@code context}'s engines offering only its XDH groups, or null when it should offer them all. */
    static SSLContext narrowed(SSLContext context) {
        String chosen = System.getProperty("jdk.tls.namedGroups");
        if (chosen != null && !chosen.isBlank()) return null;
        String[] groups = context.getDefaultSSLParameters().getNamedGroups();
        if (groups == null) return null;
        String[] xdh = Arrays.stream(groups)
                .filter(g -> g.equalsIgnoreCase("x25519") || g.equalsIgnoreCase("x448"))
                .toArray(String[]::new);
        if (xdh.length == 0 || xdh.length == groups.length) return null;
        return new SSLContext(new Context(context, xdh), context.getProvider(), context.getProtocol()) {};
    }

    /**
     * Whether {@code e}, a request that got no answer, may be a handshake that a server without
     * the curve refused: servers say so in several ways (OpenSSL's handshake_failure alert, the
     * JDK's unexpected_message). A certificate this side does not accept (untrusted, for another
     * host) is not one: it is not asked again.
     */
    static boolean mayBeOurs(Throwable e) {
        return dev.vitrine.core.io.Causes.find(e, SSLException.class) != null
                && dev.vitrine.core.io.Causes.find(e, java.security.cert.CertificateException.class) == null;
    }

    /** {@code real} whose engines offer {@code groups}; everything else is {@code real}'s. */
    private static final class Context extends ForwardingTls {
        private final SSLContext real;
        private final String[] groups;

        Context(SSLContext real, String[] groups) {
            this.real = real;
            this.groups = groups;
        }

        @Override
        protected SSLContext real() {
            return real;
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            return new Engine(real.createSSLEngine(), groups);
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            return new Engine(real.createSSLEngine(host, port), groups);
        }
    }

    /** An engine that keeps offering {@code groups} whatever parameters it is given. */
    private static final class Engine extends SSLEngine {
        private final SSLEngine real;
        private final String[] groups;

        Engine(SSLEngine real, String[] groups) {
            super(real.getPeerHost(), real.getPeerPort());
            this.real = real;
            this.groups = groups;
            setSSLParameters(real.getSSLParameters());
        }

        @Override
        public void setSSLParameters(SSLParameters params) {
            params.setNamedGroups(groups);
            real.setSSLParameters(params);
        }

        @Override
        public SSLParameters getSSLParameters() {
            return real.getSSLParameters();
        }

        @Override
        public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
            return real.wrap(srcs, offset, length, dst);
        }

        @Override
        public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
            return real.unwrap(src, dsts, offset, length);
        }

        @Override
        public Runnable getDelegatedTask() {
            return real.getDelegatedTask();
        }

        @Override
        public void closeInbound() throws SSLException {
            real.closeInbound();
        }

        @Override
        public boolean isInboundDone() {
            return real.isInboundDone();
        }

        @Override
        public void closeOutbound() {
            real.closeOutbound();
        }

        @Override
        public boolean isOutboundDone() {
            return real.isOutboundDone();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return real.getSupportedCipherSuites();
        }

        @Override
        public String[] getEnabledCipherSuites() {
            return real.getEnabledCipherSuites();
        }

        @Override
        public void setEnabledCipherSuites(String[] suites) {
            real.setEnabledCipherSuites(suites);
        }

        @Override
        public String[] getSupportedProtocols() {
            return real.getSupportedProtocols();
        }

        @Override
        public String[] getEnabledProtocols() {
            return real.getEnabledProtocols();
        }

        @Override
        public void setEnabledProtocols(String[] protocols) {
            real.setEnabledProtocols(protocols);
        }

        @Override
        public SSLSession getSession() {
            return real.getSession();
        }

        @Override
        public SSLSession getHandshakeSession() {
            return real.getHandshakeSession();
        }

        @Override
        public void beginHandshake() throws SSLException {
            real.beginHandshake();
        }

        @Override
        public SSLEngineResult.HandshakeStatus getHandshakeStatus() {
            return real.getHandshakeStatus();
        }

        @Override
        public void setUseClientMode(boolean mode) {
            real.setUseClientMode(mode);
        }

        @Override
        public boolean getUseClientMode() {
            return real.getUseClientMode();
        }

        @Override
        public void setNeedClientAuth(boolean need) {
            real.setNeedClientAuth(need);
        }

        @Override
        public boolean getNeedClientAuth() {
            return real.getNeedClientAuth();
        }

        @Override
        public void setWantClientAuth(boolean want) {
            real.setWantClientAuth(want);
        }

        @Override
        public boolean getWantClientAuth() {
            return real.getWantClientAuth();
        }

        @Override
        public void setEnableSessionCreation(boolean flag) {
            real.setEnableSessionCreation(flag);
        }

        @Override
        public boolean getEnableSessionCreation() {
            return real.getEnableSessionCreation();
        }

        @Override
        public String getApplicationProtocol() {
            return real.getApplicationProtocol();
        }

        @Override
        public String getHandshakeApplicationProtocol() {
            return real.getHandshakeApplicationProtocol();
        }

        @Override
        public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
            real.setHandshakeApplicationProtocolSelector(selector);
        }

        @Override
        public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
            return real.getHandshakeApplicationProtocolSelector();
        }
    }
}
