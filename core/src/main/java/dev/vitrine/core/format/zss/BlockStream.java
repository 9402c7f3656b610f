package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.limits.Limits;
import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * The data blocks from an offset to the end of the file, in file order, each CRC-checked and
 * decompressed; index and extension blocks are CRC-checked and skipped. Errors surface in
 * order, when the stream reaches the damaged block. For compressing codecs, the next few
 * blocks are decompressed in parallel while the caller consumes the current one.
 */
abstract class BlockStream implements AutoCloseable {
    private static final long READ_AHEAD_MIN_BYTES = 1L << 20;
    final BlockReader reader;
    long pos;
    /**
     * The mapped pages behind the block last handed out are released as the stream goes on: a
     * cat of a 1 GB file otherwise ended with 1 GB resident (they stay in the page cache; a block
     * still held reads them back through a fault, never wrong data).
     */
    private final dev.vitrine.core.export.PassedPages passed;

    BlockStream(BlockReader reader, long pos) {
        this.reader = reader;
        this.pos = pos;
        this.passed = new dev.vitrine.core.export.PassedPages(reader.data());
    }

    static BlockStream open(BlockReader reader, long pos, Limits limits) {
        // Handing blocks to other threads costs tens of microseconds each: worth it only when
        // there is real decompression work ahead.
        boolean parallel = reader.codec() != null
                && !reader.codec().isIdentity()
                && Workers.parallelism() > 1
                && reader.size() - pos > READ_AHEAD_MIN_BYTES;
        if (parallel) return new ReadAhead(reader, pos, Workers.parallelism() + 1);
        // Codec none: the only work per block is its CRC, too little to hand over block by
        // block, but worth checking a few megabytes ahead on a worker while the caller reads.
        // (Only where the file is mapped: read remotely, the checks ahead would fetch megabytes
        // that a short range scan never reads; the source's own read-ahead serves long scans.)
        boolean batched = reader.codec() != null
                && reader.codec().isIdentity()
                && Workers.parallelism() > 1
                && reader.size() - pos > 4 * Batched.BATCH_BYTES
                && reader.data() != null;
        return batched ? new Batched(reader, pos) : new Sequential(reader, pos);
    }

    static <T> T await(Future<T> f, BlockReader reader, long pos) throws FormatException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FormatException(reader.file(), pos, "interrupted");
        } catch (CancellationException e) {
            throw new FormatException(reader.file(), pos, "cancelled");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof FormatException fe) throw fe;
            if (c instanceof RuntimeException re) throw re;
            if (c instanceof Error err) throw err;
            throw new IllegalStateException(c);
        }
    }

    /** The next data block, or null at the end of the file; what lies before it is passed. */
    final DecodedBlock next() throws FormatException {
        DecodedBlock b = nextBlock();
        if (b != null) passed.passed(b.frame().offset());
        return b;
    }

    /** The next data block, or null at the end of the file. */
    abstract DecodedBlock nextBlock() throws FormatException;

    @Override
    public void close() {}

    /** Set by close: decodes not started yet return at once instead of reading. */
    volatile boolean stopped;

    /**
     * Stops the workers and waits for them: a running decode reads the mapped file, and the
     * archive may be closed (its mapping released) as soon as this stream is, e.g. right after
     * a scan stopped at a damaged block. Not cancelled: a cancelled task that had started keeps
     * running unseen; instead those not started see {@link #stopped} and return at once.
     */
    void stopAll(java.util.Collection<? extends Future<?>> pending) {
        stopped = true;
        for (Future<?> f : pending) Workers.awaitQuietly(f);
        pending.clear();
    }

    /** CRC check and decode of one block; null for blocks that are not data. */
    static DecodedBlock decode(BlockReader reader, BlockFrame f) throws FormatException {
        reader.checkCrc(f);
        if (!f.isData()) return null;
        return new DecodedBlock(f, reader.payload(f));
    }

    private static final class Sequential extends BlockStream {
        Sequential(BlockReader reader, long pos) {
            super(reader, pos);
        }

        @Override
        DecodedBlock nextBlock() throws FormatException {
            while (true) {
                BlockFrame f = reader.frameAt(pos, reader.size());
                if (f == null) return null;
                pos = f.end();
                DecodedBlock b = decode(reader, f);
                if (b != null) return b;
            }
        }
    }

    /**
     * Frames are walked here; each run of about {@link #BATCH_BYTES} is CRC-checked on a worker.
     * A batch keeps the blocks before its first bad one and that error, so records and errors
     * still come in file order, as from {@link Sequential}.
     */
    private static final class Batched extends BlockStream {
        static final long BATCH_BYTES = 4L << 20;
        private static final int WINDOW = 3;

        private record Batch(DecodedBlock[] blocks, int count, FormatException error) {}

        private final ArrayDeque<Future<Batch>> pending = new ArrayDeque<>();
        private FormatException framingError;
        private boolean framingDone;
        private Batch current;
        private int index;

        Batched(BlockReader reader, long pos) {
            super(reader, pos);
        }

        private void fill() {
            while (!framingDone && pending.size() < WINDOW) {
                java.util.List<BlockFrame> frames = new java.util.ArrayList<>();
                long bytes = 0;
                while (bytes < BATCH_BYTES) {
                    try {
                        BlockFrame f = reader.frameAt(pos, reader.size());
                        if (f == null) {
                            framingDone = true;
                            break;
                        }
                        pos = f.end();
                        frames.add(f);
                        bytes += f.totalLength();
                    } catch (FormatException e) {
                        framingError = e;
                        framingDone = true;
                        break;
                    }
                }
                if (frames.isEmpty()) return;
                pending.add(Workers.pool().submit(() -> stopped ? null : decodeAll(reader, frames)));
            }
        }

        private static Batch decodeAll(BlockReader reader, java.util.List<BlockFrame> frames) {
            DecodedBlock[] out = new DecodedBlock[frames.size()];
            int n = 0;
            for (BlockFrame f : frames) {
                try {
                    DecodedBlock b = decode(reader, f);
                    if (b != null) out[n++] = b;
                } catch (FormatException e) {
                    return new Batch(out, n, e);
                }
            }
            return new Batch(out, n, null);
        }

        @Override
        DecodedBlock nextBlock() throws FormatException {
            while (true) {
                if (current != null) {
                    if (index < current.count()) return current.blocks()[index++];
                    if (current.error() != null) throw current.error();
                    current = null;
                }
                fill();
                Future<Batch> head = pending.poll();
                if (head == null) {
                    if (framingError != null) throw framingError;
                    return null;
                }
                current = await(head, reader, pos);
                index = 0;
            }
        }

        @Override
        public void close() {
            stopAll(pending);
        }
    }

    private static final class ReadAhead extends BlockStream {
        private final int window;
        private final ArrayDeque<Future<DecodedBlock>> pending = new ArrayDeque<>();
        private FormatException framingError;
        private boolean framingDone;

        ReadAhead(BlockReader reader, long pos, int window) {
            super(reader, pos);
            this.window = window;
        }

        private void fill() {
            while (!framingDone && pending.size() < window) {
                try {
                    BlockFrame f = reader.frameAt(pos, reader.size());
                    if (f == null) {
                        framingDone = true;
                        return;
                    }
                    pos = f.end();
                    pending.add(Workers.pool().submit(() -> stopped ? null : decode(reader, f)));
                } catch (FormatException e) {
                    framingError = e;
                    framingDone = true;
                }
            }
        }

        @Override
        DecodedBlock nextBlock() throws FormatException {
            while (true) {
                fill();
                Future<DecodedBlock> head = pending.poll();
                if (head == null) {
                    if (framingError != null) throw framingError;
                    return null;
                }
                DecodedBlock b = await(head, reader, pos);
                if (b != null) return b;
            }
        }

        @Override
        public void close() {
            stopAll(pending);
        }
    }
}
