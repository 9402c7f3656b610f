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

    private static final java.util.regex.Pattern IN_TEXT =
            java.util.regex.Pattern.compile("(?<![0-9])-?922337203685477580[78](?![0-9])");

    /** {@code text} with each placeholder number in it (a filter's "[0, 9223372036854775807]") as "—". */
    public static String inText(String text) {
        return text == null || !text.contains("922337203685477580")
                ? text
                : IN_TEXT.matcher(text).replaceAll(DASH);
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
