package dev.vitrine.core.remote;

import java.util.Locale;
import java.util.regex.Pattern;

/** Addresses as they may be printed: no password, no signature, no token. */
public final class Redact {
    private Redact() {}

    private static final Pattern SECRET_PARAM =
            Pattern.compile("(?i)(signature|credential|token|secret|password|sig|key|security)");

    /** {@code url} with a userinfo password and the values of secret-looking query parameters replaced by "…". */
    public static String url(String url) {
        String s = url;
        int scheme = s.indexOf("://");
        if (scheme > 0) {
            int hostStart = scheme + 3;
            int slash = s.indexOf('/', hostStart);
            int at = s.lastIndexOf('@', slash < 0 ? s.length() : slash);
            if (at > hostStart) {
                String user = s.substring(hostStart, at);
                int colon = user.indexOf(':');
                if (colon >= 0) s = s.substring(0, hostStart) + user.substring(0, colon) + ":…" + s.substring(at);
            }
        }
        int q = s.indexOf('?');
        if (q < 0) return s;
        StringBuilder out = new StringBuilder(s.substring(0, q + 1));
        String[] params = s.substring(q + 1).split("&", -1);
        for (int i = 0; i < params.length; i++) {
            if (i > 0) out.append('&');
            String p = params[i];
            int eq = p.indexOf('=');
            String name = eq < 0 ? p : p.substring(0, eq);
            if (eq >= 0 && SECRET_PARAM.matcher(name.toLowerCase(Locale.ROOT)).find())
                out.append(name).append("=…");
            else out.append(p);
        }
        return out.toString();
    }
}
