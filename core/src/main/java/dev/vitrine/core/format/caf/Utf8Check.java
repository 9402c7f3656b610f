package dev.vitrine.core.format.caf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above
 * U+10FFFF) over a segment, without decoding into a string. Jackson catches most bad bytes
 * while parsing, but not every overlong or surrogate form, so verify runs this as well.
 */
final class Utf8Check {
    private Utf8Check() {}

    /** Offset within {@code seg} of the first byte of the first invalid sequence, or -1. */
    static long firstInvalid(MemorySegment seg) {
        long n = seg.byteSize();
        long i = 0;
        while (i < n) {
            int b = seg.get(ValueLayout.JAVA_BYTE, i) & 0xff;
            if (b < 0x80) {
                i++;
                continue;
            }
            int len;
            int min;
            int cp;
            if (b >= 0xC2 && b <= 0xDF) {
                len = 2;
                cp = b & 0x1F;
                min = 0x80;
            } else if (b >= 0xE0 && b <= 0xEF) {
                len = 3;
                cp = b & 0x0F;
                min = 0x800;
            } else if (b >= 0xF0 && b <= 0xF4) {
                len = 4;
                cp = b & 0x07;
                min = 0x10000;
            } else return i;
            if (i + len > n) return i;
            for (int k = 1; k < len; k++) {
                int c = seg.get(ValueLayout.JAVA_BYTE, i + k) & 0xff;
                if ((c & 0xC0) != 0x80) return i;
                cp = (cp << 6) | (c & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
            i += len;
        }
        return -1;
    }
}
