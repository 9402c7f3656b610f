package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;

/** Drains a decompressing stream into a bounded buffer, turning every failure into a FormatException. */
final class StreamDecompression {
    private StreamDecompression() {}

    static MemorySegment drain(InputStream in, long inputSize, long maxOutput, String file, long offset, String what)
            throws FormatException {
        BoundedBuffer out =
                new BoundedBuffer(maxOutput, (int) Math.min(Integer.MAX_VALUE / 4, inputSize * 4 + 64), file, offset);
        try {
            while (true) {
                out.ensureRoom();
                int n = in.read(out.array(), out.size(), out.array().length - out.size());
                if (n < 0) break;
                out.advance(n);
            }
        } catch (FormatException e) {
            throw e;
        } catch (IOException e) {
            throw new FormatException(
                    file, offset, "bad " + what + " data: " + dev.vitrine.core.text.Messages.reason(e));
        } catch (RuntimeException e) {
            // Decoders of hostile input sometimes fail with index errors instead of IOExceptions.
            throw new FormatException(
                    file, offset, "bad " + what + " data: " + dev.vitrine.core.text.Messages.reason(e));
        }
        return out.segment();
    }
}
