package dev.vitrine.app.ui;

import java.util.Locale;

/** Numbers and sizes as the window prints them. */
public final class Human {
    private Human() {}

    /** 1234567 → "1,234,567". */
    public static String count(long n) {
        return String.format(Locale.US, "%,d", n);
    }

    /** 1 → "1 warning", 1234 → "1,234 warnings": the count with its noun agreeing. */
    public static String count(long n, String noun) {
        return count(n) + " " + (n == 1 ? noun : noun + "s");
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

    /**
     * One plain line for an exception, the same words the command line uses (core's
     * {@link dev.vitrine.core.text.Messages}): never a library's class or method name.
     */
    public static String error(Throwable e) {
        return dev.vitrine.core.text.Messages.describe(e);
    }
}
