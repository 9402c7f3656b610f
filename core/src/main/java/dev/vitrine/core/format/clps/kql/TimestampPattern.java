package dev.vitrine.core.format.clps.kql;

import static dev.vitrine.core.format.clps.kql.TimestampFields.zoneOffset;

import java.util.ArrayList;
import java.util.List;

/**
 * A clp-s (v0.10) timestamp pattern and the parser that reads a timestamp with it into epoch
 * nanoseconds, as clp-s reads {@code timestamp("…", "…")} literals and the values of an archive's
 * timestamp column. Specifiers: {@code \y \Y \B{…} \m \d \e \A{…} \p \H \k \I \l \M \S \J \3 \6 \9
 * \T \E \L \C \N \z{…} \\}; the "capture" forms {@code \Z} (any zone: space, UTC, ±hh[:mm], Z),
 * {@code \?} (any fraction), {@code \P} (epoch of a precision guessed from its size), {@code \O{…}}
 * (one of the characters) and {@code \s} (second or leap second). A pattern wrapped in double
 * quotes is matched against a JSON literal, quotes included. {@link TimestampReading} reads a
 * timestamp with it; {@link TimestampFields} holds the number fields both read.
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

    final String pattern;
    final boolean quoted;
    final boolean dateType;
    final boolean twelveHour;
    /** From a {@code \z{…}}: length of its text and its offset in minutes; length -1 when absent. */
    final int zoneLength;

    final int zoneMinutes;
    final List<String> months;
    final List<String> weekdays;
    /** Length of the text inside {@code \B{…}} and {@code \A{…}}. */
    final int monthsLength;

    final int weekdaysLength;

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
        return new TimestampReading(this, ts, jsonLiteral).run();
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
