package dev.vitrine.app.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * Standard output was closed by its reader (a broken pipe), which is how `vitrine cat … | head`
 * ends: not an error to report, only a reason to stop.
 */
final class ClosedOutput extends IOException {
    ClosedOutput(IOException cause) {
        super(cause.getMessage(), cause);
    }

    /** Whether a write failed because the reader went away (EPIPE; Windows words it differently). */
    static boolean isBrokenPipe(IOException e) {
        String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return m.contains("broken pipe") || m.contains("pipe is being closed") || m.contains("pipe has been ended");
    }

    /** Standard output whose broken-pipe failures become {@link ClosedOutput}. */
    static final class Guard extends FilterOutputStream {
        Guard(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw translate(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw translate(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw translate(e);
            }
        }

        private static IOException translate(IOException e) {
            return e instanceof ClosedOutput || !isBrokenPipe(e) ? e : new ClosedOutput(e);
        }
    }
}
