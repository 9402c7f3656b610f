package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.SourceUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Verify's framing: walks the block frames from the first data block on and cuts them into the
 * chunks its pipeline checks. Codec none reads each chunk into a buffer here (a read of the file,
 * not of its mapping) and frames it from that copy, so the mapping is never touched: on a virtual
 * machine the first touch of each mapped page is a fault, and those faults and the copies out of
 * the mapping were a fifth of verify's CPU on a 960 MB file. Other codecs frame from the file.
 * One thread's; framing stops at the first frame that does not hold ({@link #error}).
 */
final class ChunkFramer {
    private static final int CHUNK_BLOCKS = 4096;

    private final BlockReader reader;
    private final ChunkSizing sizing;
    private final boolean identity;
    private final boolean decodesInto;
    /**
     * Where framing stops: the file's end, or the end an intact header promises when the file is
     * longer (the rest is reported once, at open, and not read: ten gigabytes of zeros after an
     * 861-byte file are not a billion empty blocks).
     */
    private final long trustedEnd;

    private long position;
    private boolean done;
    private FormatException error;
    /** False once a read of the file failed: the rest is framed from the file and copied by the checks. */
    private boolean readWorks = true;

    /** One chunk: its frames, and the buffer that holds their bytes from the first on (null when not read here). */
    record Cut(List<BlockFrame> frames, byte[] read) {}

    ChunkFramer(
            BlockReader reader,
            ChunkSizing sizing,
            boolean identity,
            boolean decodesInto,
            long dataStart,
            long trustedEnd) {
        this.reader = reader;
        this.sizing = sizing;
        this.identity = identity;
        this.decodesInto = decodesInto;
        this.position = dataStart;
        this.trustedEnd = trustedEnd;
    }

    /** True once the last frame, or the frame that broke, was reached. */
    boolean done() {
        return done;
    }

    /** The frame that did not hold, or null. */
    FormatException error() {
        return error;
    }

    /** Where the next frame starts. */
    long position() {
        return position;
    }

    /**
     * The next chunk; no frames at the end. With {@code buffers} (codec none) its bytes are read
     * into one of them, unless a read fails: then this chunk and the rest are framed from the
     * file and copied by the checks, and each frame's own read says where the file ends.
     */
    Cut next(ChunkCopies buffers) {
        if (buffers != null && readWorks) {
            Cut cut = nextRead(buffers);
            if (cut != null) return cut;
        }
        return new Cut(nextFrames(), null);
    }

    private Cut nextRead(ChunkCopies buffers) {
        long base = position;
        if (base >= trustedEnd) {
            done = true;
            return new Cut(List.of(), null);
        }
        byte[] buf = buffers.take(0);
        int n = (int) Math.min(buf.length, trustedEnd - base);
        if (!readInto(base, buf, n)) {
            buffers.give(buf);
            return null;
        }
        MemorySegment window = MemorySegment.ofArray(buf).asSlice(0, n);
        List<BlockFrame> out = new ArrayList<>();
        while (out.size() < CHUNK_BLOCKS && position < trustedEnd) {
            BlockFrame f;
            try {
                f = reader.frameIn(window, base, position, trustedEnd);
            } catch (FormatException e) {
                error = e;
                done = true;
                break;
            }
            if (f != null && f.end() <= base + n) {
                out.add(f);
                position = f.end();
                continue;
            }
            if (!out.isEmpty() || f == null) break;
            // One block longer than the buffer: a buffer of its own.
            buffers.give(buf);
            buf = buffers.take(f.totalLength());
            if (!readInto(base, buf, (int) f.totalLength())) {
                buffers.give(buf);
                return null;
            }
            out.add(f);
            position = f.end();
            break;
        }
        if (position >= trustedEnd) done = true;
        if (out.isEmpty()) {
            buffers.give(buf);
            return new Cut(out, null);
        }
        return new Cut(out, buf);
    }

    /** Reads into {@code dst}; false when the file ends or fails before {@code n} bytes (and reads stop). */
    private boolean readInto(long offset, byte[] dst, int n) {
        try {
            reader.read(offset, dst, n);
            return true;
        } catch (SourceUnavailableException e) {
            throw new UncheckedIOException(e); // changed or gone: said as such, never as damage
        } catch (IOException e) {
            readWorks = false;
            return false;
        }
    }

    /** The next chunk framed from the file. */
    private List<BlockFrame> nextFrames() {
        List<BlockFrame> out = new ArrayList<>();
        long target = sizing.target(identity, decodesInto);
        long bytes = 0;
        while (bytes < target && out.size() < CHUNK_BLOCKS) {
            try {
                BlockFrame f = reader.frameAt(position, trustedEnd);
                if (f == null) {
                    done = true;
                    break;
                }
                out.add(f);
                position = f.end();
                bytes += f.totalLength();
            } catch (FormatException e) {
                error = e;
                done = true;
                break;
            }
        }
        return out;
    }
}
