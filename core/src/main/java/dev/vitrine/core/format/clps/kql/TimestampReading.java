package dev.vitrine.core.format.clps.kql;

import static dev.vitrine.core.format.clps.kql.TimestampFields.digits;
import static dev.vitrine.core.format.clps.kql.TimestampFields.isDigit;
import static dev.vitrine.core.format.clps.kql.TimestampFields.paddedNumber;
import static dev.vitrine.core.format.clps.kql.TimestampFields.precisionFactor;
import static dev.vitrine.core.format.clps.kql.TimestampFields.zoneOffset;

import java.time.LocalDate;
import java.util.List;

/** One parse of a timestamp with a {@link TimestampPattern}: the state clp-s's parse_timestamp keeps. */
final class TimestampReading {
    private static final long[] POW10 = {
        1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
    };
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private final TimestampPattern tp;
    final String ts;
    final boolean json;
    int t;
    int year = 1970;
    int month = 1;
    int day = 1;
    int hour;
    int minute;
    int second;
    long subsecond;
    int weekday = -1;
    int partOfDay = -1;
    Integer zone;
    long epochNanos;

    TimestampReading(TimestampPattern tp, String ts, boolean json) {
        this.tp = tp;
        this.ts = ts;
        this.json = json;
    }

    Long run() {
        boolean skipQuotes = tp.quoted && !json;
        int p = skipQuotes ? 1 : 0;
        int end = tp.pattern.length() - (skipQuotes ? 1 : 0);
        boolean escaped = false;
        for (; p < end && t < ts.length(); p++) {
            char c = tp.pattern.charAt(p);
            if (!escaped) {
                if (c == '\\') {
                    escaped = true;
                    continue;
                }
                if (c != ts.charAt(t)) {
                    return null;
                }
                t++;
                continue;
            }
            escaped = false;
            int skip = specifier(c, p);
            if (skip < 0) {
                return null;
            }
            p += skip;
        }
        if (p != end || t != ts.length()) {
            return null;
        }
        if (tp.dateType) {
            return dateNanos();
        }
        return epochNanos < 0 ? epochNanos - subsecond : epochNanos + subsecond;
    }

    /** Reads one specifier at tp.pattern index {@code p}; how far the tp.pattern index moves on, or -1. */
    private int specifier(char c, int p) {
        switch (c) {
            case 'y' -> {
                Integer v = padded(2, '0');
                if (v == null) {
                    return -1;
                }
                year = v >= 69 ? 1900 + v : 2000 + v;
            }
            case 'Y' -> {
                Integer v = padded(4, '0');
                if (v == null) {
                    return -1;
                }
                year = v;
            }
            case 'B' -> {
                int i = prefix(tp.months);
                if (i < 0) {
                    return -1;
                }
                month = i + 1;
                return tp.monthsLength + 2;
            }
            case 'm' -> {
                return field(2, '0', 1, 12, v -> month = v);
            }
            case 'd' -> {
                return field(2, '0', 1, 31, v -> day = v);
            }
            case 'e' -> {
                return field(2, ' ', 1, 31, v -> day = v);
            }
            case 'A' -> {
                int i = prefix(tp.weekdays);
                if (i < 0) {
                    return -1;
                }
                weekday = i;
                return tp.weekdaysLength + 2;
            }
            case 'p' -> {
                if (ts.startsWith("AM", t) || ts.startsWith("PM", t)) {
                    partOfDay = ts.charAt(t) == 'A' ? 0 : 1;
                    t += 2;
                } else {
                    return -1;
                }
            }
            case 'H' -> {
                return field(2, '0', 0, 23, v -> hour = v);
            }
            case 'k' -> {
                return field(2, ' ', 0, 23, v -> hour = v);
            }
            case 'I' -> {
                return field(2, '0', 1, 12, v -> hour = v);
            }
            case 'l' -> {
                return field(2, ' ', 1, 12, v -> hour = v);
            }
            case 'M' -> {
                return field(2, '0', 0, 59, v -> minute = v);
            }
            case 'S' -> {
                return field(2, '0', 0, 59, v -> second = v);
            }
            case 'J', 's' -> {
                Integer v = padded(2, '0');
                if (v == null || v < 0 || v > 60 || (c == 'J' && v != 60)) {
                    return -1;
                }
                second = Math.min(v, 59);
            }
            case '3', '6', '9' -> {
                int n = c - '0';
                if (t + n > ts.length()) {
                    return -1;
                }
                long v = digits(ts, t, n);
                if (v < 0) {
                    return -1;
                }
                subsecond = v * POW10[9 - n];
                t += n;
            }
            case 'T', '?' -> {
                long[] nd = boundedDigits(9);
                if (nd == null) {
                    return -1;
                }
                int n = (int) nd[1];
                boolean fixed = c == '?' && (n == 3 || n == 6 || n == 9);
                if (!fixed && ts.charAt(t + n - 1) == '0') {
                    return -1;
                }
                subsecond = nd[0] * POW10[9 - n];
                t += n;
            }
            case 'E', 'L', 'C', 'N', 'P' -> {
                long[] nd = signedDigits();
                if (nd == null) {
                    return -1;
                }
                long factor = switch (c) {
                    case 'E' -> 1_000_000_000L;
                    case 'L' -> 1_000_000L;
                    case 'C' -> 1_000L;
                    case 'N' -> 1L;
                    default -> precisionFactor(nd[0]);
                };
                epochNanos = nd[0] * factor;
                t += (int) nd[1];
            }
            case 'z' -> {
                if (tp.zoneLength < 0 || !ts.startsWith(tp.pattern.substring(p + 2, p + 2 + tp.zoneLength), t)) {
                    return -1;
                }
                zone = tp.zoneMinutes;
                t += tp.zoneLength;
                return tp.zoneLength + 2;
            }
            case 'Z' -> {
                return genericZone() ? 0 : -1;
            }
            case 'O' -> {
                int close = tp.pattern.indexOf('}', p);
                if (t >= ts.length()
                        || close < 0
                        || tp.pattern.indexOf(ts.charAt(t), p + 2) < 0
                        || tp.pattern.indexOf(ts.charAt(t), p + 2) >= close) {
                    return -1;
                }
                t++;
                return close - p;
            }
            case '\\' -> {
                String backslash = json ? "\\\\" : "\\";
                if (!ts.startsWith(backslash, t)) {
                    return -1;
                }
                t += backslash.length();
            }
            default -> {
                return -1;
            }
        }
        return 0;
    }

    private int field(int length, char pad, int min, int max, java.util.function.IntConsumer set) {
        Integer v = padded(length, pad);
        if (v == null || v < min || v > max) {
            return -1;
        }
        set.accept(v);
        return 0;
    }

    /** A fixed-width number padded on the left (clp-s's convert_padded_string_to_number); advances. */
    private Integer padded(int length, char pad) {
        if (t + length > ts.length()) {
            return null;
        }
        Integer v = paddedNumber(ts, t, length, pad);
        if (v != null) {
            t += length;
        }
        return v;
    }

    private int prefix(List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            if (ts.startsWith(names.get(i), t)) {
                t += names.get(i).length();
                return i;
            }
        }
        return -1;
    }

    /** Up to {@code max} digits: {value, digit count}, or null without a first digit. */
    private long[] boundedDigits(int max) {
        long v = 0;
        int n = 0;
        while (t + n < ts.length() && n < max && isDigit(ts.charAt(t + n))) {
            v = v * 10 + (ts.charAt(t + n) - '0');
            n++;
        }
        return n == 0 ? null : new long[] {v, n};
    }

    /** An optionally negative integer without leading zeros: {value, characters}, or null. */
    private long[] signedDigits() {
        int i = t;
        boolean negative = i < ts.length() && ts.charAt(i) == '-';
        if (negative) {
            i++;
        }
        if (i >= ts.length() || !isDigit(ts.charAt(i))) {
            return null;
        }
        boolean zero = ts.charAt(i) == '0';
        if (zero && negative) {
            return null;
        }
        long v = 0;
        int first = i;
        while (i < ts.length() && isDigit(ts.charAt(i))) {
            v = v * 10 + (ts.charAt(i) - '0'); // wraps on overflow, as clp-s's int64 does
            i++;
        }
        if (zero && i - first > 1) {
            return null;
        }
        return new long[] {negative ? -v : v, i - t};
    }

    private boolean genericZone() {
        if (t >= ts.length()) {
            return false;
        }
        if (ts.startsWith(" ", t)) {
            t++;
        }
        if (ts.startsWith("UTC", t)) {
            t += 3;
        }
        int[] offset = zoneOffset(ts, t);
        if (offset != null) {
            t += offset[0];
            zone = offset[1];
        }
        if (ts.startsWith("Z", t)) {
            t++;
            if (zone == null) {
                zone = 0;
            }
        }
        return zone != null;
    }

    private Long dateNanos() {
        if (tp.twelveHour) {
            hour = hour % 12 + Math.max(partOfDay, 0) * 12;
        }
        LocalDate date;
        try {
            date = LocalDate.of(year, month, day);
        } catch (java.time.DateTimeException e) {
            return null;
        }
        if (weekday >= 0 && date.getDayOfWeek().getValue() % 7 != weekday) {
            return null;
        }
        // Plain long arithmetic: wraps past year 2262 as clp-s's int64 nanoseconds do.
        return date.toEpochDay() * NANOS_PER_DAY
                + hour * 3_600_000_000_000L
                + minute * 60_000_000_000L
                + second * 1_000_000_000L
                + subsecond
                - (zone == null ? 0 : zone) * 60_000_000_000L;
    }
}
