package dev.vitrine.core.io;

import java.io.IOException;
import java.io.InputStream;

/**
 * A stream of bytes made a batch at a time as it is read: content rendered on demand (records as
 * JSON lines, messages as JSON) is never held whole, only the batch being read.
 */
public abstract class BatchedInputStream extends InputStream {
    private byte[] buf = new byte[0];
    private int pos;

    /** The next batch of bytes (it may be empty), or null at the end. */
    protected abstract byte[] nextBatch() throws IOException;

    /** False at the end. */
    private boolean fill() throws IOException {
        while (pos >= buf.length) {
            byte[] b = nextBatch();
            if (b == null) return false;
            buf = b;
            pos = 0;
        }
        return true;
    }

    @Override
    public int read() throws IOException {
        return fill() ? buf[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        if (!fill()) return -1;
        int n = Math.min(len, buf.length - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }
}
