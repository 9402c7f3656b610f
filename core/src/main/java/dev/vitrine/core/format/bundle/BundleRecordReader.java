package dev.vitrine.core.format.bundle;

import dev.vitrine.core.export.PassedPages;
import dev.vitrine.core.format.bundle.BundleShards.Records;
import dev.vitrine.core.format.bundle.BundleShards.Shard;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Decodes a bundle's records and checks each against its table: its length, that it starts
 * inside the data and that its compressed bytes end before the next record. Holds what makes
 * reading fast: the last few decoded records, the record decoded ahead of a reader in data
 * order (export), and the mapped pages such a reader has passed.
 */
final class BundleRecordReader implements AutoCloseable {
    /** Record {@code index} of shard {@code shard} (its place in the table, not the index key's stream offset). */
    record RecordKey(long shard, int index) {}

    private static final int CACHED = 8;
    private static final int CACHED_MAX_BYTES = 4 << 20;
    /** Records decoded ahead of a reader in data order at most. */
    private static final int AHEAD = 2;

    private final BundleCatalog catalog;
    private final LinkedHashMap<RecordKey, byte[]> decoded = new LinkedHashMap<>(8, 0.75f, true);
    private final LinkedHashMap<RecordKey, Future<byte[]>> ahead = new LinkedHashMap<>();
    private final Map<Long, PassedPages> passedPages = new HashMap<>();
    private ExecutorService aheadPool;
    private boolean closed;

    BundleRecordReader(BundleCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Record {@code i} of shard {@code sh}, decoded and checked against its length; all-zero
     * records decode to zeros. {@code cached} false (verify, the record's fields): always decoded
     * from the shard, so the compressed length is known (else -1 on a cache hit). {@code reuse}:
     * a stream's own decoder, or null for a fresh one. Throws a {@link FormatException} at the
     * record's offset.
     */
    RecordCodec.Result decode(Shard sh, Records r, int i, boolean cached, RecordCodec.Decoder reuse)
            throws IOException {
        long len = checkedLength(sh, r, i);
        if (r.zeros(i)) return new RecordCodec.Result(new byte[(int) len], 0);
        RecordKey key = new RecordKey(sh.index(), i);
        if (cached) {
            synchronized (decoded) {
                byte[] hit = decoded.get(key);
                if (hit != null) return new RecordCodec.Result(hit, -1);
            }
        }
        byte[] out = new byte[(int) len];
        long used;
        if (reuse != null) {
            used = decodeInto(sh, r, i, out, reuse);
        } else {
            try (RecordCodec.Decoder d = new RecordCodec.Decoder()) {
                used = decodeInto(sh, r, i, out, d);
            }
        }
        if (len <= CACHED_MAX_BYTES) {
            synchronized (decoded) {
                decoded.put(key, out);
                while (decoded.size() > CACHED)
                    decoded.remove(decoded.keySet().iterator().next());
            }
        }
        return new RecordCodec.Result(out, used);
    }

    /** Record {@code i}'s uncompressed length, or a {@link FormatException} when no record can be that long. */
    long checkedLength(Shard sh, Records r, int i) throws FormatException {
        long len = r.length(i);
        long max = Math.max(1, catalog.config().getRecordSize());
        if (len <= 0 || len > max) {
            FileRef ref = sh.ref();
            throw new FormatException(
                    ref.path(),
                    ref,
                    Math.max(-1, r.byteOffsets()[i]),
                    "record at stream offset " + r.offsets()[i] + " is " + len + " bytes long; records hold 1 .. "
                            + max);
        }
        return len;
    }

    /**
     * What {@link #decode} does, into {@code out[0, length)} with {@code d}'s reused state and
     * buffers (nothing allocated per record: verify's workers). Returns how many compressed
     * bytes it took (0 for an all-zero record).
     */
    long decodeInto(Shard sh, Records r, int i, byte[] out, RecordCodec.Decoder d) throws IOException {
        long len = checkedLength(sh, r, i);
        FileRef ref = sh.ref();
        if (r.zeros(i)) {
            Arrays.fill(out, 0, (int) len, (byte) 0);
            return 0;
        }
        long boff = r.byteOffsets()[i];
        if (sh.src() == null) throw new FormatException(ref.path(), ref, -1, "shard is missing");
        long size = sh.src().size();
        if (boff >= size)
            throw new FormatException(
                    ref.path(),
                    ref,
                    size, // placed at the end the file has: an offset past it points nowhere
                    "record at stream offset " + r.offsets()[i] + " starts at byte " + boff + ", past the shard's end "
                            + size);
        if (boff < sh.dataOffset())
            throw new FormatException(
                    ref.path(), ref, boff, "record starts before the shard's data_offset " + sh.dataOffset());
        int window = (int) Math.min(size - boff, RecordCodec.compressedBound(len));
        // Copied into the decoder's reused buffer by a Java copy, never handed to native code in
        // place: a mapping closed meanwhile (the window closing the archive, an evicted shard)
        // then fails this read with an exception instead of crashing the process.
        byte[] buf = d.input(window);
        try {
            MemorySegment.copy(sh.src().segment(boff, window), ValueLayout.JAVA_BYTE, 0, buf, 0, window);
        } catch (IllegalStateException e) {
            throw new FormatException(
                    ref.path(),
                    ref,
                    boff,
                    "record at stream offset " + r.offsets()[i] + ": the shard was closed while reading");
        }
        ByteBuffer in = ByteBuffer.wrap(buf, 0, window).slice();
        long used;
        try {
            used = d.decode(catalog.codec(), in, out, (int) len);
        } catch (FormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new FormatException(
                    ref.path(), ref, boff, "record at stream offset " + r.offsets()[i] + ": " + e.getMessage());
        }
        ByteRange slot = sh.recordSlot(r, i);
        if (used > slot.length()) {
            throw new FormatException(
                    ref.path(),
                    ref,
                    boff + slot.length(),
                    "record at stream offset " + r.offsets()[i] + " (" + used + " compressed bytes from " + boff
                            + ") overlaps the next record at " + slot.end());
        }
        return used;
    }

    /**
     * Record {@code i} for a reader in data order, and the next one started on another core: an
     * export then decodes while it writes. Bounded: {@link #AHEAD} records in flight. A record
     * decoded ahead that failed is decoded again here, so the failure is reported as usual.
     */
    byte[] forReader(Shard sh, Records r, int i, RecordCodec.Decoder d) throws IOException {
        Future<byte[]> mine;
        synchronized (ahead) {
            mine = ahead.remove(new RecordKey(sh.index(), i));
            int n = i + 1;
            RecordKey next = new RecordKey(sh.index(), n);
            // once closed, nothing new is started: the pool is gone and the shards about to be unmapped
            if (!closed && n < r.count() && !r.zeros(n) && !ahead.containsKey(next)) {
                // a reader that stopped (a preview) leaves its record unclaimed: the oldest goes
                while (ahead.size() >= AHEAD)
                    ahead.remove(ahead.keySet().iterator().next()).cancel(false);
                if (aheadPool == null) {
                    aheadPool = Executors.newSingleThreadExecutor(t -> {
                        Thread th = new Thread(t, "bundle-read-ahead");
                        th.setDaemon(true);
                        return th;
                    });
                }
                ahead.put(
                        next,
                        aheadPool.submit(() -> decode(sh, r, n, true, null).data()));
            }
        }
        if (mine != null) {
            try {
                return mine.get();
            } catch (ExecutionException e) {
                // decoded again below, so the reader sees the record's own error
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while decoding a record");
            }
        }
        return decode(sh, r, i, true, d).data();
    }

    /**
     * A reader in data order (export) is past the record at {@code byteOffset} of shard
     * {@code sh}: the mapped pages before it are let go, so exporting 10 GB does not hold 10 GB
     * resident. A reader going back only costs page faults.
     */
    void passed(Shard sh, long byteOffset) {
        if (!sh.mapped() || sh.src() == null || byteOffset < 0) return;
        synchronized (passedPages) {
            PassedPages p = passedPages.get(sh.index());
            if (p == null) {
                try {
                    p = new PassedPages(sh.src().segment(0, sh.src().size()));
                } catch (IOException | RuntimeException e) {
                    return; // not mapped as one segment: nothing to let go of
                }
                if (passedPages.size() >= 64) passedPages.clear();
                passedPages.put(sh.index(), p);
            }
            try {
                p.passed(byteOffset);
            } catch (RuntimeException e) {
                // the shard's mapping was released (many shards open): map again next time
                passedPages.remove(sh.index());
            }
        }
    }

    /**
     * Stops the read-ahead and waits for it, before the caller closes the index and unmaps the
     * shards it reads: a decode still running would read closed mappings.
     */
    @Override
    public void close() {
        ExecutorService pool;
        synchronized (ahead) {
            closed = true;
            pool = aheadPool;
            for (Future<byte[]> f : ahead.values()) f.cancel(true);
            ahead.clear();
        }
        if (pool != null) {
            pool.shutdownNow();
            try {
                pool.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
