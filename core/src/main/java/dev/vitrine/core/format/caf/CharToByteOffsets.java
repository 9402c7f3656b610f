package dev.vitrine.core.format.caf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Maps a UTF-16 char offset, as Jackson's reader-based parser reports it, to the byte offset
 * in the UTF-8 bytes it was decoded from. Token positions arrive in increasing order, so the
 * map walks forward from the last answer: the whole index is scanned once, O(n) in total.
 */
final class CharToByteOffsets {
    private final MemorySegment utf8;
    private long chars;
    private long bytes;

    CharToByteOffsets(MemorySegment utf8) {
        this.utf8 = utf8;
    }

    long byteOffset(long charOffset) {
        if (charOffset < 0) return -1;
        if (charOffset < chars) { // rare: a position before the last one; start over
            chars = 0;
            bytes = 0;
        }
        long size = utf8.byteSize();
        while (chars < charOffset && bytes < size) {
            int b = utf8.get(ValueLayout.JAVA_BYTE, bytes) & 0xff;
            int len = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
            chars += len == 4 ? 2 : 1; // a 4-byte sequence decodes to a surrogate pair
            bytes += len;
        }
        return Math.min(bytes, size);
    }
}
