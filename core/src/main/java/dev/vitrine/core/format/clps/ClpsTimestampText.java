package dev.vitrine.core.format.clps;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Timestamp text from an epoch value and a pattern. 0.5.x patterns use backslash specifiers on
 * epoch nanoseconds (string patterns keep their JSON quotes, so the text is written as is);
 * older DateString patterns use % specifiers on epoch milliseconds and are written quoted.
 */
final class ClpsTimestampText {
    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"};
    private static final String[] DAYS_ABBR = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};

    private ClpsTimestampText() {}

    /** Thrown for a pattern this reader cannot print. */
    static final class BadPattern extends Exception {
        BadPattern(String m) {
            super(m, null, false, false);
        }
    }

    private static LocalDateTime at(long epochNanos, int offsetMinutes) {
        long sec = Math.floorDiv(epochNanos, 1_000_000_000L) + offsetMinutes * 60L;
        int nano = (int) Math.floorMod(epochNanos, 1_000_000_000L);
        return LocalDateTime.ofEpochSecond(sec, nano, ZoneOffset.UTC);
    }

    private static void pad(StringBuilder sb, long v, int width, char c) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) sb.append(c);
        sb.append(s);
    }

    /** 0.5.x: {@code timestamp} in epoch nanoseconds. */
    static void appendModern(StringBuilder sb, long timestamp, String p) throws BadPattern {
        boolean numeric = p.contains("\\E") || p.contains("\\L") || p.contains("\\C") || p.contains("\\N");
        int tz = timezoneMinutes(p);
        LocalDateTime t = numeric ? null : at(timestamp, tz);
        long absSub = Math.abs(timestamp % 1_000_000_000L);
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (++i >= p.length()) throw new BadPattern("pattern ends in a lone backslash");
            c = p.charAt(i);
            long sub = numeric ? absSub : t.getNano();
            switch (c) {
                case 'E' -> sb.append(timestamp / 1_000_000_000L);
                case 'L' -> sb.append(timestamp / 1_000_000L);
                case 'C' -> sb.append(timestamp / 1_000L);
                case 'N' -> sb.append(timestamp);
                case '3' -> pad(sb, sub / 1_000_000, 3, '0');
                case '6' -> pad(sb, sub / 1_000, 6, '0');
                case '9' -> pad(sb, sub, 9, '0');
                case 'T' -> {
                    StringBuilder f = new StringBuilder();
                    pad(f, sub, 9, '0');
                    int n = f.length();
                    while (n > 0 && f.charAt(n - 1) == '0') n--;
                    if (n == 0) throw new BadPattern("\\T with no fractional second");
                    sb.append(f, 0, n);
                }
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (numeric) throw new BadPattern("\\" + c + " in a numeric pattern");
                    i = dateSpecifier(sb, t, p, i, c);
                }
            }
        }
    }

    private static int dateSpecifier(StringBuilder sb, LocalDateTime t, String p, int i, char c) throws BadPattern {
        switch (c) {
            case 'y' -> pad(sb, t.getYear() >= 2000 ? t.getYear() - 2000 : t.getYear() - 1900, 2, '0');
            case 'Y' -> pad(sb, t.getYear(), 4, '0');
            case 'B' -> {
                String[] names = braces(p, i);
                sb.append(names[t.getMonthValue() - 1 < names.length ? t.getMonthValue() - 1 : 0]);
                return p.indexOf('}', i);
            }
            case 'A' -> {
                String[] names = braces(p, i);
                int wd = t.getDayOfWeek().getValue() % 7;
                sb.append(names[wd < names.length ? wd : 0]);
                return p.indexOf('}', i);
            }
            case 'z' -> {
                int close = p.indexOf('}', i);
                if (i + 1 >= p.length() || p.charAt(i + 1) != '{' || close < 0) throw new BadPattern("\\z without {}");
                sb.append(p, i + 2, close);
                return close;
            }
            case 'm' -> pad(sb, t.getMonthValue(), 2, '0');
            case 'd' -> pad(sb, t.getDayOfMonth(), 2, '0');
            case 'e' -> pad(sb, t.getDayOfMonth(), 2, ' ');
            case 'p' -> sb.append(t.getHour() >= 12 ? "PM" : "AM");
            case 'H' -> pad(sb, t.getHour(), 2, '0');
            case 'k' -> pad(sb, t.getHour(), 2, ' ');
            case 'I' -> pad(sb, t.getHour() % 12 == 0 ? 12 : t.getHour() % 12, 2, '0');
            case 'l' -> pad(sb, t.getHour() % 12 == 0 ? 12 : t.getHour() % 12, 2, ' ');
            case 'M' -> pad(sb, t.getMinute(), 2, '0');
            case 'S' -> pad(sb, t.getSecond(), 2, '0');
            case 'J' -> sb.append("60");
            default -> throw new BadPattern("unknown specifier \\" + c);
        }
        return i;
    }

    private static String[] braces(String p, int i) throws BadPattern {
        int close = p.indexOf('}', i);
        if (i + 1 >= p.length() || p.charAt(i + 1) != '{' || close < 0) throw new BadPattern("name list without {}");
        String[] names = p.substring(i + 2, close).split(",", -1);
        if (names.length == 0) throw new BadPattern("empty name list");
        return names;
    }

    /** The offset named by a \z{...} specifier (e.g. +08:00, -0700, Z), in minutes; 0 when absent or unreadable. */
    private static int timezoneMinutes(String p) {
        int z = p.indexOf("\\z{");
        if (z < 0) return 0;
        int close = p.indexOf('}', z);
        if (close < 0) return 0;
        String s = p.substring(z + 3, close).replace(":", "");
        if (s.length() >= 3 && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            try {
                int h = Integer.parseInt(s.substring(1, 3));
                int m = s.length() >= 5 ? Integer.parseInt(s.substring(3, 5)) : 0;
                return (s.charAt(0) == '-' ? -1 : 1) * (h * 60 + m);
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    /** Before 0.5: {@code millis} since the epoch, % specifiers. */
    static void appendDeprecated(StringBuilder sb, long millis, String p) throws BadPattern {
        LocalDateTime t = at(Math.multiplyExact(millis, 1_000_000L), 0);
        int ms = t.getNano() / 1_000_000;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c != '%') {
                sb.append(c);
                continue;
            }
            if (++i >= p.length()) throw new BadPattern("pattern ends in a lone %");
            c = p.charAt(i);
            switch (c) {
                case '%' -> sb.append('%');
                case 'y' -> pad(sb, t.getYear() >= 2000 ? t.getYear() - 2000 : t.getYear() - 1900, 2, '0');
                case 'Y' -> pad(sb, t.getYear(), 4, '0');
                case 'B' -> sb.append(MONTHS[t.getMonthValue() - 1]);
                case 'b' -> sb.append(MONTHS[t.getMonthValue() - 1], 0, 3);
                case 'm' -> pad(sb, t.getMonthValue(), 2, '0');
                case 'd' -> pad(sb, t.getDayOfMonth(), 2, '0');
                case 'e' -> pad(sb, t.getDayOfMonth(), 2, ' ');
                case 'a' -> sb.append(DAYS_ABBR[t.getDayOfWeek().getValue() % 7]);
                case 'p' -> sb.append(t.getHour() > 11 ? "PM" : "AM");
                case 'H' -> pad(sb, t.getHour(), 2, '0');
                case 'k' -> pad(sb, t.getHour(), 2, ' ');
                case 'I' -> pad(sb, twelve(t.getHour()), 2, '0');
                case 'l' -> pad(sb, twelve(t.getHour()), 2, ' ');
                case 'M' -> pad(sb, t.getMinute(), 2, '0');
                case 'S' -> pad(sb, t.getSecond(), 2, '0');
                case '3' -> pad(sb, ms, 3, '0');
                case 'T' -> {
                    StringBuilder f = new StringBuilder();
                    pad(f, ms, 3, '0');
                    int n = f.length();
                    while (n > 1 && f.charAt(n - 1) == '0') n--;
                    sb.append(f, 0, n);
                }
                case 'E' -> {
                    sb.setLength(0);
                    sb.append(millis);
                }
                case 'F' -> {
                    sb.setLength(0);
                    String s = Long.toString(millis);
                    sb.append(s.length() > 9 ? s.substring(0, s.length() - 9) + "." + s.substring(s.length() - 9) : s);
                }
                default -> throw new BadPattern("unknown specifier %" + c);
            }
        }
    }

    /** The old reader's 12-hour clock (it maps 0 to 12 and only subtracts above 13). */
    private static int twelve(int h) {
        return h == 0 ? 12 : h > 13 ? h - 12 : h;
    }
}
