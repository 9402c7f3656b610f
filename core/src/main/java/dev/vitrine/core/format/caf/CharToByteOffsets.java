package dev.vitrine.core.format.caf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Maps a UTF-16 char offset, as Jackson's reader-based parser reports it, to the byte offset
 * in the UTF-8 bytes it was decoded from. Token positions arrive in increasing order, so the
 * map walks forward from the last answer: the whole index is scanned once, O(n) in total.
 */
final class CharToByteOffsets {
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED;
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
            // ASCII runs, eight bytes at a time: one char per byte. Indexes are mostly ASCII,
            // and this walk is a good part of opening a 100,000-entry index in a cold JVM.
            if (charOffset - chars >= 8 && size - bytes >= 8 && (utf8.get(WORD, bytes) & 0x8080808080808080L) == 0) {
                chars += 8;
                bytes += 8;
                continue;
            }
            int b = utf8.get(ValueLayout.JAVA_BYTE, bytes) & 0xff;
            int len = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
            chars += len == 4 ? 2 : 1; // a 4-byte sequence decodes to a surrogate pair
            bytes += len;
        }
        return Math.min(bytes, size);
    }
}
