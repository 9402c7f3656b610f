package dev.vitrine.app.ui.hex;

/**
 * Reads an offset typed by a user: decimal ({@code 4096}, {@code 4,096}), hex ({@code 0x1000},
 * {@code 1000h}), with optional K/M/G binary suffixes on decimals ({@code 2G}).
 */
public final class OffsetParser {
    private OffsetParser() {}

    public static long parse(String text) {
        String s = text == null
                ? ""
                : text.strip().replace(",", "").replace("_", "").replace(" ", "");
        if (s.isEmpty()) throw new IllegalArgumentException("type an offset, e.g. 4096 or 0x1000");
        try {
            if (s.startsWith("0x") || s.startsWith("0X"))
                return checked(Long.parseUnsignedLong(s.substring(2), 16), text);
            if (s.endsWith("h") || s.endsWith("H"))
                return checked(Long.parseUnsignedLong(s.substring(0, s.length() - 1), 16), text);
            long mult = switch (Character.toUpperCase(s.charAt(s.length() - 1))) {
                case 'K' -> 1L << 10;
                case 'M' -> 1L << 20;
                case 'G' -> 1L << 30;
                case 'T' -> 1L << 40;
                default -> 1;
            };
            if (mult != 1) s = s.substring(0, s.length() - 1);
            return checked(Math.multiplyExact(Long.parseLong(s), mult), text);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not an offset (try 4096, 0x1000 or 2G)");
        }
    }

    private static long checked(long v, String text) {
        if (v < 0) throw new IllegalArgumentException("'" + text.strip() + "' is too large");
        return v;
    }
}
