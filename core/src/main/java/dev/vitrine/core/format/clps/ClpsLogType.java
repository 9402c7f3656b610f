package dev.vitrine.core.format.clps;

import java.util.Arrays;

/**
 * A log-type template from /log.dict or /array.dict, compiled once: the constant text with
 * escapes removed, and where each placeholder goes. {@code \} escapes the next byte in both
 * placeholder generations; the placeholder bytes differ (see {@link ClpsVarDecoder}).
 */
final class ClpsLogType {
    final byte[] constant;
    /** Position in {@link #constant} where placeholder i's value goes. */
    final int[] at;
    /** Placeholder byte (0x11, 0x12, 0x13) of placeholder i. */
    final byte[] kind;
    /** Whether the constant text has no byte JSON must escape: its values can then be written escaped one by one. */
    final boolean clean;

    private ClpsLogType(byte[] constant, int[] at, byte[] kind) {
        this.constant = constant;
        this.at = at;
        this.kind = kind;
        this.clean = !ClpsJsonOut.needsEscaping(constant, 0, constant.length);
    }

    int variables() {
        return at.length;
    }

    static ClpsLogType compile(byte[] b, int off, int len, boolean oldPlaceholders) {
        byte[] out = new byte[len];
        int n = 0;
        int[] at = new int[8];
        byte[] kind = new byte[8];
        int vars = 0;
        int maxPlaceholder = oldPlaceholders ? 0x12 : 0x13;
        for (int i = off; i < off + len; i++) {
            byte c = b[i];
            if (c == '\\') {
                if (i + 1 < off + len) out[n++] = b[++i];
            } else if (c >= 0x11 && c <= maxPlaceholder) {
                if (vars == at.length) {
                    at = Arrays.copyOf(at, vars * 2);
                    kind = Arrays.copyOf(kind, vars * 2);
                }
                at[vars] = n;
                kind[vars++] = c;
            } else {
                out[n++] = c;
            }
        }
        return new ClpsLogType(Arrays.copyOf(out, n), Arrays.copyOf(at, vars), Arrays.copyOf(kind, vars));
    }
}
