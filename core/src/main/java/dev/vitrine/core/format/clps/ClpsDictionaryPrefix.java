package dev.vitrine.core.format.clps;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.vitrine.core.format.clps.kql.KqlVarDictionary;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.io.SegmentInputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * A dictionary's entries decoded only as far as they are asked for, in order: a query's values
 * are looked up in var.dict before any table is read (as clp-s does), and a value that is there
 * is usually met among its first entries, long before the end of a dictionary of millions of
 * addresses. So the lookup costs almost nothing when it rules nothing out, and the whole
 * dictionary is loaded on its own thread meanwhile, while the streams decode. Damage stops the
 * walk quietly (every entry is then taken as unreadable, nothing is ruled out): the full load
 * reports it.
 *
 * <p>The compressed bytes are streamed from a mapped archive, not copied (a remote one's are read
 * once, so its blocks are not fetched again). A lookup ({@link
 * #forLookups}) keeps a window of the decoded entries, not all of them: a value no entry holds
 * walks the whole dictionary (31 MB decoded from 1.5 M records), and keeping it all, grown by
 * doubling, touched 70 MB of fresh memory that a query matching nothing spent most of its time
 * faulting in. An entry before the window decodes again from the start (the next filter's walk).
 */
final class ClpsDictionaryPrefix implements KqlVarDictionary.Entries, AutoCloseable {
    /** The most decoded bytes kept: past it the walk stops as at damage. */
    private static final int MAX_BYTES = 256 << 20;

    /** Decoded bytes a lookup keeps (more only for one longer entry). */
    static final int WINDOW = 4 << 20;

    private final int count;
    private final ByteSource source;
    private final long from;
    private final long length;
    /** Decoded bytes kept at most (more only for one longer entry); every entry ({@link #first} needs them) when 0. */
    private final int window;

    private ZstdInputStreamNoFinalizer in;
    private byte[] buf = new byte[1 << 16];
    private int len;
    /** Where entry {@code firstKept + i} starts in {@link #buf} (its u64 length is the 8 bytes before). */
    private int[] starts = new int[1024];
    /** The first entry whose bytes are in {@link #buf}. */
    private int firstKept;

    private int parsed;
    private int parsedTo;
    private boolean broken;

    ClpsDictionaryPrefix(int count, ByteSource source, long from, long length, int window) throws IOException {
        this.count = count;
        this.source = source;
        this.from = from;
        this.length = length;
        this.window = window;
        this.in = stream();
    }

    /** The compressed bytes of a source that is not one mapping (a remote one), read once and kept for a restart. */
    private byte[] compressed;

    private ZstdInputStreamNoFinalizer stream() throws IOException {
        java.util.Optional<java.lang.foreign.MemorySegment> whole = source.whole();
        if (whole.isPresent()) {
            return new ZstdInputStreamNoFinalizer(
                    new SegmentInputStream(whole.get().asSlice(from, length)));
        }
        // Streamed, a remote source would let its blocks go as read, and a restart or the full load fetch them again.
        if (compressed == null) {
            if (length > Integer.MAX_VALUE - 16) throw new IOException("dictionary too large to read at once");
            compressed = source.read(from, (int) length);
        }
        return new ZstdInputStreamNoFinalizer(new java.io.ByteArrayInputStream(compressed));
    }

    /**
     * The dictionary {@code name} of {@code a}, read as needed, every entry decoded kept; null when
     * it is missing or its count is unreadable.
     */
    static ClpsDictionaryPrefix open(ClpsArchive a, String name) {
        return open(a, name, 0);
    }

    /** As {@link #open}, keeping a window of entries: for lookups that walk the entries from the first. */
    static ClpsDictionaryPrefix forLookups(ClpsArchive a, String name) {
        return open(a, name, WINDOW);
    }

    /** As {@link #open}, keeping about {@code window} decoded bytes (every entry when 0). */
    static ClpsDictionaryPrefix open(ClpsArchive a, String name, int window) {
        ClpsFileEntry e = a.entry(name);
        Long n = ClpsDictionaryFiles.count(a.source(), e, name);
        if (e == null || n == null || n <= 0 || n > Integer.MAX_VALUE - 16) return null;
        try {
            return new ClpsDictionaryPrefix(n.intValue(), a.source(), e.offset() + 8, e.size() - 8, window);
        } catch (IOException | RuntimeException x) {
            return null;
        }
    }

    /** Decoded bytes held now. */
    int keptBytes() {
        return buf.length;
    }

    /** How many entries have been decoded so far. */
    int decoded() {
        return parsed;
    }

    @Override
    public int size() {
        return count;
    }

    @Override
    public byte[] entry(int id) {
        if (!reach(id)) return null;
        int at = starts[id - firstKept];
        return Arrays.copyOfRange(buf, at, at + length(id));
    }

    /** Whether entry {@code id} is {@code value}; also true when it cannot be read, so that the full check judges it. */
    @Override
    public boolean is(int id, byte[] value) {
        if (!reach(id)) return true;
        int at = starts[id - firstKept];
        return length(id) == value.length && Arrays.equals(buf, at, at + value.length, value, 0, value.length);
    }

    /**
     * {@link KqlVarDictionary.Entries#next} as one walk over the decoded bytes, recording no entry's
     * start: a value no entry holds walks all of a var.dict's millions, and an entry at a time through
     * {@link #is} took longer than decoding them. Lookups only: every entry passed is let go.
     */
    @Override
    public int next(int from, byte[] value) {
        if (window == 0) return KqlVarDictionary.Entries.super.next(from, value);
        if (from >= count) return count;
        if (!reach(from)) return from; // unreadable: the caller takes it as a maybe
        int id = from;
        int p = starts[from - firstKept] - 8;
        while (id < count) {
            int n = wholeLength(p);
            if (n < 0) {
                if ((p = walkedTo(id, p)) < 0) return id;
                continue;
            }
            if (n == value.length && Arrays.equals(buf, p + 8, p + 8 + n, value, 0, n)) break;
            p += 8 + n;
            id++;
        }
        if (id < count) walkedTo(id, p); // records where it starts, for entry(id); unreadable, entry gives null
        return id;
    }

    /** The length of the entry whose length starts at {@code p}, or -1 when it is not whole in the bytes kept. */
    private int wholeLength(int p) {
        if (len - p < 8) return -1;
        long n = LittleEndian.u64(buf, p);
        return n >= 0 && n <= MAX_BYTES && len - p - 8 >= n ? (int) n : -1;
    }

    /**
     * A walk over the decoded bytes ({@link #next}, {@link #spaceAndQuote}) has reached entry {@code id},
     * whose length starts at {@code p}: the entries before it are let go (as if the window had moved
     * past them) and {@code id} is decoded whole. Where its length starts now (the bytes kept may
     * move), or -1 when it cannot be read.
     */
    private int walkedTo(int id, int p) {
        parsed = firstKept = id;
        parsedTo = p;
        return reach(id) ? starts[0] - 8 : -1;
    }

    private int length(int id) {
        return (int) LittleEndian.u64(buf, starts[id - firstKept] - 8);
    }

    /** Decodes entries until {@code id} is among them; false when it cannot be (damage, or past the end). */
    private boolean reach(int id) {
        if (id < firstKept) restart();
        while (parsed <= id && !broken && id < count) {
            if (len - parsedTo >= 8) {
                long n = LittleEndian.u64(buf, parsedTo);
                if (n < 0 || n > MAX_BYTES) {
                    broken = true;
                    break;
                }
                if (len - parsedTo - 8 >= n) {
                    int k = parsed - firstKept;
                    if (k == starts.length) starts = Arrays.copyOf(starts, starts.length * 2);
                    starts[k] = parsedTo + 8;
                    parsed++;
                    parsedTo += 8 + (int) n;
                    continue;
                }
            }
            more();
        }
        return !broken && id < parsed;
    }

    /**
     * Whether some entry holds a space ([0]) and whether some holds a double quote ([1]), from a walk
     * of every entry; null when they cannot all be read. The decoded bytes are searched for both a
     * word at a time, ahead of the walk; the walk only tells a byte found in an entry's text from one
     * in a length (an entry of 32 or 34 bytes). A byte at a time, entry by entry, took 60-66 ms of
     * a 1.5 M-record var.dict (31 MB), three times its decoding.
     */
    boolean[] spaceAndQuote() {
        boolean space = false, quote = false;
        if (count == 0) return new boolean[] {false, false};
        if (!reach(0)) return null;
        int id = 0;
        int p = starts[0] - 8;
        int[] found = new int[4096]; // where the bytes found ahead lie in buf, in order
        int nFound = 0, next = 0;
        int searchedTo = p;
        while (id < count && !(space && quote)) {
            int n = wholeLength(p);
            if (n < 0) {
                if ((p = walkedTo(id, p)) < 0) return null;
                searchedTo = p;
                nFound = next = 0;
                continue;
            }
            int text = p + 8, end = text + n;
            while (true) {
                while (next < nFound && found[next] < text) next++; // in this entry's length, or before
                for (; next < nFound && found[next] < end; next++) {
                    if (buf[found[next]] == ' ') space = true;
                    else quote = true;
                }
                if (searchedTo >= end || (space && quote)) break;
                int to = Math.min(len, Math.max(end, searchedTo + SEARCHED));
                nFound = ClpsDictionary.spacesAndQuotes(buf, searchedTo, to, found);
                next = 0;
                searchedTo = nFound == found.length ? found[nFound - 1] + 1 : to;
            }
            p = end;
            id++;
        }
        return new boolean[] {space, quote};
    }

    /** Decoded bytes searched ahead of the walk at a time. */
    private static final int SEARCHED = 64 << 10;

    /** Decodes from the first entry again: one before the window was asked for. */
    private void restart() {
        close();
        len = parsedTo = parsed = firstKept = 0;
        try {
            in = stream();
        } catch (IOException | RuntimeException e) {
            broken = true;
        }
    }

    private void more() {
        try {
            if (len == buf.length && window > 0 && buf.length >= window && parsedTo > 0) {
                // entries before the one being reached are let go: only what is left of it moves
                System.arraycopy(buf, parsedTo, buf, 0, len - parsedTo);
                len -= parsedTo;
                parsedTo = 0;
                firstKept = parsed;
            }
            if (len == buf.length) {
                if (buf.length >= MAX_BYTES) {
                    broken = true;
                    return;
                }
                buf = Arrays.copyOf(buf, Math.min(MAX_BYTES, buf.length * 2));
            }
            int r = in.read(buf, len, buf.length - len);
            if (r < 0) broken = true; // the frame ends before the count says
            else len += r;
        } catch (IOException | RuntimeException e) {
            broken = true;
        }
    }

    /**
     * The first {@code n} entries (fewer when the dictionary has fewer) as a dictionary of that
     * many; null when they cannot be read (damage: the full load reports it).
     */
    ClpsDictionary first(int n, ClpsSpill spill) throws IOException {
        if (window > 0) throw new IllegalStateException("a lookup's window keeps no prefix");
        int k = Math.min(n, count);
        if (k > 0 && !reach(k - 1)) return null;
        int end = k == 0 ? 0 : starts[k - 1] + length(k - 1);
        try {
            return ClpsDictionary.parse(java.lang.foreign.MemorySegment.ofArray(Arrays.copyOf(buf, end)), k, spill);
        } catch (ClpsDecodeException e) {
            return null;
        }
    }

    /** Whether {@link #first} of {@code n} is the whole dictionary. */
    boolean whole(int n) {
        return n >= count;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // nothing held but memory
        }
    }
}
