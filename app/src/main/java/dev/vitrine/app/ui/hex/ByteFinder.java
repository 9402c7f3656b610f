package dev.vitrine.app.ui.hex;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.TruncatedException;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Finds a byte pattern in a source, forward from an offset and wrapping round once, reading
 * chunks with an overlap so matches across chunk edges are found. Blocking; call it in the
 * background. Checks {@code cancelled} once per chunk.
 */
public final class ByteFinder {
    private static final int CHUNK = 1 << 20;

    private ByteFinder() {}

    /**
     * The offset of the first match at or after {@code from} (wrapping to the start), or -1.
     * {@code progress} receives the number of bytes searched so far.
     */
    public static long find(ByteSource src, byte[] pattern, long from, BooleanSupplier cancelled, LongConsumer progress)
            throws TruncatedException {
        long size = src.size();
        if (pattern.length == 0 || pattern.length > size) return -1;
        long start = Math.max(0, Math.min(from, size));
        long hit = scan(src, pattern, start, size, cancelled, progress, 0);
        if (hit >= 0 || start == 0) return hit;
        return scan(src, pattern, 0, Math.min(size, start + pattern.length - 1), cancelled, progress, size - start);
    }

    private static long scan(
            ByteSource src,
            byte[] pattern,
            long from,
            long to,
            BooleanSupplier cancelled,
            LongConsumer progress,
            long doneBefore)
            throws TruncatedException {
        int overlap = pattern.length - 1;
        byte[] buf = new byte[CHUNK + overlap];
        long pos = from;
        while (pos < to) {
            if (cancelled.getAsBoolean()) return -1;
            int n = (int) Math.min(buf.length, to - pos);
            if (n < pattern.length) break;
            src.read(pos, buf, 0, n);
            int i = indexOf(buf, n, pattern);
            if (i >= 0) return pos + i;
            long advance = n - overlap;
            if (advance <= 0) break;
            pos += advance;
            progress.accept(doneBefore + (pos - from));
        }
        return -1;
    }

    static int indexOf(byte[] buf, int len, byte[] pattern) {
        byte first = pattern[0];
        int last = len - pattern.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (buf[i] != first) continue;
            for (int j = 1; j < pattern.length; j++) if (buf[i + j] != pattern[j]) continue outer;
            return i;
        }
        return -1;
    }
}
