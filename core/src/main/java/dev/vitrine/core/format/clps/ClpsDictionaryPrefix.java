package dev.vitrine.core.format.clps;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.vitrine.core.format.clps.kql.KqlVarDictionary;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A dictionary's entries decoded only as far as they are asked for, in order: a query's values
 * are looked up in var.dict before any table is read (as clp-s does), and a value that is there
 * is usually met among its first entries, long before the end of a dictionary of millions of
 * addresses. So the lookup costs almost nothing when it rules nothing out, and the whole
 * dictionary is loaded on its own thread meanwhile, while the streams decode. Damage stops the
 * walk quietly (every entry is then taken as unreadable, nothing is ruled out): the full load
 * reports it.
 */
final class ClpsDictionaryPrefix implements KqlVarDictionary.Entries, AutoCloseable {
    /** The most decoded bytes kept: past it the walk stops as at damage. */
    private static final int MAX_BYTES = 256 << 20;

    private final int count;
    private final ZstdInputStreamNoFinalizer in;
    private byte[] buf = new byte[1 << 16];
    private int len;
    /** Where entry i starts in {@link #buf} (its u64 length is the 8 bytes before). */
    private int[] starts = new int[1024];

    private int parsed;
    private int parsedTo;
    private boolean broken;

    private ClpsDictionaryPrefix(int count, ZstdInputStreamNoFinalizer in) {
        this.count = count;
        this.in = in;
    }

    /** The dictionary {@code name} of {@code a}, read as needed; null when it is missing or its count is unreadable. */
    static ClpsDictionaryPrefix open(ClpsArchive a, String name) {
        ClpsFileEntry e = a.entry(name);
        Long n = ClpsDictionaryFiles.count(a.source(), e, name);
        if (e == null || n == null || n <= 0 || n > Integer.MAX_VALUE - 16) return null;
        try {
            byte[] raw = a.raw(e);
            return new ClpsDictionaryPrefix(
                    n.intValue(), new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(raw, 8, raw.length - 8)));
        } catch (IOException | RuntimeException x) {
            return null;
        }
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
        return Arrays.copyOfRange(buf, starts[id], starts[id] + length(id));
    }

    /** Whether entry {@code id} is {@code value}; also true when it cannot be read, so that the full check judges it. */
    @Override
    public boolean is(int id, byte[] value) {
        if (!reach(id)) return true;
        return length(id) == value.length
                && Arrays.equals(buf, starts[id], starts[id] + value.length, value, 0, value.length);
    }

    private int length(int id) {
        return (int) ByteBuffer.wrap(buf, starts[id] - 8, 8)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getLong();
    }

    /** Decodes entries until {@code id} is among them; false when it cannot be (damage, or past the end). */
    private boolean reach(int id) {
        while (parsed <= id && !broken && id < count) {
            if (len - parsedTo >= 8) {
                long n = ByteBuffer.wrap(buf, parsedTo, 8)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getLong();
                if (n < 0 || n > MAX_BYTES) {
                    broken = true;
                    break;
                }
                if (len - parsedTo - 8 >= n) {
                    if (parsed == starts.length) starts = Arrays.copyOf(starts, starts.length * 2);
                    starts[parsed++] = parsedTo + 8;
                    parsedTo += 8 + (int) n;
                    continue;
                }
            }
            more();
        }
        return !broken && id < parsed;
    }

    private void more() {
        try {
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
