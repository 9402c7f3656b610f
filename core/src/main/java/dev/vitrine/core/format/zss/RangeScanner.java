package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.SortedRecords.RecordSink;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Range queries. With a start key, the index is walked from the root to the data block that
 * may hold the first match; without one, streaming starts at the first block after the header
 * (so junk there is noticed). Then blocks are streamed in file order, every CRC checked,
 * index and extension blocks skipped, until a record >= stop. Each block is parsed completely
 * before any of its records is delivered, so a damaged block delivers nothing; the records of
 * earlier blocks have been delivered when the exception comes.
 */
final class RangeScanner {
    private final ZssArchive archive;
    private final BlockReader reader;
    private byte[] scratch = new byte[0];
    private long[] starts = new long[1024];
    private long[] lengths = new long[1024];

    RangeScanner(ZssArchive archive) {
        this.archive = archive;
        this.reader = archive.reader();
    }

    void scan(byte[] start, byte[] stop, byte[] prefix, RecordSink sink) throws IOException {
        archive.requireReadable();
        KeyRange range = KeyRange.of(start, stop, prefix);
        if (range.isEmpty()) return;
        MemorySegment lo = MemorySegment.ofArray(range.start());
        MemorySegment hi = range.stop() == null ? null : MemorySegment.ofArray(range.stop());
        long pos = range.unboundedStart() ? archive.header().dataStart() : findDataBlock(lo);
        try (BlockStream blocks = BlockStream.open(reader, pos, archive.limits())) {
            DecodedBlock b;
            while ((b = blocks.next()) != null) {
                if (!deliver(b, lo, hi, sink)) return;
            }
        }
    }

    /**
     * Record boundaries of a payload whose records are all shorter than 128 bytes (one-byte
     * length prefixes), read from the heap copy with a plain loop; -1 for anything else
     * (longer records, damage), which {@link #split} then handles with the full rules.
     */
    private int splitShort(byte[] a, int base, int size) {
        long[] st = starts, ln = lengths;
        int n = 0, pos = 0;
        while (pos < size) {
            int len = a[base + pos];
            if (len < 0 || len > size - pos - 1) return -1;
            if (n == st.length) {
                starts = st = Arrays.copyOf(st, n * 2);
                lengths = ln = Arrays.copyOf(ln, n * 2);
            }
            st[n] = pos + 1;
            ln[n] = len;
            n++;
            pos += len + 1;
        }
        return n;
    }

    private int split(MemorySegment p, DecodedBlock b) throws FormatException {
        int n = 0;
        RecordCursor c = new RecordCursor(p);
        try {
            while (c.next()) {
                if (n == starts.length) {
                    starts = Arrays.copyOf(starts, n * 2);
                    lengths = Arrays.copyOf(lengths, n * 2);
                }
                starts[n] = c.start();
                lengths[n] = c.length();
                n++;
            }
        } catch (PayloadException e) {
            throw e.at(reader.file(), b.frame().offset());
        }
        return n;
    }

    /** The reference's _find_ge_block(start, round_down=True): offset of a data block to stream from. */
    private long findDataBlock(MemorySegment needle) throws FormatException {
        long offset = archive.header().rootOffset();
        long length = archive.header().rootLength();
        long referrer = HeaderLayout.ROOT_OFFSET;
        int maxDepth = Math.min(archive.limits().maxDepth(), BlockFrame.FIRST_EXTENSION_LEVEL);
        for (int depth = 0; ; depth++) {
            if (depth > maxDepth) {
                throw new FormatException(
                        reader.file(), offset, "index deeper than " + maxDepth + " levels (a cycle?)");
            }
            IndexBlock ib = archive.readIndexBlock(offset, length, referrer);
            IndexEntry e = ib.entries().get(ib.entryFor(needle));
            if (ib.level() == 1) {
                long child = e.childOffset();
                if (child < 0 || child > reader.size()) {
                    throw new FormatException(
                            reader.file(),
                            offset,
                            "index entry points at offset " + Long.toUnsignedString(child) + ", outside the file ("
                                    + reader.size() + " bytes)");
                }
                return child;
            }
            referrer = offset;
            offset = e.childOffset();
            length = e.childLength();
        }
    }

    /** Delivers the block's records in range; false once past the stop key (or the sink said stop). */
    private boolean deliver(DecodedBlock b, MemorySegment lo, MemorySegment hi, RecordSink sink) throws IOException {
        MemorySegment p = b.payload();
        byte[] arr;
        int base;
        if (p.heapBase().orElse(null) instanceof byte[] a) {
            arr = a;
            base = (int) p.address();
        } else {
            if (p.byteSize() > Integer.MAX_VALUE - 16) {
                split(p, b); // damage is reported first, as before
                throw new FormatException(
                        reader.file(),
                        b.frame().offset(),
                        "block payload too large to deliver (" + p.byteSize() + " bytes)");
            }
            if (scratch.length < p.byteSize())
                scratch = new byte[(int) Math.max(p.byteSize(), Math.min(Integer.MAX_VALUE - 16, scratch.length * 2L))];
            MemorySegment.copy(p, ValueLayout.JAVA_BYTE, 0, scratch, 0, (int) p.byteSize());
            arr = scratch;
            base = 0;
        }
        int n = splitShort(arr, base, (int) p.byteSize());
        if (n < 0) n = split(p, b);
        if (n == 0) throw new FormatException(reader.file(), b.frame().offset(), "empty block");
        if (hi != null && Keys.compare(p.asSlice(starts[0], lengths[0]), hi) >= 0) return false;

        boolean checkLo = lo.byteSize() > 0 && Keys.compare(p.asSlice(starts[0], lengths[0]), lo) < 0;
        for (int i = 0; i < n; i++) {
            MemorySegment r = null;
            if (checkLo) {
                r = p.asSlice(starts[i], lengths[i]);
                if (Keys.compare(r, lo) < 0) continue;
                checkLo = false;
            }
            if (hi != null) {
                if (r == null) r = p.asSlice(starts[i], lengths[i]);
                if (Keys.compare(r, hi) >= 0) return false;
            }
            if (!sink.accept(arr, base + (int) starts[i], (int) lengths[i])) return false;
        }
        return true;
    }
}
