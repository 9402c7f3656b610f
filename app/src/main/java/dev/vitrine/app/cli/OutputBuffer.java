package dev.vitrine.app.cli;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An unsynchronized output buffer. `cat` writes two small pieces per record, tens of millions
 * of times; BufferedOutputStream takes a lock on every write, which costs more than the copy.
 */
final class OutputBuffer extends OutputStream {
    private final OutputStream out;
    private final byte[] buf;
    private int n;
    /** Bytes handed to the stream underneath, for the progress line (read from its thread). */
    private volatile long passed;

    OutputBuffer(OutputStream out, int size) {
        this.out = out;
        this.buf = new byte[size];
    }

    @Override
    public void write(int b) throws IOException {
        if (n == buf.length) drain();
        buf[n++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len > buf.length - n) {
            drain();
            if (len >= buf.length) {
                out.write(b, off, len);
                passed += len;
                return;
            }
        }
        System.arraycopy(b, off, buf, n, len);
        n += len;
    }

    /** {@code len} bytes and then {@code t}: one bounds check and one copy for the common case. */
    void writeTerminated(byte[] b, int off, int len, byte t) throws IOException {
        int pos = n;
        if (len >= buf.length - pos) {
            write(b, off, len);
            write(t);
            return;
        }
        System.arraycopy(b, off, buf, pos, len);
        buf[pos + len] = t;
        n = pos + len + 1;
    }

    private void drain() throws IOException {
        if (n > 0) out.write(buf, 0, n);
        passed += n;
        n = 0;
    }

    /** Bytes written through to the stream underneath so far. */
    long passed() {
        return passed;
    }

    @Override
    public void flush() throws IOException {
        drain();
        out.flush();
    }
}
