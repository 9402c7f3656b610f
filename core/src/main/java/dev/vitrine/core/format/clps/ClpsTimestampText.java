package dev.vitrine.core.format.clps;

/**
 * Timestamp text from an epoch value and a pattern, written straight into the output. 0.5.x
 * patterns use backslash specifiers on epoch nanoseconds (string patterns keep their JSON
 * quotes, so the text is written as is); older DateString patterns use % specifiers on epoch
 * milliseconds and are written quoted. Dates come from the proleptic Gregorian calendar in UTC,
 * shifted by a \z{...} offset when the pattern has one.
 */
final class ClpsTimestampText {
    private static final String[] MONTHS = {
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December"
    };
    private static final String[] DAYS_ABBR = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};

    private ClpsTimestampText() {}

    /** Thrown for a pattern this reader cannot print. */
    static final class BadPattern extends Exception {
        BadPattern(String m) {
            super(m, null, false, false);
        }
    }

    /** A pattern from the timestamp dictionary, looked at once. */
    record Pattern(String text, boolean numeric, int offsetMinutes, boolean perSecond) {
        static Pattern of(String p) {
            boolean numeric = p.contains("\\E") || p.contains("\\L") || p.contains("\\C") || p.contains("\\N");
            // \T trims trailing zeros: its width changes within a second, so its text is not reused.
            return new Pattern(p, numeric, timezoneMinutes(p), !numeric && !p.contains("\\T"));
        }
    }

    /** Broken-down UTC time of an epoch second. */
    private static final class Civil {
        int year, month, day, hour, minute, second, weekday;

        Civil(long epochSecond) {
            long days = Math.floorDiv(epochSecond, 86400L);
            int sod = (int) Math.floorMod(epochSecond, 86400L);
            hour = sod / 3600;
            minute = sod / 60 % 60;
            second = sod % 60;
            weekday = (int) Math.floorMod(days + 4, 7L);
            // Days to civil date (H. Hinnant's algorithm).
            long z = days + 719468;
            long era = Math.floorDiv(z, 146097L);
            long doe = z - era * 146097;
            long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
            long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
            long mp = (5 * doy + 2) / 153;
            day = (int) (doy - (153 * mp + 2) / 5 + 1);
            month = (int) (mp < 10 ? mp + 3 : mp - 9);
            year = (int) (yoe + era * 400 + (month <= 2 ? 1 : 0));
        }
    }

    private static void pad(ClpsJsonOut out, long v, int width, char c) {
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) digits++;
        for (int i = digits; i < width; i++) out.put((byte) c);
        out.decimal(v);
    }

    private static void text(ClpsJsonOut out, String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                out.utf8(s);
                return;
            }
        }
        out.ascii(s);
    }

    private static void literal(ClpsJsonOut out, char c) {
        if (c < 0x80) out.put((byte) c);
        else out.utf8(String.valueOf(c));
    }

    /**
     * The text of the last second written by this thread for a pattern, with where its
     * fixed-width sub-second digits are: log records come in time order, dozens a second, so
     * most timestamps differ from the one before only in those digits.
     */
    private static final class LastSecond {
        Pattern pattern;
        long second;
        byte[] text = new byte[64];
        int length;
        int[] subAt = new int[4];
        int[] subWidth = new int[4];
        int subs;
    }

    private static final ThreadLocal<LastSecond> LAST = ThreadLocal.withInitial(LastSecond::new);

    /** 0.5.x: {@code timestamp} in epoch nanoseconds. */
    static void appendModern(ClpsJsonOut out, long timestamp, Pattern pat) throws BadPattern {
        if (!pat.perSecond()) {
            appendModernText(out, timestamp, pat, null);
            return;
        }
        long sec = Math.floorDiv(timestamp, 1_000_000_000L);
        long sub = Math.floorMod(timestamp, 1_000_000_000L);
        LastSecond last = LAST.get();
        if (last.pattern != pat || last.second != sec) {
            int start = out.len;
            last.pattern = null;
            last.subs = 0;
            appendModernText(out, timestamp, pat, last);
            int n = out.len - start;
            if (n <= 256 && last.subs <= last.subAt.length) {
                if (last.text.length < n) last.text = new byte[256];
                System.arraycopy(out.buf, start, last.text, 0, n);
                for (int k = 0; k < last.subs; k++) last.subAt[k] -= start;
                last.length = n;
                last.second = sec;
                last.pattern = pat;
            }
            return;
        }
        int at = out.len;
        out.put(last.text, 0, last.length);
        for (int k = 0; k < last.subs; k++) {
            int w = last.subWidth[k];
            long v = w == 3 ? sub / 1_000_000 : w == 6 ? sub / 1_000 : sub;
            for (int p = at + last.subAt[k] + w - 1; p >= at + last.subAt[k]; p--) {
                out.buf[p] = (byte) ('0' + v % 10);
                v /= 10;
            }
        }
    }

    /** Writes the timestamp by the pattern; with {@code subs}, notes where fixed-width sub-second digits went. */
    static void appendModernText(ClpsJsonOut out, long timestamp, Pattern pat, LastSecond subs) throws BadPattern {
        String p = pat.text();
        boolean numeric = pat.numeric();
        Civil t = null;
        long sub;
        if (numeric) {
            sub = Math.abs(timestamp % 1_000_000_000L);
        } else {
            long sec = Math.floorDiv(timestamp, 1_000_000_000L) + pat.offsetMinutes() * 60L;
            sub = Math.floorMod(timestamp, 1_000_000_000L);
            t = new Civil(sec);
        }
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c != '\\') {
                literal(out, c);
                continue;
            }
            if (++i >= p.length()) throw new BadPattern("pattern ends in a lone backslash");
            c = p.charAt(i);
            switch (c) {
                case 'E' -> out.decimal(timestamp / 1_000_000_000L);
                case 'L' -> out.decimal(timestamp / 1_000_000L);
                case 'C' -> out.decimal(timestamp / 1_000L);
                case 'N' -> out.decimal(timestamp);
                case '3', '6', '9' -> {
                    int w = c - '0';
                    if (subs != null) {
                        if (subs.subs < subs.subAt.length) {
                            subs.subAt[subs.subs] = out.len;
                            subs.subWidth[subs.subs] = w;
                        }
                        subs.subs++;
                    }
                    pad(out, w == 3 ? sub / 1_000_000 : w == 6 ? sub / 1_000 : sub, w, '0');
                }
                case 'T' -> {
                    if (sub == 0) throw new BadPattern("\\T with no fractional second");
                    long v = sub;
                    int width = 9;
                    while (v % 10 == 0) {
                        v /= 10;
                        width--;
                    }
                    pad(out, v, width, '0');
                }
                case '\\' -> out.ascii("\\\\");
                default -> {
                    if (numeric) throw new BadPattern("\\" + c + " in a numeric pattern");
                    i = dateSpecifier(out, t, p, i, c);
                }
            }
        }
    }

    private static int dateSpecifier(ClpsJsonOut out, Civil t, String p, int i, char c) throws BadPattern {
        switch (c) {
            case 'y' -> pad(out, t.year >= 2000 ? t.year - 2000 : t.year - 1900, 2, '0');
            case 'Y' -> pad(out, t.year, 4, '0');
            case 'B' -> {
                String[] names = braces(p, i);
                text(out, names[t.month - 1 < names.length ? t.month - 1 : 0]);
                return p.indexOf('}', i);
            }
            case 'A' -> {
                String[] names = braces(p, i);
                text(out, names[t.weekday < names.length ? t.weekday : 0]);
                return p.indexOf('}', i);
            }
            case 'z' -> {
                if (i + 1 >= p.length() || p.charAt(i + 1) != '{' || p.indexOf('}', i) < 0)
                    throw new BadPattern("\\z without {}");
                int close = p.indexOf('}', i);
                text(out, p.substring(i + 2, close));
                return close;
            }
            case 'm' -> pad(out, t.month, 2, '0');
            case 'd' -> pad(out, t.day, 2, '0');
            case 'e' -> pad(out, t.day, 2, ' ');
            case 'p' -> out.ascii(t.hour >= 12 ? "PM" : "AM");
            case 'H' -> pad(out, t.hour, 2, '0');
            case 'k' -> pad(out, t.hour, 2, ' ');
            case 'I' -> pad(out, t.hour % 12 == 0 ? 12 : t.hour % 12, 2, '0');
            case 'l' -> pad(out, t.hour % 12 == 0 ? 12 : t.hour % 12, 2, ' ');
            case 'M' -> pad(out, t.minute, 2, '0');
            case 'S' -> pad(out, t.second, 2, '0');
            case 'J' -> out.ascii("60");
            default -> throw new BadPattern("unknown specifier \\" + c);
        }
        return i;
    }

    private static String[] braces(String p, int i) throws BadPattern {
        if (i + 1 >= p.length() || p.charAt(i + 1) != '{' || p.indexOf('}', i) < 0)
            throw new BadPattern("name list without {}");
        return p.substring(i + 2, p.indexOf('}', i)).split(",", -1);
    }

    /** The offset named by a \z{...} specifier (e.g. +08:00, -0700), in minutes; 0 when absent or not an offset. */
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

    /** Before 0.5: {@code millis} since the epoch, % specifiers; %E and %F make up the whole text. */
    static void appendDeprecated(ClpsJsonOut out, long millis, String p) throws BadPattern {
        Civil t = new Civil(Math.floorDiv(millis, 1000L));
        int ms = (int) Math.floorMod(millis, 1000L);
        int start = out.len;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c != '%') {
                literal(out, c);
                continue;
            }
            if (++i >= p.length()) throw new BadPattern("pattern ends in a lone %");
            c = p.charAt(i);
            switch (c) {
                case '%' -> out.put((byte) '%');
                case 'y' -> pad(out, t.year >= 2000 ? t.year - 2000 : t.year - 1900, 2, '0');
                case 'Y' -> pad(out, t.year, 4, '0');
                case 'B' -> out.ascii(MONTHS[t.month - 1]);
                case 'b' -> out.ascii(MONTHS[t.month - 1].substring(0, 3));
                case 'm' -> pad(out, t.month, 2, '0');
                case 'd' -> pad(out, t.day, 2, '0');
                case 'e' -> pad(out, t.day, 2, ' ');
                case 'a' -> out.ascii(DAYS_ABBR[t.weekday]);
                case 'p' -> out.ascii(t.hour > 11 ? "PM" : "AM");
                case 'H' -> pad(out, t.hour, 2, '0');
                case 'k' -> pad(out, t.hour, 2, ' ');
                case 'I' -> pad(out, twelve(t.hour), 2, '0');
                case 'l' -> pad(out, twelve(t.hour), 2, ' ');
                case 'M' -> pad(out, t.minute, 2, '0');
                case 'S' -> pad(out, t.second, 2, '0');
                case '3' -> pad(out, ms, 3, '0');
                case 'T' -> {
                    int v = ms, width = 3;
                    while (width > 1 && v % 10 == 0) {
                        v /= 10;
                        width--;
                    }
                    pad(out, v, width, '0');
                }
                case 'E' -> {
                    out.len = start;
                    out.decimal(millis);
                }
                case 'F' -> {
                    out.len = start;
                    String s = Long.toString(millis);
                    out.ascii(s.length() > 9 ? s.substring(0, s.length() - 9) + "." + s.substring(s.length() - 9) : s);
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
