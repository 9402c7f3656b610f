package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.LittleEndian;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Expands ClpString and array values: a template from a log-type dictionary filled with encoded
 * variables. Before 0.4.0: 0x11 integer, or a var.dict id (v - 2^62) when 2^62 <= v < 2^63-1;
 * 0x12 float (old bit layout). From 0.4.0: 0x11 integer, 0x12 var.dict id, 0x13 float.
 * Templates are compiled on first use and shared between threads.
 */
final class ClpsVarDecoder {
    private static final long DICT_BASE = 1L << 62;
    final ClpsDictionary vars;
    private final ClpsDictionary types;
    private final boolean old;
    private final AtomicReferenceArray<ClpsLogType> compiled;

    ClpsVarDecoder(ClpsDictionary vars, ClpsDictionary types, boolean oldPlaceholders) {
        this.vars = vars;
        this.types = types;
        this.old = oldPlaceholders;
        this.compiled = new AtomicReferenceArray<>(types.size());
    }

    /** How many log types the dictionary holds. */
    int logTypes() {
        return types.size();
    }

    ClpsLogType logType(long id, String what) throws ClpsDecodeException {
        ClpsLogType t = known(id);
        if (t == null) throw new ClpsDecodeException(-1, what + " refers to log type " + id + " of " + types.size());
        return t;
    }

    /** Log type {@code id}, or null when there is none (the caller names the value in its message: no text per value). */
    ClpsLogType known(long id) throws ClpsDecodeException {
        if (id < 0 || id >= types.size()) return null;
        ClpsLogType t = compiled.get((int) id);
        if (t == null) {
            byte[] b = types.bytes((int) id);
            t = ClpsLogType.compile(b, 0, b.length, old);
            compiled.set((int) id, t);
        }
        return t;
    }

    /** Appends the expanded text (unescaped) of {@code t} with variables from {@code src} at {@code varsAt}. */
    void expand(ClpsLogType t, java.lang.foreign.MemorySegment src, long varsAt, ClpsJsonOut out)
            throws ClpsDecodeException {
        fill(t, src, varsAt, out, false);
    }

    /**
     * {@link #expand} escaped as a JSON string's content. Escaping goes byte by byte, so a clean
     * constant lets each value be escaped on its own: dictionary entries by their noted state,
     * numbers never. Otherwise the text is expanded into {@code scratch} and escaped whole.
     */
    void expandEscaped(
            ClpsLogType t, java.lang.foreign.MemorySegment src, long varsAt, ClpsJsonOut out, ClpsJsonOut scratch)
            throws ClpsDecodeException {
        if (t.clean) {
            fill(t, src, varsAt, out, true);
            return;
        }
        scratch.reset();
        fill(t, src, varsAt, scratch, false);
        out.escaped(scratch.buf, 0, scratch.len);
    }

    /** The template's constant with its variables; dictionary entries escaped when {@code escape}. */
    private void fill(ClpsLogType t, java.lang.foreign.MemorySegment src, long varsAt, ClpsJsonOut out, boolean escape)
            throws ClpsDecodeException {
        int prev = 0;
        for (int i = 0; i < t.at.length; i++) {
            out.put(t.constant, prev, t.at[i] - prev);
            prev = t.at[i];
            long v = src.get(LittleEndian.U64, varsAt + 8L * i);
            int k = t.kind[i];
            boolean oldDict = k == 0x11 && old && v >= DICT_BASE && v < Long.MAX_VALUE;
            if (oldDict || (k == 0x12 && !old)) {
                long id = oldDict ? v - DICT_BASE : v;
                if (escape) dictEscaped(id, out);
                else dict(id, out);
            } else if (k == 0x11) {
                out.decimal(v);
            } else if (!(old
                    ? ClpsNumberText.appendEncodedFloatV1(v, out)
                    : ClpsNumberText.appendEncodedFloatV2(v, out))) {
                throw new ClpsDecodeException(-1, "encoded float 0x" + Long.toHexString(v) + " is malformed");
            }
        }
        out.put(t.constant, prev, t.constant.length - prev);
    }

    void dict(long id, ClpsJsonOut out) throws ClpsDecodeException {
        if (id < 0 || id >= vars.size())
            throw new ClpsDecodeException(
                    -1,
                    "variable dictionary id " + Long.toUnsignedString(id) + " is out of range (" + vars.size()
                            + " entries)");
        long s = vars.start((int) id);
        out.put(vars.data, s, (int) vars.data.get(LittleEndian.U64, s - 8));
    }

    void dictEscaped(long id, ClpsJsonOut out) throws ClpsDecodeException {
        if (id < 0 || id >= vars.size())
            throw new ClpsDecodeException(
                    -1,
                    "variable dictionary id " + Long.toUnsignedString(id) + " is out of range (" + vars.size()
                            + " entries)");
        int i = (int) id;
        long s = vars.start(i);
        int n = (int) vars.data.get(LittleEndian.U64, s - 8);
        if (vars.escaping(i) == ClpsDictionary.CLEAN) out.put(vars.data, s, n);
        else vars.noteEscaping(i, out.escaped(vars.data, s, n));
    }
}
