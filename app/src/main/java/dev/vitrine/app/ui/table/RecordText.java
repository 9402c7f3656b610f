package dev.vitrine.app.ui.table;

/** Records (arbitrary bytes) as one line of text: printable ASCII as is, the rest as escapes. */
public final class RecordText {
    private RecordText() {}

    public static String escape(byte[] b, int off, int len, int maxChars) {
        StringBuilder s = new StringBuilder(Math.min(len, maxChars) + 8);
        for (int i = 0; i < len; i++) {
            if (s.length() >= maxChars) {
                s.append('…');
                break;
            }
            int c = b[off + i] & 0xff;
            switch (c) {
                case '\n' -> s.append("\\n");
                case '\t' -> s.append("\\t");
                case '\r' -> s.append("\\r");
                case '\\' -> s.append("\\\\");
                default -> {
                    if (c >= 0x20 && c < 0x7f) s.append((char) c);
                    else s.append(String.format("\\x%02x", c));
                }
            }
        }
        return s.toString();
    }

    public static String escape(byte[] b) {
        return escape(b, 0, b.length, 400);
    }
}
