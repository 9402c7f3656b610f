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
 *
 * <p>Mapped pages we have read stay in our resident set until released (they stay in the page
 * cache either way). Releasing each entry's own pages is not enough for many small entries:
 * reading a page makes the kernel map its neighbours too ("fault-around", 64 KiB by default),
 * including pages of the entry before, already released, and those then stay: about 20 KiB
 * per entry, 400 MB over 20,000 entries. So on Linux, released ranges are batched while
 * entries follow each other in memory (they do in data order) and each batch starts a little
 * before its first byte; elsewhere each piece is unloaded on its own, as before. Call
 * {@link #releaseAll()} when done.
 */
final class ContentCopier {
    private static final int SEGMENT_PIECE = 16 << 20;
    private static final int BUFFER = 1 << 20;
    /** Release mapped pages once this much has been written from one run of adjacent pieces. */
    private static final long RELEASE_BATCH = 16 << 20;
    /** Linux's default fault-around window: how far behind a read the kernel may have mapped pages. */
    private static final long FAULT_AROUND = 64 << 10;

    /** Receives the bytes written so far for the current content. */
    interface Tick {
        void advance(long bytes);
    }

    private final AtomicBoolean cancel;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
    /** False where madvise is unavailable or once it failed: then each piece is unloaded on its own. */
    private boolean batch = LinuxCalls.madviseAvailable();
    /** The first piece of the current run of adjacent mapped pieces (one scope); null when none. */
    private MemorySegment runFirst;
    /** [releasedTo, runEnd): addresses written from the run and not released yet. */
    private long releasedTo;

    private long runEnd;

    ContentCopier(AtomicBoolean cancel) {
        this.cancel = cancel;
    }

    /** Copies {@code content} to {@code out}; fails unless exactly {@code content.size()} bytes came (when it says). */
    long copy(Content content, FileChannel out, Tick tick) throws IOException {
        long expected = content.size();
        long written = content instanceof SegmentContent sc && sc.isView()
                ? copySegment(sc.segment(), out, tick)
                : copyStream(content, out, tick, expected);
        if (expected != Content.UNKNOWN_SIZE && written != expected) {
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
            // Let go of the pages read (see the class comment), so 10 GB does not show as 10 GB RSS.
            if (piece.isMapped()) release(piece);
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
                if (expected != Content.UNKNOWN_SIZE && total + n > expected)
                    throw new IOException("content runs past its size of " + expected + " bytes");
                buffer.clear().limit(n);
                while (buffer.hasRemaining()) out.write(buffer);
                total += n;
                tick.advance(n);
            }
        }
        return total;
    }

    private void release(MemorySegment piece) {
        if (!batch) {
            piece.unload();
            return;
        }
        long at = piece.address();
        if (runFirst == null || at != runEnd || !piece.scope().equals(runFirst.scope())) {
            releaseAll();
            runFirst = piece;
            releasedTo = at;
        }
        runEnd = at + piece.byteSize();
        if (runEnd - releasedTo >= RELEASE_BATCH) releasePending();
    }

    /** Releases the mapped pages written since the last release. */
    void releaseAll() {
        if (runFirst != null) releasePending();
        runFirst = null;
    }

    private void releasePending() {
        long page = LinuxCalls.pageSize();
        long runStart = runFirst.address();
        // madvise wants a page-aligned start: round up, so nothing before the run is touched.
        long from = (Math.max(runStart, releasedTo - FAULT_AROUND) + page - 1) & -page;
        if (from < runEnd) {
            try {
                // A view of the run with the run's own scope: the call keeps the mapping alive.
                MemorySegment region = runFirst.reinterpret(runEnd - runStart).asSlice(from - runStart, runEnd - from);
                // Not expected to fail; if it does, unload piece by piece from now on.
                if (!LinuxCalls.dontNeed(region)) batch = false;
            } catch (RuntimeException closed) {
                batch = false;
            }
        }
        releasedTo = runEnd;
    }

    private void checkCancelled() {
        if (cancel.get()) throw new CancelledException();
    }
}
