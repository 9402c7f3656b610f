package dev.vitrine.core.format.clps.kql;

import java.nio.charset.StandardCharsets;

/**
 * clp's wildcard strings: {@code *} is any run of bytes, {@code ?} exactly one byte (of the UTF-8
 * form, so one {@code ?} does not cover a multi-byte character), and a backslash makes the next
 * character literal. A pattern always covers the whole value.
 */
final class Wildcards {
    private Wildcards() {}

    /** clp's clean-up: collapses runs of {@code *} and drops escapes that protect nothing. */
    static String cleanUp(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean escaped = false;
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            if (escaped) {
                escaped = false;
                if (c == '*' || c == '?' || c == '\\') {
                    out.append('\\');
                }
                out.append(c);
                i++;
            } else if (c == '*') {
                out.append(c);
                while (i < s.length() && s.charAt(i) == '*') {
                    i++;
                }
            } else {
                if (c == '\\') {
                    escaped = true;
                } else {
                    out.append(c);
                }
                i++;
            }
        }
        return out.toString();
    }

    static boolean hasUnescapedWildcards(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?') {
                return true;
            }
            if (c == '\\') {
                i++;
            }
        }
        return false;
    }

    /** Drops the escaping backslashes. */
    static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean escaped = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (escaped) {
                out.append(c);
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** A compiled pattern, matched against UTF-8 bytes. */
    static final class Pattern {
        private final byte[] wild;
        private final String source;

        private final boolean ascii;

        Pattern(String wildcardString) {
            this.source = wildcardString;
            this.wild = wildcardString.getBytes(StandardCharsets.UTF_8);
            this.ascii = isAscii(wildcardString);
        }

        String source() {
            return source;
        }

        boolean matches(String value) {
            if (ascii && isAscii(value)) {
                return matchChars(value, source);
            }
            return matchBytes(value.getBytes(StandardCharsets.UTF_8), wild);
        }
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** {@link #matchBytes} for ASCII text and pattern, without encoding them. */
    static boolean matchChars(String tame, String wild) {
        int t = 0;
        int w = 0;
        int starW = -1;
        int starT = -1;
        int tn = tame.length();
        int wn = wild.length();
        while (true) {
            if (w < wn) {
                char c = wild.charAt(w);
                if (c == '*') {
                    starW = ++w;
                    starT = t;
                    continue;
                }
                if (t < tn) {
                    if (c == '?') {
                        t++;
                        w++;
                        continue;
                    }
                    char lit = c;
                    int adv = 1;
                    if (c == '\\' && w + 1 < wn) {
                        lit = wild.charAt(w + 1);
                        adv = 2;
                    }
                    if (tame.charAt(t) == lit) {
                        t++;
                        w += adv;
                        continue;
                    }
                }
            } else if (t == tn) {
                return true;
            }
            if (starW < 0 || starT >= tn) {
                return false;
            }
            t = ++starT;
            w = starW;
        }
    }

    /** Greedy matching with one back-track point, as clp's wildcard_match_unsafe. */
    static boolean matchBytes(byte[] tame, byte[] wild) {
        return matchBytes(tame, tame.length, wild);
    }

    /** {@link #matchBytes(byte[], byte[])} on the first {@code tn} bytes of {@code tame}. */
    static boolean matchBytes(byte[] tame, int tn, byte[] wild) {
        int t = 0;
        int w = 0;
        int starW = -1;
        int starT = -1;
        while (true) {
            if (w < wild.length) {
                byte c = wild[w];
                if (c == '*') {
                    starW = ++w;
                    starT = t;
                    continue;
                }
                if (t < tn) {
                    if (c == '?') {
                        t++;
                        w++;
                        continue;
                    }
                    int lit = c;
                    int adv = 1;
                    if (c == '\\' && w + 1 < wild.length) {
                        lit = wild[w + 1];
                        adv = 2;
                    }
                    if (tame[t] == lit) {
                        t++;
                        w += adv;
                        continue;
                    }
                }
            } else if (t == tn) {
                return true;
            }
            if (starW < 0 || starT >= tn) {
                return false;
            }
            t = ++starT;
            w = starW;
        }
    }
}
