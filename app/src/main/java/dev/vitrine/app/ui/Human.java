package dev.vitrine.app.ui;

import java.util.Locale;

/** Numbers and sizes as the window prints them. */
public final class Human {
    private Human() {}

    /** 1234567 → "1,234,567". */
    public static String count(long n) {
        return String.format(Locale.US, "%,d", n);
    }

    /** 1536 → "1.5 KiB", 999 → "999 B". */
    public static String size(long bytes) {
        if (bytes < 1024) return bytes + " B";
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = bytes;
        int u = -1;
        do {
            v /= 1024;
            u++;
        } while (v >= 1024 && u < units.length - 1);
        return String.format(Locale.US, v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, units[u]);
    }

    /** An offset as users of hex editors read it: "120 (0x78)". */
    public static String offset(long offset) {
        return offset < 0 ? "—" : count(offset) + " (0x" + Long.toHexString(offset) + ")";
    }

    /** One line for an exception: its message, or its type when it has none. */
    public static String error(Throwable e) {
        Throwable t = e;
        while ((t instanceof java.util.concurrent.CompletionException || t instanceof java.util.concurrent.ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (m == null || m.isBlank()) return t.getClass().getSimpleName();
        return m.lines().findFirst().orElse(m);
    }
}
