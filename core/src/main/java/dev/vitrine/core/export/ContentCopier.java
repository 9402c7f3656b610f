package dev.vitrine.core.export;

import dev.vitrine.core.model.Content;
import dev.vitrine.core.verify.CancelledException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Streams one content into a file channel in bounded pieces, checking for cancellation and
 * reporting progress between pieces. Mapped content goes straight from the segment to the
 * channel; other content through one reused 1 MiB buffer. Either way memory stays flat.
 */
final class ContentCopier {
    private static final int SEGMENT_PIECE = 16 << 20;
    private static final int BUFFER = 1 << 20;

    /** Receives the bytes written so far for the current content. */
    interface Tick {
        void advance(long bytes);
    }

    private final AtomicBoolean cancel;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER);

    ContentCopier(AtomicBoolean cancel) {
        this.cancel = cancel;
    }

    /** Copies {@code content} to {@code out}; fails unless exactly {@code content.size()} bytes came. */
    long copy(Content content, FileChannel out, Tick tick) throws IOException {
        long expected = content.size();
        long written = content instanceof SegmentContent sc ? copySegment(sc.segment(), out, tick) : copyStream(content, out, tick, expected);
        if (written != expected) {
            throw new IOException("content has " + written + " bytes but its size says " + expected);
        }
        return written;
    }

    private long copySegment(MemorySegment seg, FileChannel out, Tick tick) throws IOException {
        long size = seg.byteSize();
        long pos = 0;
        while (pos < size) {
            checkCancelled();
            int n = (int) Math.min(SEGMENT_PIECE, size - pos);
            MemorySegment piece = seg.asSlice(pos, n);
            ByteBuffer bb = piece.asByteBuffer();
            while (bb.hasRemaining()) out.write(bb);
            // Mapped pages we have read stay in our resident set until unmapped; let them go
            // (they stay in the page cache), so exporting 10 GB does not show as 10 GB RSS.
            if (piece.isMapped()) piece.unload();
            pos += n;
            tick.advance(n);
        }
        return pos;
    }

    private long copyStream(Content content, FileChannel out, Tick tick, long expected) throws IOException {
        long total = 0;
        try (InputStream in = content.open()) {
            byte[] arr = buffer.array();
            int n;
            while ((n = in.read(arr, 0, arr.length)) > 0) {
                checkCancelled();
                // A stream that runs on past its declared size is damaged; stop rather than fill the disk.
                if (total + n > expected) throw new IOException("content runs past its size of " + expected + " bytes");
                buffer.clear().limit(n);
                while (buffer.hasRemaining()) out.write(buffer);
                total += n;
                tick.advance(n);
            }
        }
        return total;
    }

    private void checkCancelled() {
        if (cancel.get()) throw new CancelledException();
    }
}
