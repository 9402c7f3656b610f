package dev.vitrine.core.format.zss;

import java.util.Arrays;

/**
 * start <= r < stop with the prefix folded in: start = max(start, prefix), stop = min(stop,
 * prefix with its last byte + 1). Trailing 0xFF bytes of the prefix are dropped before the
 * increment (the reference crashes there instead); a prefix of only 0xFF bytes has no stop.
 *
 * @param start inclusive lower bound, never null (empty = unbounded)
 * @param stop  exclusive upper bound, null = unbounded
 */
public record KeyRange(byte[] start, byte[] stop) {

    public static KeyRange of(byte[] start, byte[] stop, byte[] prefix) {
        byte[] lo = start == null ? new byte[0] : start;
        byte[] hi = stop;
        if (prefix != null && prefix.length > 0) {
            if (Arrays.compareUnsigned(prefix, lo) > 0) lo = prefix;
            byte[] ps = prefixStop(prefix);
            if (ps != null && (hi == null || Arrays.compareUnsigned(ps, hi) < 0)) hi = ps;
        }
        return new KeyRange(lo, hi);
    }

    /** The smallest key greater than every key starting with {@code prefix}, or null if none. */
    public static byte[] prefixStop(byte[] prefix) {
        int n = prefix.length;
        while (n > 0 && prefix[n - 1] == (byte) 0xff) n--;
        if (n == 0) return null;
        byte[] s = Arrays.copyOf(prefix, n);
        s[n - 1]++;
        return s;
    }

    public boolean isEmpty() {
        return stop != null && Arrays.compareUnsigned(start, stop) >= 0;
    }

    public boolean unboundedStart() {
        return start.length == 0;
    }
}
