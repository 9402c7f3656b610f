package dev.vitrine.app.ui.hex;

import dev.vitrine.app.cli.Escapes;
import java.util.HexFormat;

/** What to look for in the hex view: text (UTF-8, backslash escapes allowed) or hex bytes. */
public record FindQuery(byte[] pattern, String shown) {

    public enum Mode {
        TEXT,
        HEX
    }

    public static FindQuery parse(String input, Mode mode) {
        if (input == null || input.isEmpty()) throw new IllegalArgumentException("type something to find");
        byte[] bytes;
        if (mode == Mode.HEX) {
            String hex = input.replaceAll("(?i)0x|[\\s,:]", "");
            if (hex.isEmpty() || hex.length() % 2 != 0 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                throw new IllegalArgumentException("hex needs pairs of digits, e.g. 5a 53 53");
            }
            bytes = HexFormat.of().parseHex(hex);
        } else {
            bytes = Escapes.parse(input);
        }
        if (bytes.length == 0) throw new IllegalArgumentException("nothing to find");
        return new FindQuery(bytes, input);
    }
}
