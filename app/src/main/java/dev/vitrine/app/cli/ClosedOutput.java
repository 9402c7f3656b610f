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

    /**
     * A write to standard output failed for another reason (a full disk): the command stops, and
     * {@link VitrineCli} says so once, blaming standard output rather than the archive.
     */
    static final class Unwritable extends IOException {
        Unwritable(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /**
     * Standard output whose broken-pipe failures become {@link ClosedOutput} and other failures
     * {@link Unwritable}. It keeps the first failure, since a PrintWriter over it swallows them.
     */
    static final class Guard extends FilterOutputStream {
        private IOException failure;

        Guard(OutputStream out) {
            super(out);
        }

        /** The first write that failed, or null. */
        IOException failure() {
            return failure;
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

        private IOException translate(IOException e) {
            IOException t = e instanceof ClosedOutput || e instanceof Unwritable
                    ? e
                    : isBrokenPipe(e) ? new ClosedOutput(e) : new Unwritable(e);
            if (failure == null) failure = t;
            return t;
        }
    }
}
