package dev.vitrine.core.remote;

import dev.vitrine.core.io.Causes;
import dev.vitrine.core.io.SourceUnavailableException;
import dev.vitrine.core.text.Messages;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;

/**
 * A remote object that could not be read, with the one-line reason users see after its
 * address: "connection refused", "no such object (HTTP 404)", "changed while being read".
 * The address is the one typed, never one carrying credentials.
 */
public class RemoteException extends SourceUnavailableException {

    public RemoteException(String display, String reason) {
        this(display, reason, null);
    }

    public RemoteException(String display, String reason, Throwable cause) {
        super(display, Messages.printable(reason), cause); // a reason may quote a server's bytes
    }

    /** The reason for an HTTP status that is an answer, not a range. */
    public static String statusReason(int status, String errorCode) {
        String code = errorCode == null || errorCode.isEmpty() ? "HTTP " + status : errorCode + ", HTTP " + status;
        return switch (status) {
            case 401 -> "authentication required (" + code + ")";
            case 403 -> "access denied (" + code + ")";
            case 404 -> "no such object (" + code + ")";
            case 410 -> "object is gone (" + code + ")";
            case 412 -> "changed while being read";
            case 416 -> "range not satisfiable (" + code + ")";
            default -> status >= 300 && status < 400 ? "too many redirects (" + code + ")" : "server answered " + code;
        };
    }

    /** The plain reason for a transport failure, whatever library threw it. */
    public static String transportReason(Throwable e) {
        // the most telling cause anywhere in the chain: the JDK wraps an unknown host in a ConnectException
        if (has(e, RemoteException.class))
            return Causes.find(e, RemoteException.class).reason();
        if (has(e, UnknownHostException.class) || has(e, UnresolvedAddressException.class)) return "name not resolved";
        if (has(e, HttpConnectTimeoutException.class)) return "timed out connecting";
        if (has(e, HttpTimeoutException.class) || has(e, java.net.SocketTimeoutException.class)) return "timed out";
        if (has(e, ConnectException.class)) return "connection refused";
        String tls = tlsReason(e);
        if (tls != null) return tls;
        // the JDK's client on a redirect without a Location (or one it cannot parse)
        if (messages(e).contains("Invalid redirection")) return "redirect without a valid Location";
        // its words quote the header, terminal escapes and all: never shown
        if (messages(e).contains("Invalid header value")) return "server sent a header holding control characters";
        String m = e.getMessage();
        if (m != null && m.toLowerCase(java.util.Locale.ROOT).contains("too many redirects"))
            return "too many redirects";
        return "connection failed (" + Messages.reason(e) + ")"; // escapes written out by the constructor
    }

    /**
     * A TLS failure in the words curl uses, not the JDK's ("PKIX path building failed:
     * sun.security.provider.certpath.SunCertPathBuilderException: …"); null when it is none.
     */
    private static String tlsReason(Throwable e) {
        if (has(e, java.security.cert.CertificateExpiredException.class)) return "TLS certificate has expired";
        if (has(e, java.security.cert.CertificateNotYetValidException.class)) return "TLS certificate is not valid yet";
        javax.net.ssl.SSLException ssl = Causes.find(e, javax.net.ssl.SSLException.class);
        if (ssl == null) return null;
        String all = messages(e);
        if (all.contains("PKIX path") || all.contains("unable to find valid certification path"))
            return "TLS certificate not trusted (self-signed, or signed by an authority this Java does not know)";
        if (all.contains("No subject alternative") || all.contains("No name matching"))
            return "TLS certificate is for another host name";
        if (all.contains("Unrecognized SSL message") || all.contains("plaintext connection"))
            return "not a TLS server (plain HTTP on this port? try http://)";
        return "TLS handshake failed (" + Messages.reason(ssl) + ")";
    }

    /** Every message in {@code e}'s causes, joined. */
    private static String messages(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t : Causes.of(e))
            if (t.getMessage() != null) b.append(t.getMessage()).append('\n');
        return b.toString();
    }

    private static boolean has(Throwable e, Class<? extends Throwable> type) {
        return Causes.find(e, type) != null;
    }

    /** Thrown when the object changed between two requests: never read as a mix of versions. */
    public static final class Changed extends RemoteException {
        private final String detail;

        public Changed(String display, String detail) {
            super(display, "changed while being read" + (detail == null ? "" : " (" + detail + ")"));
            this.detail = detail;
        }

        /** What changed ("was N bytes, now M"), or null when only the version told. */
        public String detail() {
            return detail;
        }
    }
}
