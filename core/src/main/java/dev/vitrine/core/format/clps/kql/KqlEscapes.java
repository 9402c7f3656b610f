package dev.vitrine.core.format.clps.kql;

/** clp-s's KQL unescaping of values and key tokens. */
final class KqlEscapes {
    private KqlEscapes() {}

    /**
     * Unescapes KQL text. Wildcard characters and backslashes that were escaped stay escaped
     * ({@code \*}, {@code \\}, and {@code \?} for values) so the wildcard matcher sees them as
     * literal; other escapes become their character. Returns null for an unknown escape.
     */
    static String unescape(String value, boolean isValue) {
        StringBuilder out = new StringBuilder(value.length());
        boolean escaped = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!escaped) {
                if (c == '\\') {
                    escaped = true;
                } else {
                    out.append(c);
                }
                continue;
            }
            escaped = false;
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append('"');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'n' -> out.append('\n');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (i + 4 >= value.length()) {
                        return null;
                    }
                    String hex = value.substring(i + 1, i + 5);
                    int cp;
                    try {
                        cp = Integer.parseInt(hex, 16);
                    } catch (NumberFormatException e) {
                        return null;
                    }
                    if (hex.charAt(0) == '+' || hex.charAt(0) == '-' || Character.isSurrogate((char) cp)) {
                        return null;
                    }
                    i += 4;
                    char ch = (char) cp;
                    if (ch == '\\') {
                        out.append("\\\\");
                    } else if (ch == '?' && isValue) {
                        out.append("\\?");
                    } else if (ch == '*') {
                        out.append("\\*");
                    } else {
                        out.append(ch);
                    }
                }
                case '{', '}', '(', ')', '<', '>', '@', '$', '!', '#' -> out.append(c);
                case '*' -> out.append("\\*");
                case '?' -> out.append(isValue ? "\\?" : "?");
                default -> {
                    return null;
                }
            }
        }
        return escaped ? null : out.toString();
    }
}
