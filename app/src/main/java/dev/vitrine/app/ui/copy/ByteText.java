package dev.vitrine.app.ui.copy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Bytes as the hex view copies them: hex pairs, text, a C array, base64. */
public final class ByteText {
    /** The most bytes one copy takes: a clipboard is not a file. */
    public static final int MAX = 16 * 1024 * 1024;

    public enum Form {
        HEX("Copy as Hex"),
        TEXT("Copy as Text"),
        C_ARRAY("Copy as C Array"),
        BASE64("Copy as Base64");

        public final String label;

        Form(String label) {
            this.label = label;
        }
    }

    private ByteText() {}

    public static String of(byte[] b, Form form) {
        return switch (form) {
            case HEX -> hex(b);
            case TEXT -> text(b);
            case C_ARRAY -> cArray(b);
            case BASE64 -> Base64.getEncoder().encodeToString(b);
        };
    }

    /** {@code 5a 53 53 1c}: pairs, 16 a line. */
    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder(b.length * 3);
        for (int i = 0; i < b.length; i++) {
            if (i > 0) s.append(i % 16 == 0 ? '\n' : ' ');
            s.append(String.format("%02x", b[i] & 0xff));
        }
        return s.toString();
    }

    /** The bytes as UTF-8 text, control bytes (other than tab and newlines) and invalid sequences as '.'. */
    static String text(byte[] b) {
        String s = new String(b, StandardCharsets.UTF_8).replace('\uFFFD', '.');
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            out.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f ? '.' : c);
        }
        return out.toString();
    }

    /** {@code unsigned char data[4] = { 0x5a, 0x53, ... };}, 12 a line. */
    static String cArray(byte[] b) {
        StringBuilder s = new StringBuilder("unsigned char data[" + b.length + "] = {");
        for (int i = 0; i < b.length; i++) {
            s.append(i % 12 == 0 ? "\n    " : " ");
            s.append(String.format("0x%02x", b[i] & 0xff));
            if (i < b.length - 1) s.append(',');
        }
        return s.append("\n};").toString();
    }
}
