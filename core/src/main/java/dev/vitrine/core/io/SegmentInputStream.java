package dev.vitrine.core.io;

import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * An InputStream over a memory segment: mapped bytes streamed to decompressors and exports
 * without copying the whole into memory.
 */
public final class SegmentInputStream extends InputStream {
    private final MemorySegment seg;
    private long pos;

    public SegmentInputStream(MemorySegment seg) {
        this.seg = seg;
    }

    public long remaining() {
        return seg.byteSize() - pos;
    }

    @Override
    public int read() {
        if (pos >= seg.byteSize()) return -1;
        return seg.get(ValueLayout.JAVA_BYTE, pos++) & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) return 0;
        long left = seg.byteSize() - pos;
        if (left <= 0) return -1;
        int n = (int) Math.min(len, left);
        MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override
    public long skip(long n) {
        long k = Math.max(0, Math.min(n, seg.byteSize() - pos));
        pos += k;
        return k;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, seg.byteSize() - pos);
    }
}
