package dev.vitrine.app.ui.table;

import dev.vitrine.app.cli.Escapes;

/**
 * A key range over sorted records as typed in the search bar: start (inclusive), stop
 * (exclusive) and prefix, each with backslash escapes (\x00, \xff, \n). Blank means unbounded.
 */
public record KeyQuery(byte[] start, byte[] stop, byte[] prefix, String description) {

    public static KeyQuery parse(String start, String stop, String prefix) {
        byte[] a = blank(start) ? null : Escapes.parse(start);
        byte[] b = blank(stop) ? null : Escapes.parse(stop);
        byte[] p = blank(prefix) ? null : Escapes.parse(prefix);
        StringBuilder d = new StringBuilder();
        if (a != null) d.append("start ").append(start);
        if (b != null) d.append(d.isEmpty() ? "" : ", ").append("stop ").append(stop);
        if (p != null) d.append(d.isEmpty() ? "" : ", ").append("prefix ").append(prefix);
        return new KeyQuery(a, b, p, d.isEmpty() ? "all records" : d.toString());
    }

    public boolean unbounded() {
        return start == null && stop == null && prefix == null;
    }

    private static boolean blank(String s) {
        return s == null || s.isEmpty();
    }
}
