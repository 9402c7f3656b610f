package dev.vitrine.core.format.ark;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.rbuf.Guid;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufDecoder;
import dev.vitrine.core.rbuf.RbufException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One split file: its header (decoded with the SplitFileHeader schema), its type mappings and
 * its index, read entry by entry from the file (never all at once). {@link #problems()} says
 * what made the header or index unusable; {@link #entryCount()} is then what can be read.
 */
public final class ArkSplit {
    /** Bytes of the file's start read to decode the header (256 mappings take 4.6 KB). */
    static final int HEADER_READ = 64 * 1024;

    public record Mapping(Guid object, int shortId, long offset) {}

    /** One packed index entry and its own position in the file. */
    public record Entry(long position, long index, long timeNs, long offset, long size, int object, int flags) {
        public long end() {
            return offset + size;
        }
    }

    final FileRef ref;
    final Guid guid;
    final ByteSource src;
    final long fileSize;
    int formatVersion = -1;
    Guid splitIdentifier;
    long indexOffset;
    long indexedCount;
    long maximumCount;
    int headerLength;
    final List<Mapping> mappings = new ArrayList<>();
    final Map<Integer, Guid> byShortId = new HashMap<>();
    final List<Problem> problems = new ArrayList<>();
    /** Entries that lie inside the file (fewer than indexedCount when the index runs past the end). */
    long readableEntries;

    ArkSplit(FileRef ref, Guid guid, ByteSource src) {
        this.ref = ref;
        this.guid = guid;
        this.src = src;
        this.fileSize = src.size();
        parse();
    }

    private void parse() {
        int n = (int) Math.min(fileSize, HEADER_READ);
        byte[] head;
        try {
            head = src.read(0, n);
        } catch (IOException e) {
            problems.add(Problem.error(ref, 0, "cannot read the split header: " + e.getMessage()));
            return;
        }
        RValue.Obj h;
        RbufDecoder d = new RbufDecoder(ArkSchemas.SPLIT_IR, head, 0, n, 8, 100_000);
        try {
            h = d.readObject(ArkSchemas.SPLIT_HEADER);
        } catch (RbufException e) {
            problems.add(Problem.error(ref, e.offset(), "split header does not decode: " + e.detail()));
            return;
        }
        headerLength = d.position();
        formatVersion = (int) ArkLog.integer(h.get("format_version"));
        splitIdentifier = ArkLog.guid(h.get("split_identifier"));
        indexOffset = ArkLog.integer(h.get("index_offset"));
        indexedCount = ArkLog.integer(h.get("indexed_item_count"));
        maximumCount = ArkLog.integer(h.get("maximum_item_count"));
        long at = 1 + 2 + 16 + 4 + 4 + 4 + 4;
        if (h.get("type_mappings") instanceof RValue.Arr a) {
            for (RValue v : a.items()) {
                if (v instanceof RValue.Obj o) {
                    Mapping m = new Mapping(
                            ArkLog.guid(o.get("object_identifier")),
                            (int) ArkLog.integer(o.get("short_identifier")),
                            at);
                    mappings.add(m);
                    byShortId.putIfAbsent(m.shortId(), m.object());
                }
                at += 1 + 16 + 1;
            }
        }
        long room = indexOffset > fileSize ? 0 : (fileSize - indexOffset) / ArkSchemas.INDEX_ENTRY_SIZE;
        readableEntries = Math.min(indexedCount, room);
        if (readableEntries < indexedCount) {
            problems.add(Problem.error(
                    ref,
                    indexOffset + readableEntries * ArkSchemas.INDEX_ENTRY_SIZE,
                    "index of " + indexedCount + " entries at " + indexOffset + " runs past the end of the " + fileSize
                            + "-byte file; " + readableEntries + " entries readable"));
        }
    }

    public FileRef ref() {
        return ref;
    }

    public Guid guid() {
        return guid;
    }

    public long entryCount() {
        return readableEntries;
    }

    public List<Problem> problems() {
        return problems;
    }

    public List<Mapping> mappings() {
        return mappings;
    }

    public long fileSize() {
        return fileSize;
    }

    public long indexOffset() {
        return indexOffset;
    }

    public int headerLength() {
        return headerLength;
    }

    /** Entries {@code [from, from+count)} (fewer at the end). */
    public List<Entry> entries(long from, int count) throws IOException {
        long n = Math.max(0, Math.min(count, readableEntries - from));
        List<Entry> out = new ArrayList<>((int) n);
        if (n == 0) return out;
        long pos = indexOffset + from * ArkSchemas.INDEX_ENTRY_SIZE;
        byte[] b = src.read(pos, (int) (n * ArkSchemas.INDEX_ENTRY_SIZE));
        for (int i = 0; i < n; i++)
            out.add(decode(b, i * ArkSchemas.INDEX_ENTRY_SIZE, pos + (long) i * ArkSchemas.INDEX_ENTRY_SIZE, from + i));
        return out;
    }

    /**
     * Entries {@code [from, from+count)} as the file holds them ({@link ArkSchemas#INDEX_ENTRY_SIZE}
     * bytes each), without copying: for passes over every entry that want no object per entry.
     */
    java.lang.foreign.MemorySegment indexSegment(long from, int count) throws IOException {
        long n = Math.max(0, Math.min(count, readableEntries - from));
        return src.segment(indexOffset + from * ArkSchemas.INDEX_ENTRY_SIZE, n * ArkSchemas.INDEX_ENTRY_SIZE);
    }

    public Entry entry(long i) throws IOException {
        return entries(i, 1).getFirst();
    }

    static Entry decode(byte[] b, int o, long position, long index) {
        long t = le(b, o, 8);
        long off = le(b, o + 8, 4);
        long size = le(b, o + 12, 4);
        return new Entry(position, index, t, off, size, b[o + 16] & 0xff, b[o + 17] & 0xff);
    }

    /** First entry index with time >= t (the index is sorted by time; damage there only misplaces the start). */
    public long lowerBound(long t) throws IOException {
        long lo = 0;
        long hi = readableEntries;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (entry(mid).timeNs() < t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** The stored bytes of an entry; IOException when they lie outside the file. */
    public byte[] stored(Entry e, long max) throws IOException {
        if (e.size() > max)
            throw new dev.vitrine.core.io.FormatException(
                    ref.path(), ref, e.offset(), "message of " + e.size() + " bytes is over the limit of " + max);
        if (e.offset() > fileSize || e.size() > fileSize - e.offset()) {
            throw new dev.vitrine.core.io.TruncatedException(ref.path(), e.offset(), e.size(), fileSize, "message");
        }
        return src.read(e.offset(), (int) e.size());
    }

    /** Per entry, the entry whose bytes it reuses, or -1 (null: none does); computed on first use. */
    private int[] covering;

    private boolean coveringKnown;

    /**
     * The index entry whose stored bytes entry {@code i}'s overlap (D25: the first by offset
     * keeps them, as verify and the exporter judge), or -1. An alias is decoded once, for its
     * first claimant: JSON lines refuse the others, so 100,000 entries naming one megabyte do
     * not write 100,000 copies of it.
     */
    synchronized int aliasOf(long i) throws IOException {
        if (!coveringKnown) {
            covering = findCovering();
            coveringKnown = true;
        }
        return covering == null || i >= covering.length ? -1 : covering[(int) i];
    }

    private int[] findCovering() throws IOException {
        int n = (int) Math.min(readableEntries, Integer.MAX_VALUE - 8);
        long[] start = new long[n];
        long[] end = new long[n];
        for (int from = 0; from < n; from += 4096) {
            for (Entry e : entries(from, Math.min(4096, n - from))) {
                start[(int) e.index()] = e.offset();
                end[(int) e.index()] = e.end();
            }
        }
        int[] order = dev.vitrine.core.io.IndexSort.sorted(
                n, (x, y) -> start[x] != start[y] ? Long.compare(start[x], start[y]) : Long.compare(end[x], end[y]));
        int[] cover = null;
        int reach = -1;
        for (int i : order) {
            if (end[i] == start[i]) continue; // empty: shares nothing
            if (reach >= 0 && start[i] < end[reach]) {
                if (cover == null) java.util.Arrays.fill(cover = new int[n], -1);
                cover[i] = reach;
            }
            if (reach < 0 || end[i] > end[reach]) reach = i;
        }
        return cover;
    }

    static long le(byte[] b, int o, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) v = (v << 8) | (b[o + i] & 0xff);
        return v;
    }
}
