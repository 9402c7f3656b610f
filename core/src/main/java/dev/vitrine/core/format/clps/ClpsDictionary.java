package dev.vitrine.core.format.clps;

import java.nio.charset.StandardCharsets;

/** A decoded dictionary (/var.dict, /log.dict, /array.dict): entry i is the i-th {u64 length, bytes}. */
final class ClpsDictionary {
    static final ClpsDictionary EMPTY = new ClpsDictionary(new byte[0], new int[0], new int[0]);

    final byte[] data;
    final int[] start;
    final int[] length;

    private ClpsDictionary(byte[] data, int[] start, int[] length) {
        this.data = data;
        this.start = start;
        this.length = length;
    }

    static ClpsDictionary parse(byte[] b, long count) throws ClpsDecodeException {
        if (count < 0 || count > b.length / 8) throw new ClpsDecodeException(0, "dictionary count " + Long.toUnsignedString(count) + " does not fit its " + b.length + " decoded bytes");
        int n = (int) count;
        int[] s = new int[n], l = new int[n];
        ClpsCursor c = new ClpsCursor(b);
        for (int i = 0; i < n; i++) {
            int len = c.count("dictionary entry " + i + " length", 1);
            s[i] = c.pos;
            l[i] = len;
            c.skip(len, "dictionary entry " + i);
        }
        if (c.remaining() != 0) throw new ClpsDecodeException(c.pos, c.remaining() + " bytes after entry " + n + " of the dictionary");
        return new ClpsDictionary(b, s, l);
    }

    int size() {
        return start.length;
    }

    String text(int i) {
        return new String(data, start[i], length[i], StandardCharsets.UTF_8);
    }
}
