package dev.vitrine.core.format.clps.kql;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A clp-s (v0.10) timestamp pattern and the parser that reads a timestamp with it into epoch
 * nanoseconds, as clp-s reads {@code timestamp("…", "…")} literals and the values of an archive's
 * timestamp column. Specifiers: {@code \y \Y \B{…} \m \d \e \A{…} \p \H \k \I \l \M \S \J \3 \6 \9
 * \T \E \L \C \N \z{…} \\}; the "capture" forms {@code \Z} (any zone: space, UTC, ±hh[:mm], Z),
 * {@code \?} (any fraction), {@code \P} (epoch of a precision guessed from its size), {@code \O{…}}
 * (one of the characters) and {@code \s} (second or leap second). A pattern wrapped in double
 * quotes is matched against a JSON literal, quotes included.
 */
public final class TimestampPattern {
    /** clp-s's default date-time patterns, tried in this order. */
    private static final String[] DATE_TIME = {
        "\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s\\O{,.}\\?\\Z",
        "\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s\\Z",
        "\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s\\O{,.}\\?",
        "\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s",
        "[\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s\\O{,.}\\?]",
        "[\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s]",
        "[\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s",
        "<<<\\Y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s:\\?",
        "\\d \\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\Y \\H:\\M:\\s\\O{,.}\\?",
        "[\\Y\\m\\d-\\H:\\M:\\s]",
        "\\y\\O{-/}\\m\\O{-/}\\d\\O{T }\\H:\\M:\\s",
        "\\y\\m\\d\\O{T }\\k:\\M:\\s",
        "\\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\d, \\Y \\l:\\M:\\s \\p",
        "\\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\d, \\Y \\I:\\M:\\s \\p",
        "\\B{January,February,March,April,May,June,July,August,September,October,November,December} \\d, \\Y \\H:\\M",
        "[\\d\\O{-/}\\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec}\\O{-/}\\Y:\\H:\\M:\\s",
        "\\A{Sun,Mon,Tue,Wed,Thu,Fri,Sat} \\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\e \\H:\\M:\\s \\Y",
        "\\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\d \\H:\\M:\\s",
        "\\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\d \\H:\\M:\\s\\Z",
        "\\m\\O{- }\\d \\H:\\M:\\s\\O{,.}\\?",
    };

    private static final String[] NUMERIC = {"\\P", "\\E.\\?"};

    private static final List<TimestampPattern> QUOTED_DEFAULTS = defaults(true);
    private static final List<TimestampPattern> NUMERIC_DEFAULTS = defaults(false);

    private static final long[] POW10 = {
        1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
    };
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private final String pattern;
    private final boolean quoted;
    private final boolean dateType;
    private final boolean twelveHour;
    /** From a {@code \z{…}}: length of its text and its offset in minutes; length -1 when absent. */
    private final int zoneLength;

    private final int zoneMinutes;
    private final List<String> months;
    private final List<String> weekdays;
    /** Length of the text inside {@code \B{…}} and {@code \A{…}}. */
    private final int monthsLength;

    private final int weekdaysLength;

    private TimestampPattern(
            String pattern,
            boolean quoted,
            boolean dateType,
            boolean twelveHour,
            int zoneLength,
            int zoneMinutes,
            List<String> months,
            List<String> weekdays) {
        this.pattern = pattern;
        this.quoted = quoted;
        this.dateType = dateType;
        this.twelveHour = twelveHour;
        this.zoneLength = zoneLength;
        this.zoneMinutes = zoneMinutes;
        this.months = months;
        this.weekdays = weekdays;
        this.monthsLength = String.join(",", months).length();
        this.weekdaysLength = String.join(",", weekdays).length();
    }

    /** Thrown for a pattern clp-s refuses; the message says why. */
    public static final class InvalidPatternException extends IllegalArgumentException {
        InvalidPatternException(String message) {
            super(message);
        }
    }

    /** Validates a pattern as clp-s's {@code TimestampPattern::create} does. */
    public static TimestampPattern create(String pattern) {
        boolean quoted =
                pattern.length() >= 2 && pattern.charAt(0) == '"' && pattern.charAt(pattern.length() - 1) == '"';
        int start = quoted ? 1 : 0;
        int end = quoted ? pattern.length() - 1 : pattern.length();
        boolean[] seen = new boolean[128];
        boolean date = false;
        boolean number = false;
        boolean partOfDay = false;
        boolean twelveHour = false;
        int zoneLength = -1;
        int zoneMinutes = 0;
        List<String> months = List.of();
        List<String> weekdays = List.of();
        boolean escaped = false;
        for (int i = start; i < end; i++) {
            char c = pattern.charAt(i);
            if (c == '"' || c < 0x20) {
                throw new InvalidPatternException("the pattern contains an unsupported character");
            }
            if (!escaped) {
                escaped = c == '\\';
                continue;
            }
            escaped = false;
            if ("\"bfnrtu".indexOf(c) >= 0 || c >= 128) {
                throw new InvalidPatternException("the pattern contains an unsupported escape sequence \\" + c);
            }
            if (c != 'O' && c != '\\' && seen[c]) {
                throw new InvalidPatternException("\\" + c + " appears more than once");
            }
            seen[c] = true;
            switch (c) {
                case 'y', 'Y', 'm', 'd', 'e', 'H', 'k', 'M', 'S', 'J', 'Z', 's' -> date = true;
                case 'I', 'l' -> {
                    twelveHour = true;
                    date = true;
                }
                case 'p' -> {
                    partOfDay = true;
                    date = true;
                }
                case 'B', 'A' -> {
                    String inner = bracket(pattern, i + 1, end);
                    List<String> names = nameList(inner);
                    if (names.size() != (c == 'B' ? 12 : 7)) {
                        throw new InvalidPatternException("\\" + c + "{…} needs " + (c == 'B' ? 12 : 7) + " names");
                    }
                    if (c == 'B') {
                        months = names;
                    } else {
                        weekdays = names;
                    }
                    i += inner.length() + 2;
                    date = true;
                }
                case 'z' -> {
                    String inner = bracket(pattern, i + 1, end);
                    int[] zone = zoneOffset(inner, 0);
                    if (zone == null || zone[0] != inner.length()) {
                        throw new InvalidPatternException("\\z{" + inner + "} is not a time zone offset");
                    }
                    zoneLength = zone[0];
                    zoneMinutes = zone[1];
                    i += inner.length() + 2;
                    date = true;
                }
                case 'O' -> i += bracket(pattern, i + 1, end).length() + 2;
                case 'E', 'L', 'C', 'N', 'P' -> number = true;
                case '3', '6', '9', 'T', '?', '\\' -> {}
                default ->
                    throw new InvalidPatternException("the pattern contains an unsupported escape sequence \\" + c);
            }
        }
        if (escaped) {
            throw new InvalidPatternException("the pattern ends with a lone backslash");
        }
        if (date && number) {
            throw new InvalidPatternException("the pattern mixes date fields with epoch time");
        }
        if (twelveHour != partOfDay) {
            throw new InvalidPatternException("a 12-hour clock (\\I, \\l) and AM/PM (\\p) go together");
        }
        return new TimestampPattern(pattern, quoted, date, twelveHour, zoneLength, zoneMinutes, months, weekdays);
    }

    /** The text between the braces of a {@code {…}} starting at {@code at}; no backslash, not empty. */
    private static String bracket(String p, int at, int end) {
        if (at >= end || p.charAt(at) != '{') {
            throw new InvalidPatternException("a '{' must follow the specifier");
        }
        for (int i = at + 1; i < end; i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                break;
            }
            if (c == '}') {
                if (i == at + 1) {
                    break;
                }
                return p.substring(at + 1, i);
            }
        }
        throw new InvalidPatternException("a {…} is empty, unclosed or holds a backslash");
    }

    private static List<String> nameList(String s) {
        List<String> out = new ArrayList<>();
        int last = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ') {
                throw new InvalidPatternException("a name list holds a space");
            }
            if (c == ',') {
                if (i <= last) {
                    throw new InvalidPatternException("a name list holds an empty name");
                }
                out.add(s.substring(last, i));
                last = i + 1;
            }
        }
        if (last >= s.length()) {
            throw new InvalidPatternException("a name list ends with a comma");
        }
        out.add(s.substring(last));
        return out;
    }

    /** The pattern's text, as given. */
    public String text() {
        return pattern;
    }

    /**
     * The timestamp in epoch nanoseconds, or null when this pattern does not read all of it.
     * {@code jsonLiteral}: the text is a JSON literal (a quoted pattern then matches its quotes,
     * and {@code \\} stands for an escaped backslash).
     */
    public Long parse(String ts, boolean jsonLiteral) {
        return new Reading(ts, jsonLiteral).run();
    }

    /** One parse: the state clp-s's parse_timestamp keeps. */
    private final class Reading {
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

        Reading(String ts, boolean json) {
            this.ts = ts;
            this.json = json;
        }

        Long run() {
            boolean skipQuotes = quoted && !json;
            int p = skipQuotes ? 1 : 0;
            int end = pattern.length() - (skipQuotes ? 1 : 0);
            boolean escaped = false;
            for (; p < end && t < ts.length(); p++) {
                char c = pattern.charAt(p);
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
            if (dateType) {
                return dateNanos();
            }
            return epochNanos < 0 ? epochNanos - subsecond : epochNanos + subsecond;
        }

        /** Reads one specifier at pattern index {@code p}; how far the pattern index moves on, or -1. */
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
                    int i = prefix(months);
                    if (i < 0) {
                        return -1;
                    }
                    month = i + 1;
                    return monthsLength + 2;
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
                    int i = prefix(weekdays);
                    if (i < 0) {
                        return -1;
                    }
                    weekday = i;
                    return weekdaysLength + 2;
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
                    if (zoneLength < 0 || !ts.startsWith(pattern.substring(p + 2, p + 2 + zoneLength), t)) {
                        return -1;
                    }
                    zone = zoneMinutes;
                    t += zoneLength;
                    return zoneLength + 2;
                }
                case 'Z' -> {
                    return genericZone() ? 0 : -1;
                }
                case 'O' -> {
                    int close = pattern.indexOf('}', p);
                    if (t >= ts.length()
                            || close < 0
                            || pattern.indexOf(ts.charAt(t), p + 2) < 0
                            || pattern.indexOf(ts.charAt(t), p + 2) >= close) {
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
            if (twelveHour) {
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

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * clp-s's padded field of {@code length} characters at {@code from}: padding stripped (one
     * character kept), then no leading zero allowed, then a whole integer (a minus sign allowed,
     * as std::from_chars reads it); null otherwise.
     */
    private static Integer paddedNumber(String s, int from, int length, char pad) {
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
    private static long digits(String s, int from, int n) {
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
    private static int[] zoneOffset(String s, int at) {
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

    private static List<TimestampPattern> defaults(boolean quoted) {
        List<TimestampPattern> out = new ArrayList<>();
        if (quoted) {
            for (String p : DATE_TIME) {
                out.add(create('"' + p + '"'));
            }
        }
        for (String p : NUMERIC) {
            out.add(create(quoted ? '"' + p + '"' : p));
        }
        return List.copyOf(out);
    }

    /**
     * A JSON literal read with the first of {@code tried} that reads it, else with clp-s's
     * default patterns (quoted date-time and epoch patterns for a string literal, the epoch
     * patterns for a number); null when none does.
     */
    public static Long parseJsonLiteral(String literal, List<TimestampPattern> tried) {
        for (TimestampPattern p : tried) {
            Long v = p.parse(literal, true);
            if (v != null) {
                return v;
            }
        }
        boolean string = literal.startsWith("\"");
        for (TimestampPattern p : string ? QUOTED_DEFAULTS : NUMERIC_DEFAULTS) {
            Long v = p.parse(literal, true);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return pattern;
    }
}
