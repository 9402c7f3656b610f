package dev.vitrine.core.format.bundle;

import dev.vitrine.core.verify.CancelledException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Decodes a shard's records a few ahead of verify's checks on the other cores, each worker with
 * its own reused decoder and into buffers taken from a fixed pool (nothing allocated per record):
 * at most {@code depth} records are decoded or waiting, so memory stays flat. The checks and
 * CRCs stay in record order on the verifying thread, so problems come out in a fixed order.
 */
final class BundleRecordPrefetch implements AutoCloseable {
    /** A record decoded ahead: its bytes (a pooled buffer, longer than the record) and its compressed length. */
    record Decoded(byte[] data, long compressedLength) {}

    /** Most decoded bytes held at once, whatever the record size, so memory stays flat. */
    private static final long IN_FLIGHT_BYTES = 64L << 20;

    private final ExecutorService pool;
    private final ArrayDeque<Future<Object>> queue = new ArrayDeque<>();
    private final BlockingQueue<byte[]> buffers;
    private final List<RecordCodec.Decoder> decoders = Collections.synchronizedList(new ArrayList<>());
    private final ThreadLocal<RecordCodec.Decoder> decoder = ThreadLocal.withInitial(() -> {
        RecordCodec.Decoder d = new RecordCodec.Decoder();
        decoders.add(d);
        return d;
    });
    private final BundleRecordReader reader;
    private final long recordSize;
    private final BundleShards.Shard sh;
    private final BundleShards.Records r;
    private final int depth;
    private final int bufferSize;
    /** Records [first, end) are decoded, in order (a part verify reads only those meeting the part). */
    private final int end;

    private int submitted;

    BundleRecordPrefetch(
            BundleRecordReader reader,
            long recordSize,
            BundleShards.Shard sh,
            BundleShards.Records r,
            int first,
            int end) {
        this.submitted = first;
        this.end = end;
        this.reader = reader;
        this.recordSize = recordSize;
        this.sh = sh;
        this.r = r;
        int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        this.bufferSize = (int) Math.max(1, Math.min(recordSize, Integer.MAX_VALUE - 16));
        this.depth = (int) Math.max(1, Math.min(2L * threads, IN_FLIGHT_BYTES / bufferSize));
        // one buffer more than the depth: the verifying thread holds one while the workers fill the rest
        this.buffers = new ArrayBlockingQueue<>(depth + 1);
        this.pool = Executors.newFixedThreadPool(Math.min(threads, depth), t -> {
            Thread th = new Thread(t, "bundle-verify");
            th.setDaemon(true);
            return th;
        });
    }

    /** The decoded record {@code i} (a Decoded), the IOException it failed with, or null (not stored / bad length). */
    Object take(int i) {
        while (submitted < end && submitted < i + depth) {
            int k = submitted++;
            queue.add(pool.submit(() -> decode(k)));
        }
        try {
            return queue.poll().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) throw re;
            if (c instanceof Error er) throw er;
            return new IOException(c);
        }
    }

    /** Gives a record's buffer back once its bytes are checked. */
    void release(Object decoded) {
        if (decoded instanceof Decoded d) buffers.offer(d.data());
    }

    private Object decode(int k) {
        long len = r.length(k);
        if (len <= 0 || len > recordSize) return null;
        byte[] out = buffers.poll();
        if (out == null) out = new byte[bufferSize]; // the pool fills up to depth + 1 buffers, then is reused
        try {
            return new Decoded(out, reader.decodeInto(sh, r, k, out, decoder.get()));
        } catch (IOException e) {
            buffers.offer(out);
            return e;
        }
    }

    @Override
    public void close() {
        for (var f : queue) f.cancel(true);
        pool.shutdownNow();
        try {
            // the decoders' native state is freed only once no worker uses it
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (decoders) {
            decoders.forEach(RecordCodec.Decoder::close);
        }
    }
}
