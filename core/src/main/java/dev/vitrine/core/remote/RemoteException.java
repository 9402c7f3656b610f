package dev.vitrine.core.remote;

import dev.vitrine.core.io.Messages;
import java.io.IOException;
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
public class RemoteException extends IOException implements Messages.Reasoned {
    private final String reason;

    public RemoteException(String display, String reason) {
        this(display, reason, null);
    }

    public RemoteException(String display, String reason, Throwable cause) {
        super(display + ": " + reason, cause);
        this.reason = reason;
    }

    @Override
    public String reason() {
        return reason;
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
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RemoteException r) return r.reason();
            if (t instanceof HttpConnectTimeoutException) return "timed out connecting";
            if (t instanceof HttpTimeoutException) return "timed out";
            if (t instanceof java.net.SocketTimeoutException) return "timed out";
            if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) return "name not resolved";
            if (t instanceof ConnectException) return "connection refused";
            if (t.getCause() == t) break;
        }
        String m = e.getMessage();
        if (m != null && m.toLowerCase(java.util.Locale.ROOT).contains("too many redirects")) return "too many redirects";
        return "connection failed (" + Messages.reason(e) + ")";
    }

    /** Thrown when the object changed between two requests: never read as a mix of versions. */
    public static final class Changed extends RemoteException {
        public Changed(String display, String detail) {
            super(display, "changed while being read" + (detail == null ? "" : " (" + detail + ")"));
        }
    }
}
