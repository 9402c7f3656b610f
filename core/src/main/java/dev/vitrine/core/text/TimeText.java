package dev.vitrine.core.text;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Readable times, as a timeline's axis shows them: absolute (a wall-clock date for epoch times,
 * else time since boot) and relative to the log's start. One home for the window, the tree's
 * labels and `info`'s text, so all read alike.
 */
public final class TimeText {
    private static final DateTimeFormatter WALL =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    /** Times after 2001 in nanoseconds are taken as wall-clock times. */
    private static final long EPOCH_LIKE = 1_000_000_000_000_000_000L;

    private TimeText() {}

    /** Absolute time: {@code 1:00:02.350} (steady clock) or a UTC date-time. */
    public static String absolute(long ns, long stepNs) {
        if (ns >= EPOCH_LIKE) {
            String s = WALL.format(Instant.ofEpochSecond(ns / 1_000_000_000L, ns % 1_000_000_000L));
            return stepNs < 1_000_000 ? s + String.format("%06d", ns % 1_000_000) : s;
        }
        boolean neg = ns < 0;
        long a = Math.abs(ns);
        long s = a / 1_000_000_000L;
        long frac = a % 1_000_000_000L;
        String base = String.format("%s%d:%02d:%02d", neg ? "-" : "", s / 3600, (s / 60) % 60, s % 60);
        if (stepNs >= 1_000_000_000L) return base;
        if (stepNs >= 1_000_000L) return base + String.format(".%03d", frac / 1_000_000);
        if (stepNs >= 1_000L) return base + String.format(".%06d", frac / 1_000);
        return base + String.format(".%09d", frac);
    }

    /**
     * A time and its offset from {@code startNs}: "1:00:05.000 (+5.001 s)", to the millisecond;
     * a placeholder (no bound, ±2⁶³) as "—".
     */
    public static String at(long ns, long startNs) {
        if (Placeholders.is(ns)) return Placeholders.DASH;
        return absolute(ns, 1_000_000) + " (" + relative(ns - startNs) + ")";
    }

    /** A duration: {@code +1.25 s}, {@code +350 ms}, {@code +12.5 µs}. */
    public static String relative(long ns) {
        if (ns == 0) return "+0 s";
        return (ns < 0 ? "−" : "+") + duration(Math.abs(ns));
    }

    public static String duration(long ns) {
        double a = ns;
        if (a >= 3600e9) return trim(a / 3600e9) + " h";
        if (a >= 60e9) return trim(a / 60e9) + " min";
        if (a >= 1e9) return trim(a / 1e9) + " s";
        if (a >= 1e6) return trim(a / 1e6) + " ms";
        if (a >= 1e3) return trim(a / 1e3) + " µs";
        return ns + " ns";
    }

    private static String trim(double v) {
        String s = String.format(java.util.Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** A tick step of 1, 2 or 5 times a power of ten nanoseconds, at least {@code minNs}. */
    public static long niceStep(double minNs) {
        long p = 1;
        while (true) {
            for (long m : new long[] {1, 2, 5}) {
                if (p * m >= minNs) return p * m;
            }
            if (p > Long.MAX_VALUE / 100) return p * 10;
            p *= 10;
        }
    }
}
