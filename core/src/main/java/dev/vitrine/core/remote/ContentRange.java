package dev.vitrine.core.remote;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A 206 answer's {@code Content-Range: bytes START-END/TOTAL}, checked: a value no object has (a
 * total of 20 digits, an end before its start or past the size) is a one-line reason, never a
 * number format error or a range read as if it were right.
 *
 * @param total the object's size, or -1 for {@code /*}
 */
record ContentRange(long start, long end, long total) {
    private static final Pattern FORM = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");

    static ContentRange parse(String display, String header) throws RemoteException {
        Matcher m = FORM.matcher(header == null ? "" : header.strip());
        if (!m.matches()) throw new RemoteException(display, "server sent a range without a valid Content-Range");
        // only digits matched: quoting it is safe
        String said = "server sent an invalid Content-Range (" + m.group() + ": ";
        long start = number(m.group(1));
        long end = number(m.group(2));
        long total = m.group(3).equals("*") ? -1 : number(m.group(3));
        if (start < 0 || end < 0 || total < -1) throw new RemoteException(display, said + "a number past any size)");
        if (end < start) throw new RemoteException(display, said + "it ends before it starts)");
        if (total >= 0 && end >= total) throw new RemoteException(display, said + "it ends past the object's size)");
        return new ContentRange(start, end, total);
    }

    /** A decimal number, or -2 when it does not fit in a long (18 digits always do). */
    private static long number(String digits) {
        return digits.length() > 18 ? -2 : Long.parseLong(digits);
    }
}
