package dev.vitrine.core.format.caf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The index's entries in index order, stored by column: start and end offsets in long arrays,
 * the key's place in int arrays, and no per-entry object. Names are not copied at all: each
 * is read again, when asked for, from its key in the (mapped) index, where it already lies as
 * JSON text; only a name whose key cannot be read back that way is kept as a string. So a
 * 2,000,000-entry index costs about 28 bytes per entry on the heap instead of a few hundred,
 * and listing it fits a 256 MB heap. {@link #get} makes a {@link CafEntry} for the moment.
 */
final class CafEntries {
    private static final JsonFactory JSON = new JsonFactory();

    private final MemorySegment index;
    private final long base;
    private int size;
    private long[] start = new long[16];
    private long[] end = new long[16];
    /** Key offset relative to the index's start (the index is at most 4 GiB: read as unsigned). */
    private int[] key = new int[16];
    /** Bytes from the key to the end of the entry's value (at most the index's size). */
    private int[] length = new int[16];
    /**
     * The key's bytes between its quotes: n for plain text, -(n + 1) when it holds escapes,
     * {@link #NO_KEY} when it cannot be read back (then the name is in {@link #names}).
     * Known up front, a name is one copy and one decode, without a scan for its end.
     */
    private int[] raw = new int[16];

    private static final int NO_KEY = Integer.MIN_VALUE;
    /** The rare entries with a defect, by ordinal. */
    private final Map<Integer, String> defects = new HashMap<>();
    /** Names the key does not give back (should not happen; kept so nothing is ever wrong). */
    private final Map<Integer, String> names = new HashMap<>();

    /** {@code index}: the index's bytes, which start at file offset {@code base}. */
    CafEntries(MemorySegment index, long base) {
        this.index = index;
        this.base = base;
    }

    static CafEntries empty() {
        return new CafEntries(MemorySegment.NULL, 0);
    }

    int size() {
        return size;
    }

    /** Appends an entry; {@code name} is what the parser read at {@code keyOffset}. */
    void add(String name, long s, long e, long keyOffset, long indexLength, String defect) {
        if (size == start.length) grow();
        int i = size++;
        start[i] = s;
        end[i] = e;
        key[i] = (int) (keyOffset - base);
        length[i] = (int) Math.max(0, Math.min(Integer.MAX_VALUE, indexLength));
        if (defect != null) defects.put(i, defect);
        long rel = keyOffset - base;
        raw[i] = rawKey(rel);
        if (!keyHolds(rel, raw[i], name)) {
            raw[i] = NO_KEY;
            names.put(i, name);
        }
    }

    private void grow() {
        int n = start.length + (start.length >> 1) + 16;
        start = Arrays.copyOf(start, n);
        end = Arrays.copyOf(end, n);
        key = Arrays.copyOf(key, n);
        length = Arrays.copyOf(length, n);
        raw = Arrays.copyOf(raw, n);
    }

    /** Gives back the room growth left unused, once parsing is over. */
    void trim() {
        if (start.length == size) return;
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        key = Arrays.copyOf(key, size);
        length = Arrays.copyOf(length, size);
        raw = Arrays.copyOf(raw, size);
    }

    long start(int i) {
        return start[i];
    }

    long end(int i) {
        return end[i];
    }

    long keyOffset(int i) {
        return base + Integer.toUnsignedLong(key[i]);
    }

    boolean readableIn(int i, long dataEnd) {
        return start[i] >= 0 && end[i] >= 0 && start[i] <= end[i] && end[i] <= dataEnd;
    }

    String name(int i) {
        if (raw[i] == NO_KEY) return names.get(i);
        String s = readName(Integer.toUnsignedLong(key[i]), raw[i]);
        return s != null ? s : names.get(i);
    }

    CafEntry get(int i) {
        return new CafEntry(i, name(i), start[i], end[i], keyOffset(i), length[i], defects.get(i));
    }

    /** The entries in index order, each made when asked for. */
    List<CafEntry> asList() {
        return new View(null);
    }

    /** The entries in the order of {@code ordinals}. */
    List<CafEntry> inOrder(int[] ordinals) {
        return new View(ordinals);
    }

    private final class View extends AbstractList<CafEntry> implements RandomAccess {
        private final int[] order;

        View(int[] order) {
            this.order = order;
        }

        @Override
        public CafEntry get(int i) {
            return CafEntries.this.get(order == null ? i : order[i]);
        }

        @Override
        public int size() {
            return order == null ? CafEntries.this.size : order.length;
        }
    }

    /**
     * The key at {@code rel} (its opening quote): how many bytes lie between its quotes, as
     * {@link #raw} stores it, or {@link #NO_KEY} when there is no string there.
     */
    private int rawKey(long rel) {
        long n = index.byteSize();
        if (rel < 0 || rel >= n || index.get(ValueLayout.JAVA_BYTE, rel) != '"') return NO_KEY;
        boolean escaped = false;
        long i = rel + 1;
        while (i < n) {
            byte b = index.get(ValueLayout.JAVA_BYTE, i);
            if (b == '"') break;
            if (b == '\\') {
                escaped = true;
                i++;
            }
            i++;
        }
        long len = i - rel - 1;
        if (i >= n || len > Integer.MAX_VALUE - 16) return NO_KEY;
        return escaped ? -(int) len - 1 : (int) len;
    }

    /**
     * Whether the key at {@code rel} reads back as {@code name}: compared byte for char when
     * the key is plain ASCII (most names, and no allocation), else by decoding it.
     */
    private boolean keyHolds(long rel, int rawLen, String name) {
        if (rawLen == NO_KEY) return false;
        if (rawLen == name.length()) {
            boolean same = true;
            for (int c = 0; c < rawLen && same; c++) {
                char ch = name.charAt(c);
                same = ch < 0x80 && ch != '\\' && ch != '"' && index.get(ValueLayout.JAVA_BYTE, rel + 1 + c) == ch;
            }
            if (same) return true;
        }
        return name.equals(readName(rel, rawLen));
    }

    /** The JSON string at {@code rel}, whose text is {@code rawLen} as {@link #raw} stores it; null if unreadable. */
    private String readName(long rel, int rawLen) {
        if (rawLen == NO_KEY) return null;
        boolean escaped = rawLen < 0;
        int len = escaped ? -(rawLen + 1) : rawLen;
        byte[] bytes = new byte[len];
        MemorySegment.copy(index, ValueLayout.JAVA_BYTE, rel + 1, bytes, 0, len);
        if (!escaped) return new String(bytes, StandardCharsets.UTF_8);
        String quoted = "\"" + new String(bytes, StandardCharsets.UTF_8) + "\"";
        try (JsonParser p = JSON.createParser(quoted)) {
            p.nextToken();
            return p.getText();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
