package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One table decoded in place: its columns located in the decoded stream, checked to consume
 * exactly the table's bytes, and each record written as JSON on demand (random access, so
 * records can be written in log order and by several threads at once). The decoded stream is
 * a segment: mapped from the spill file for records, a heap array for verify.
 */
final class ClpsTable {
    final ClpsTableMetadata.Table meta;
    final ClpsTemplate template;
    final MemorySegment data;
    final int records;
    final ClpsColumn[] columns;
    /** The column holding log_event_idx, or null. */
    final ClpsColumn order;

    /**
     * The record's text between its values, worked out once from the template: {@code lead[i]}
     * goes before value i (keys, brackets, commas, nulls), {@code tail} after the last value.
     * Null when the template's text cannot be worked out without its values (then each record
     * walks the template's operations).
     */
    private final byte[][] lead;

    private final byte[] tail;
    /** Lengths of {@link #lead} and {@link #tail}, whose arrays are padded for {@link ClpsJsonOut#putWords}. */
    private final int[] leadLength;

    private final int tailLength;
    /** Operation and column of value i. */
    private final int[] valueOp;

    private final ClpsColumn[] valueColumn;

    private ClpsTable(
            ClpsTableMetadata.Table meta,
            ClpsTemplate template,
            MemorySegment data,
            int records,
            ClpsColumn[] columns,
            ClpsColumn order) {
        this.meta = meta;
        this.template = template;
        this.data = data;
        this.records = records;
        this.columns = columns;
        this.order = order;
        // Walks the operations as render() does, values left out: what each operation writes, and the comma it takes
        // back before a closing bracket, depend on the template alone (every operation writes at least one byte).
        int[] op = template.op;
        java.util.List<byte[]> leads = new java.util.ArrayList<>();
        java.util.List<Integer> leadLengths = new java.util.ArrayList<>();
        java.util.List<Integer> ops = new java.util.ArrayList<>();
        java.util.List<ClpsColumn> cols = new java.util.ArrayList<>();
        ClpsJsonOut cur = new ClpsJsonOut(64);
        long before = 0; // constant bytes of the record before cur
        boolean planned = true;
        cur.put((byte) '{');
        for (int k = 0; k < op.length && planned; k++) {
            byte[] key = template.key[k];
            switch (op[k]) {
                case ClpsTemplate.BEGIN_OBJECT, ClpsTemplate.BEGIN_ARRAY -> {
                    if (key != null) cur.put(key);
                    cur.put(op[k] == ClpsTemplate.BEGIN_OBJECT ? (byte) '{' : (byte) '[');
                }
                case ClpsTemplate.END_OBJECT, ClpsTemplate.END_ARRAY -> {
                    int begin = op[k] == ClpsTemplate.END_OBJECT ? ClpsTemplate.BEGIN_OBJECT : ClpsTemplate.BEGIN_ARRAY;
                    if ((k == 0 || op[k - 1] != begin) && before + cur.len > 1) {
                        if (cur.len == 0) planned = false; // would take back a value's byte
                        else cur.len--;
                    }
                    cur.put(op[k] == ClpsTemplate.END_OBJECT ? (byte) '}' : (byte) ']');
                    cur.put((byte) ',');
                }
                case ClpsTemplate.NULL -> {
                    if (key != null) cur.put(key);
                    cur.ascii("null,");
                }
                default -> {
                    if (key != null) cur.put(key);
                    // A string's quotes are constant text too.
                    boolean string = op[k] == ClpsTemplate.STRING;
                    if (string) cur.put((byte) '"');
                    leads.add(ClpsJsonOut.words(cur.buf, cur.len));
                    leadLengths.add(cur.len);
                    ops.add(string ? STRING_CONTENT : op[k]);
                    int c = template.column[k];
                    cols.add(c < 0 ? null : columns[c]);
                    before += cur.len;
                    cur.reset();
                    if (string) cur.put((byte) '"');
                    cur.put((byte) ',');
                }
            }
        }
        if (cur.len == 0) planned = false;
        if (planned) {
            if (cur.last() != '{') cur.buf[cur.len - 1] = '}';
            else cur.put((byte) '}');
            cur.put((byte) '\n');
        }
        this.lead = planned ? leads.toArray(byte[][]::new) : null;
        this.tail = planned ? ClpsJsonOut.words(cur.buf, cur.len) : null;
        this.leadLength = leadLengths.stream().mapToInt(Integer::intValue).toArray();
        this.tailLength = cur.len;
        this.valueOp = ops.stream().mapToInt(Integer::intValue).toArray();
        this.valueColumn = cols.toArray(ClpsColumn[]::new);
        touchAt = new long[columns.length];
        touchWidth = new long[columns.length];
        for (int c = 0; c < columns.length; c++) {
            touchAt[c] = columns[c].base;
            touchWidth[c] = columns[c].type == ClpsNodeType.BOOLEAN ? 1 : 8;
        }
    }

    /** Where each column's values start, and their width: what {@link #touchAhead} reads. */
    private final long[] touchAt;

    private final long[] touchWidth;

    /** How many rows ahead {@link #touchAhead} reads: two cache lines of 8-byte values. */
    private static final int AHEAD = 16;

    /**
     * Reads one byte of every column {@value #AHEAD} rows ahead, once per 8 rows. Records come in
     * log order, so a table's rows are read in order but between other tables' rows: dozens of
     * columns advancing at once, more streams than the processor's prefetcher follows, and each
     * column's next cache line was a stall from memory. These loads do not wait for each other,
     * so their misses overlap, and the lines are in cache when the rows are written.
     */
    private void touchAhead(int row, ClpsJsonOut out) {
        if ((row & 7) != 0 || row + AHEAD >= records) return;
        long r = row + AHEAD;
        int acc = 0;
        long[] at = touchAt, width = touchWidth;
        for (int c = 0; c < at.length; c++) acc ^= data.get(ValueLayout.JAVA_BYTE, at[c] + width[c] * r);
        out.sink ^= acc; // used, so the loads stay
    }

    /**
     * Locates the columns of {@code meta} in {@code stream}; offsets in errors are within the
     * decoded stream. Delta-encoded columns become running sums in place: decode each table of
     * a stream's bytes once, and hand nobody else those bytes.
     */
    static ClpsTable decode(ClpsDecoding d, ClpsTableMetadata.Table meta, MemorySegment stream)
            throws ClpsDecodeException {
        ClpsTemplate tpl = d.template(meta.schemaId());
        if (meta.records() > Integer.MAX_VALUE - 16)
            throw new ClpsDecodeException(
                    meta.offset(), "table " + meta.index() + " claims " + meta.records() + " records");
        int n = (int) meta.records();
        long end = meta.offset() + meta.length();
        if (meta.offset() < 0 || end > stream.byteSize())
            throw new ClpsDecodeException(meta.offset(), "table " + meta.index() + " lies outside its decoded stream");
        long pos = meta.offset();
        ClpsColumn[] cols = new ClpsColumn[tpl.columnNodes.length];
        ClpsColumn order = null;
        for (int i = 0; i < cols.length; i++) {
            int node = tpl.columnNodes[i];
            int type = d.tree.type[node];
            ClpsColumn col = new ClpsColumn(node, type, pos);
            long fixed = ClpsColumn.fixedBytes(type, n);
            if (fixed > end - pos)
                throw new ClpsDecodeException(
                        pos,
                        what(meta, i, node, type) + " of " + n + " values: needs " + fixed + " bytes but only "
                                + (end - pos) + " remain");
            switch (type) {
                case ClpsNodeType.CLP_STRING, ClpsNodeType.UNSTRUCTURED_ARRAY -> {
                    pos += 8L * n;
                    if (end - pos < 8)
                        throw new ClpsDecodeException(
                                pos,
                                what(meta, i, node, type) + " encoded variable count: needs 8 bytes but only "
                                        + (end - pos) + " remain");
                    long k = stream.get(LittleEndian.U64, pos);
                    if (k < 0 || k > (end - pos - 8) / 8 || k > Integer.MAX_VALUE - 16) {
                        throw new ClpsDecodeException(
                                pos,
                                what(meta, i, node, type) + " encoded variable count " + Long.toUnsignedString(k)
                                        + " does not fit the " + (end - pos - 8) + " bytes left");
                    }
                    pos += 8;
                    col.varCount = (int) k;
                    col.second = pos;
                    pos += 8 * k;
                }
                case ClpsNodeType.FORMATTED_FLOAT, ClpsNodeType.DATE_STRING -> {
                    col.second = pos + 8L * n;
                    pos += fixed;
                }
                case ClpsNodeType.TIMESTAMP -> {
                    col.second = pos + 8L * n;
                    runningSums(stream, pos, n);
                    pos += fixed;
                }
                case ClpsNodeType.DELTA_INTEGER -> {
                    runningSums(stream, pos, n);
                    pos += fixed;
                }
                default -> pos += fixed;
            }
            if (node == d.logEventIdxNode) order = col;
            cols[i] = col;
        }
        if (cols.length == 0 && n > d.maxTemplateOps) {
            // Tables without columns ({} or only nulls) take no bytes, so nothing bounds their count but this.
            throw new ClpsDecodeException(
                    meta.offset(), "table " + meta.index() + " has no columns yet claims " + n + " records");
        }
        if (pos != end) {
            throw new ClpsDecodeException(
                    pos,
                    "table " + meta.index() + ": its columns take " + (pos - meta.offset()) + " of its " + meta.length()
                            + " bytes");
        }
        return new ClpsTable(meta, tpl, stream, n, cols, order);
    }

    private static String what(ClpsTableMetadata.Table meta, int i, int node, int type) {
        return "table " + meta.index() + " column " + i + " (node " + node + ", " + ClpsNodeType.name(type) + ")";
    }

    /**
     * Replaces n deltas at {@code at} by their running sums, a block at a time through a long[]
     * (bulk copies are fast even before the JIT has compiled this loop: it runs once per column
     * on the window's first page).
     */
    static void runningSums(MemorySegment b, long at, int n) {
        long[] block = new long[(int) Math.min(n, 8192)];
        long s = 0;
        for (int done = 0; done < n; done += block.length) {
            int k = Math.min(block.length, n - done);
            long p = at + 8L * done;
            MemorySegment.copy(b, LittleEndian.U64, p, block, 0, k);
            for (int i = 0; i < k; i++) block[i] = s += block[i];
            MemorySegment.copy(block, 0, b, LittleEndian.U64, p, k);
        }
    }

    /** The i64 at {@code at} in the decoded stream. */
    long i64(long at) {
        return data.get(LittleEndian.U64, at);
    }

    double f64(long at) {
        return data.get(LittleEndian.F64, at);
    }

    /** The record's original index (log_event_idx), or -1 when the table has none. */
    long logEventIdx(int row) {
        return order == null ? -1 : data.get(LittleEndian.U64, order.base + 8L * row);
    }

    /** Appends record {@code row} as one JSON line (with its newline). */
    void render(int row, ClpsDecoding d, ClpsJsonOut out, ClpsJsonOut scratch) throws ClpsDecodeException {
        byte[][] lead = this.lead;
        if (lead == null) {
            renderOps(row, d, out, scratch);
            return;
        }
        touchAhead(row, out);
        int[] op = valueOp;
        ClpsColumn[] col = valueColumn;
        int[] leadLength = this.leadLength;
        for (int i = 0; i < op.length; i++) {
            out.putWords(lead[i], leadLength[i]);
            // One call for every kind of value: this loop stays small, and the big switch is compiled once, on its own.
            value(op[i], col[i], row, d, out, scratch);
        }
        out.putWords(tail, tailLength);
    }

    /** A string value's escaped content without its quotes (which the plan's constant text holds). */
    private static final int STRING_CONTENT = -1;

    /** {@link #render} walking the template's operations one by one. */
    private void renderOps(int row, ClpsDecoding d, ClpsJsonOut out, ClpsJsonOut scratch) throws ClpsDecodeException {
        int[] op = template.op;
        byte[][] key = template.key;
        int[] colOf = template.column;
        int start = out.len;
        out.put((byte) '{');
        for (int k = 0; k < op.length; k++) {
            switch (op[k]) {
                case ClpsTemplate.BEGIN_OBJECT, ClpsTemplate.BEGIN_ARRAY -> {
                    if (key[k] != null) out.put(key[k]);
                    out.put(op[k] == ClpsTemplate.BEGIN_OBJECT ? (byte) '{' : (byte) '[');
                }
                case ClpsTemplate.END_OBJECT -> {
                    if ((k == 0 || op[k - 1] != ClpsTemplate.BEGIN_OBJECT) && out.len > start + 1) out.len--;
                    out.put((byte) '}');
                    out.put((byte) ',');
                }
                case ClpsTemplate.END_ARRAY -> {
                    if ((k == 0 || op[k - 1] != ClpsTemplate.BEGIN_ARRAY) && out.len > start + 1) out.len--;
                    out.put((byte) ']');
                    out.put((byte) ',');
                }
                default -> {
                    if (key[k] != null) out.put(key[k]);
                    value(op[k], colOf[k] < 0 ? null : columns[colOf[k]], row, d, out, scratch);
                    out.put((byte) ',');
                }
            }
        }
        if (out.last() != '{') out.buf[out.len - 1] = '}';
        else out.put((byte) '}');
        out.put((byte) '\n');
    }

    private void value(int op, ClpsColumn col, int row, ClpsDecoding d, ClpsJsonOut out, ClpsJsonOut scratch)
            throws ClpsDecodeException {
        switch (op) {
            case ClpsTemplate.INT -> out.decimal(data.get(LittleEndian.U64, col.base + 8L * row));
            case ClpsTemplate.DELTA -> out.decimal(data.get(LittleEndian.U64, col.base + 8L * row));
            case ClpsTemplate.FLOAT ->
                out.ascii(ClpsNumberText.fixed6(data.get(LittleEndian.F64, col.base + 8L * row)));
            case ClpsTemplate.FORMATTED -> {
                if (col.type == ClpsNodeType.DICTIONARY_FLOAT) {
                    d.strings.dict(data.get(LittleEndian.U64, col.base + 8L * row), out);
                } else if (col.type == ClpsNodeType.FORMATTED_FLOAT) {
                    double v = data.get(LittleEndian.F64, col.base + 8L * row);
                    int fmt = data.get(LittleEndian.U16, col.second + 2L * row) & 0xffff;
                    if (!ClpsNumberText.appendFormatted(v, fmt, out))
                        throw new ClpsDecodeException(
                                col.base + 8L * row, "FormattedFloat value " + v + " is not a JSON number");
                } else {
                    out.ascii(ClpsNumberText.fixed6(data.get(LittleEndian.F64, col.base + 8L * row)));
                }
            }
            case ClpsTemplate.BOOL ->
                out.ascii(data.get(ValueLayout.JAVA_BYTE, col.base + row) != 0 ? "true" : "false");
            case ClpsTemplate.NULL -> out.ascii("null");
            case ClpsTemplate.STRING -> {
                out.put((byte) '"');
                stringContent(col, row, d, out, scratch);
                out.put((byte) '"');
            }
            case STRING_CONTENT -> stringContent(col, row, d, out, scratch);
            case ClpsTemplate.RAW_ARRAY -> expand(d.arrays, col, row, out);
            case ClpsTemplate.LITERAL -> {
                long id = data.get(LittleEndian.U64, col.second + 8L * row);
                timestamp(d, data.get(LittleEndian.U64, col.base + 8L * row), id, false, out);
            }
            default -> throw new ClpsDecodeException(-1, "unknown template operation " + op);
        }
    }

    private void stringContent(ClpsColumn col, int row, ClpsDecoding d, ClpsJsonOut out, ClpsJsonOut scratch)
            throws ClpsDecodeException {
        switch (col.type) {
            case ClpsNodeType.VAR_STRING -> d.strings.dictEscaped(data.get(LittleEndian.U64, col.base + 8L * row), out);
            case ClpsNodeType.CLP_STRING -> expand(d.strings, col, row, out, scratch);
            default -> {
                long ms = data.get(LittleEndian.U64, col.base + 8L * row);
                long id = data.get(LittleEndian.U64, col.second + 8L * row);
                scratch.reset();
                timestamp(d, ms, id, true, scratch);
                out.escaped(scratch.buf, 0, scratch.len);
            }
        }
    }

    /**
     * Record {@code row}'s values as fields framing their bytes in the decoded stream, in column
     * order: each column's cell, then for columns stored in two parts (a CLP string's encoded
     * variables, a float's format, a timestamp's pattern) that part too.
     */
    java.util.List<dev.vitrine.core.model.Field> cells(int row, ClpsDecoding d) throws ClpsDecodeException {
        java.util.List<dev.vitrine.core.model.Field> out = new java.util.ArrayList<>();
        ClpsJsonOut text = new ClpsJsonOut(64);
        ClpsJsonOut scratch = new ClpsJsonOut(64);
        for (int c = 0; c < columns.length; c++) {
            ClpsColumn col = columns[c];
            String key = keyPath(d.tree, col.node);
            text.reset();
            if (template.columnOp[c] >= 0) valueText(c, row, d, text, scratch);
            else if (col.node == d.logEventIdxNode) text.decimal(data.get(LittleEndian.U64, col.base + 8L * row));
            String shown = new String(text.buf, 0, Math.min(text.len, 300), java.nio.charset.StandardCharsets.UTF_8);
            long width = col.type == ClpsNodeType.BOOLEAN ? 1 : 8;
            out.add(dev.vitrine.core.model.Field.at(key, shown, col.base + width * row, width));
            switch (col.type) {
                case ClpsNodeType.CLP_STRING, ClpsNodeType.UNSTRUCTURED_ARRAY -> {
                    long ref = data.get(LittleEndian.U64, col.base + 8L * row);
                    ClpsLogType t = (col.type == ClpsNodeType.CLP_STRING ? d.strings : d.arrays)
                            .logType(ref & 0xFFFFFF, "record " + row);
                    long first = ref >>> 24;
                    if (t.variables() > 0 && first + t.variables() <= col.varCount) {
                        out.add(dev.vitrine.core.model.Field.at(
                                key + " · encoded variables",
                                t.variables() + " from #" + first,
                                col.second + 8 * first,
                                8L * t.variables()));
                    }
                }
                case ClpsNodeType.FORMATTED_FLOAT ->
                    out.add(dev.vitrine.core.model.Field.at(
                            key + " · format",
                            "0x" + Integer.toHexString(data.get(LittleEndian.U16, col.second + 2L * row) & 0xffff),
                            col.second + 2L * row,
                            2));
                case ClpsNodeType.DATE_STRING, ClpsNodeType.TIMESTAMP ->
                    out.add(dev.vitrine.core.model.Field.at(
                            key + " · pattern id",
                            data.get(LittleEndian.U64, col.second + 8L * row),
                            col.second + 8L * row,
                            8));
                default -> {}
            }
        }
        return out;
    }

    /** Column {@code c}'s value of record {@code row} as the record's JSON writes it (nothing when no operation writes it). */
    void valueText(int c, int row, ClpsDecoding d, ClpsJsonOut out, ClpsJsonOut scratch) throws ClpsDecodeException {
        int op = template.columnOp[c];
        if (op >= 0) value(op, columns[c], row, d, out, scratch);
    }

    /** The text of the CLP string in column {@code c} of record {@code row}, unescaped. */
    void clpText(int c, int row, ClpsDecoding d, ClpsJsonOut out) throws ClpsDecodeException {
        expand(d.strings, columns[c], row, out);
    }

    /** A node's keys from the root below its record or metadata root, dotted. */
    private static String keyPath(ClpsSchemaTree t, int node) {
        StringBuilder b = new StringBuilder();
        for (int p = node, steps = 0;
                p >= 0 && p != t.objectRoot && p != t.metadataRoot && steps <= t.size();
                p = t.parent[p], steps++) {
            if (!b.isEmpty()) b.insert(0, '.');
            b.insert(0, t.keyText(p));
        }
        return b.toString();
    }

    /** Expands into {@code out} unescaped, or escaped as a JSON string's content when {@code scratch} is given. */
    private void expand(ClpsVarDecoder dec, ClpsColumn col, int row, ClpsJsonOut out) throws ClpsDecodeException {
        expand(dec, col, row, out, null);
    }

    private void expand(ClpsVarDecoder dec, ClpsColumn col, int row, ClpsJsonOut out, ClpsJsonOut scratch)
            throws ClpsDecodeException {
        long ref = data.get(LittleEndian.U64, col.base + 8L * row);
        ClpsLogType t = dec.known(ref & 0xFFFFFF);
        if (t == null) t = dec.logType(ref & 0xFFFFFF, "record " + row + " of table " + meta.index());
        long first = ref >>> 24;
        if (first + t.variables() > col.varCount) {
            throw new ClpsDecodeException(
                    col.base + 8L * row,
                    "record " + row + " of table " + meta.index() + " needs encoded variables " + first + ".."
                            + (first + t.variables()) + " but the column has " + col.varCount);
        }
        if (scratch == null) dec.expand(t, data, col.second + 8 * first, out);
        else dec.expandEscaped(t, data, col.second + 8 * first, out, scratch);
    }

    private static void timestamp(ClpsDecoding d, long value, long patternId, boolean deprecated, ClpsJsonOut out)
            throws ClpsDecodeException {
        ClpsTimestampText.Pattern p = d.patterns.get(patternId);
        if (p == null)
            throw new ClpsDecodeException(
                    -1, "timestamp pattern id " + patternId + " is not in the timestamp dictionary");
        int start = out.len;
        try {
            if (deprecated) ClpsTimestampText.appendDeprecated(out, value, p.text());
            else ClpsTimestampText.appendModern(out, value, p);
        } catch (ClpsTimestampText.BadPattern e) {
            out.len = start;
            throw new ClpsDecodeException(
                    -1, "timestamp " + value + " with pattern \"" + p.text() + "\": " + e.getMessage());
        }
    }
}
