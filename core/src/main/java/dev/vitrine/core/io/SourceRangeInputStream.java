package dev.vitrine.core.io;

import java.io.IOException;
import java.io.InputStream;

/**
 * A range of a source read front to back a piece at a time, each piece {@link ByteSource#passed
 * passed} once read: a remote entry larger than what is held in memory is copied out through
 * one piece, and the block cache reuses what lies behind.
 */
public final class SourceRangeInputStream extends InputStream {
    private static final int PIECE = 1 << 20;

    private final ByteSource src;
    private final long end;
    private long at;

    public SourceRangeInputStream(ByteSource src, long offset, long length) throws TruncatedException {
        src.checkRange(offset, length, null);
        this.src = src;
        this.at = offset;
        this.end = offset + length;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) return 0;
        if (at >= end) return -1;
        int n = (int) Math.min(Math.min(len, PIECE), end - at);
        src.read(at, b, off, n);
        at += n;
        src.passed(at);
        return n;
    }

    @Override
    public long skip(long n) {
        long k = Math.max(0, Math.min(n, end - at));
        at += k;
        return k;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, end - at);
    }
}
