package dev.vitrine.core.format.caf;

import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** An InputStream over a memory segment: mapped bytes read without an intermediate copy of the whole. */
final class SegmentInputStream extends InputStream {
    private final MemorySegment seg;
    private long pos;

    SegmentInputStream(MemorySegment seg) {
        this.seg = seg;
    }

    @Override
    public int read() {
        return pos < seg.byteSize() ? seg.get(ValueLayout.JAVA_BYTE, pos++) & 0xff : -1;
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
