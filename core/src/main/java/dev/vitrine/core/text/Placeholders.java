package dev.vitrine.core.text;

/**
 * Placeholders formats write where a value has no bound or is unknown: the extremes of a
 * signed 64-bit number (±9223372036854775807, -9223372036854775808). Shown to a person as "—".
 */
public final class Placeholders {
    /** What a placeholder reads as. */
    public static final String DASH = "—";

    private Placeholders() {}

    public static boolean is(long v) {
        return v == Long.MAX_VALUE || v == Long.MIN_VALUE || v == -Long.MAX_VALUE;
    }

    /** {@code text}, or "—" when it is a placeholder number. */
    public static String shown(String text) {
        if (text == null) return null;
        String t = text.strip();
        return t.equals("9223372036854775807") || t.equals("-9223372036854775807") || t.equals("-9223372036854775808")
                ? DASH
                : text;
    }
}
