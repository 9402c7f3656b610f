package dev.vitrine.core.remote;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The user and password an address names ({@code http://USER:PASSWORD@host}), percent-decoded
 * as curl decodes them, where '+' is itself: one reading for a server's address and a proxy's.
 *
 * @param password null when the address names a user only
 */
record UserInfo(String user, String password) {
    /** The login {@code uri} names, or null when it names none. */
    static UserInfo of(URI uri) {
        String info = uri.getRawUserInfo();
        if (info == null) return null;
        int colon = info.indexOf(':');
        return new UserInfo(
                decode(colon < 0 ? info : info.substring(0, colon)),
                colon < 0 ? null : decode(info.substring(colon + 1)));
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
