package dev.vitrine.app.cli;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Turns command-line text with backslash escapes into bytes, as the reference `zss dump` does
 * with Python string escapes: \xHH, \n, \t, \r, \0 and octal \ooo, \\, \', \", \a, \b, \f, \v.
 * Other characters are encoded as UTF-8.
 */
public final class Escapes {
    private Escapes() {}

    public static byte[] parse(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                appendUtf8(out, s, i);
                if (Character.isHighSurrogate(c) && i + 1 < s.length()) i++;
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case 'r' -> out.write('\r');
                case 'a' -> out.write(7);
                case 'b' -> out.write('\b');
                case 'f' -> out.write('\f');
                case 'v' -> out.write(11);
                case '\\', '\'', '"' -> out.write(e);
                case 'x' -> {
                    String hex = s.substring(i + 1, Math.min(i + 3, s.length()));
                    if (hex.length() != 2 || !hex.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
                        throw new IllegalArgumentException("bad \\x escape in '" + s + "': \\x needs two hex digits");
                    }
                    out.write(Integer.parseInt(hex, 16));
                    i += 2;
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int v = 0, n = 0;
                        while (n < 3 && i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '7') {
                            v = v * 8 + (s.charAt(i) - '0');
                            i++;
                            n++;
                        }
                        i--;
                        out.write(v & 0xff);
                    } else {
                        // Python keeps unknown escapes as they are, backslash included.
                        out.write('\\');
                        appendUtf8(out, s, i);
                    }
                }
            }
        }
        return out.toByteArray();
    }

    private static void appendUtf8(ByteArrayOutputStream out, String s, int i) {
        int cp = s.codePointAt(i);
        out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
    }
}
