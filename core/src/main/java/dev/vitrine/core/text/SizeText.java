package dev.vitrine.core.text;

import java.util.Locale;

/**
 * Sizes as users type them on the command line: "1048576", "512K", "1.5G", "30GiB", "30GB"
 * (powers of 1024). The one parser every option that takes a size uses.
 */
public final class SizeText {
    private SizeText() {}

    /** Bytes, at least 1; an IllegalArgumentException that quotes the text when it is not a size. */
    public static long parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.endsWith("IB")) t = t.substring(0, t.length() - 2);
        else if (t.endsWith("B") && t.length() > 1 && !Character.isDigit(t.charAt(t.length() - 2)))
            t = t.substring(0, t.length() - 1);
        long unit = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K' -> unit = 1L << 10;
                case 'M' -> unit = 1L << 20;
                case 'G' -> unit = 1L << 30;
                case 'T' -> unit = 1L << 40;
                default -> {}
            }
            if (unit > 1) t = t.substring(0, t.length() - 1);
        }
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size (e.g. 1048576, 512K, 30G)");
        }
        double bytes = v * unit;
        if (!(bytes >= 1)) throw new IllegalArgumentException("'" + text + "' must be at least 1 byte");
        if (bytes > Long.MAX_VALUE / 2) throw new IllegalArgumentException("'" + text + "' is out of range");
        return (long) bytes;
    }
}
