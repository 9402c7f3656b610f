package dev.vitrine.core.format.clps.kql;

/** The fixed-width numbers and zone offsets clp-s's timestamp patterns read, as clp-s reads them. */
final class TimestampFields {
    private TimestampFields() {}

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * clp-s's padded field of {@code length} characters at {@code from}: padding stripped (one
     * character kept), then no leading zero allowed, then a whole integer (a minus sign allowed,
     * as std::from_chars reads it); null otherwise.
     */
    static Integer paddedNumber(String s, int from, int length, char pad) {
        int end = from + length;
        int i = from;
        while (i < end - 1 && s.charAt(i) == pad) {
            i++;
        }
        if (end - i > 1 && s.charAt(i) == '0') {
            return null;
        }
        boolean negative = s.charAt(i) == '-';
        long v = digits(s, negative ? i + 1 : i, end - (negative ? i + 1 : i));
        return v < 0 ? null : (int) (negative ? -v : v);
    }

    /** The value of exactly {@code n} decimal digits at {@code from} (n at least 1), or -1. */
    static long digits(String s, int from, int n) {
        if (n <= 0) {
            return -1;
        }
        long v = 0;
        for (int k = from; k < from + n; k++) {
            char c = s.charAt(k);
            if (!isDigit(c)) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** A ±hh[[:]mm] offset at {@code at} (also U+2212 minus): {characters, minutes}, or null. */
    static int[] zoneOffset(String s, int at) {
        int sign;
        int i = at;
        if (s.startsWith("+", i)) {
            sign = 1;
            i++;
        } else if (s.startsWith("-", i) || s.startsWith("\u2212", i)) {
            sign = -1;
            i++;
        } else {
            return null;
        }
        if (i + 2 > s.length()) {
            return null;
        }
        Integer hours = paddedNumber(s, i, 2, '0');
        if (hours == null || hours < 0 || hours > 23) {
            return null;
        }
        i += 2;
        int minutes = hours * 60;
        int hoursOnly = i - at;
        if (i < s.length() && s.charAt(i) == ':') {
            i++;
        }
        if (i + 2 > s.length()) {
            return new int[] {hoursOnly, sign * minutes};
        }
        Integer m = paddedNumber(s, i, 2, '0');
        if (m == null || m < 0 || m > 59) {
            return new int[] {hoursOnly, sign * minutes};
        }
        return new int[] {i + 2 - at, sign * (minutes + m)};
    }

    /** clp-s's guess of an epoch number's unit: the factor to nanoseconds. */
    static long precisionFactor(long v) {
        long abs = v < 0 ? -v : v;
        if (abs > 31_536_000_000_000_000L) {
            return 1;
        }
        if (abs > 31_536_000_000_000L) {
            return 1_000;
        }
        if (abs > 31_536_000_000L) {
            return 1_000_000;
        }
        return 1_000_000_000;
    }
}
