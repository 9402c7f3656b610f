package dev.vitrine.core.format.clps;

/**
 * One table decoded in place: its columns located in the decoded stream, checked to consume
 * exactly the table's bytes, and each record written as JSON on demand (random access, so
 * records can be written in log order and by several threads at once).
 */
final class ClpsTable {
    final ClpsTableMetadata.Table meta;
    final ClpsTemplate template;
    final byte[] data;
    final int records;
    final ClpsColumn[] columns;
    /** The column holding log_event_idx, or null. */
    final ClpsColumn order;

    private ClpsTable(ClpsTableMetadata.Table meta, ClpsTemplate template, byte[] data, int records, ClpsColumn[] columns, ClpsColumn order) {
        this.meta = meta;
        this.template = template;
        this.data = data;
        this.records = records;
        this.columns = columns;
        this.order = order;
    }

    /** Locates the columns of {@code meta} in {@code stream}; offsets in errors are within the decoded stream. */
    static ClpsTable decode(ClpsDecoding d, ClpsTableMetadata.Table meta, byte[] stream) throws ClpsDecodeException {
        ClpsTemplate tpl = d.template(meta.schemaId());
        if (meta.records() > Integer.MAX_VALUE - 16) throw new ClpsDecodeException(meta.offset(), "table " + meta.index() + " claims " + meta.records() + " records");
        int n = (int) meta.records();
        long end = meta.offset() + meta.length();
        if (meta.offset() < 0 || end > stream.length) throw new ClpsDecodeException(meta.offset(), "table " + meta.index() + " lies outside its decoded stream");
        ClpsCursor c = new ClpsCursor(stream, (int) meta.offset(), (int) end);
        ClpsColumn[] cols = new ClpsColumn[tpl.columnNodes.length];
        ClpsColumn order = null;
        for (int i = 0; i < cols.length; i++) {
            int node = tpl.columnNodes[i];
            int type = d.tree.type[node];
            String what = "table " + meta.index() + " column " + i + " (node " + node + ", " + ClpsNodeType.name(type) + ")";
            ClpsColumn col = new ClpsColumn(node, type, c.pos);
            c.need(ClpsColumn.fixedBytes(type, n), what + " of " + n + " values");
            switch (type) {
                case ClpsNodeType.CLP_STRING, ClpsNodeType.UNSTRUCTURED_ARRAY -> {
                    c.pos += 8 * n;
                    int k = c.count(what + " encoded variable count", 8);
                    col.varCount = k;
                    col.second = c.pos;
                    c.pos += 8 * k;
                }
                case ClpsNodeType.FORMATTED_FLOAT, ClpsNodeType.DATE_STRING -> {
                    col.second = c.pos + 8 * n;
                    c.pos += (int) ClpsColumn.fixedBytes(type, n);
                }
                case ClpsNodeType.TIMESTAMP -> {
                    col.second = c.pos + 8 * n;
                    col.values = runningSums(stream, c.pos, n);
                    c.pos += 16 * n;
                }
                case ClpsNodeType.DELTA_INTEGER -> {
                    col.values = runningSums(stream, c.pos, n);
                    c.pos += 8 * n;
                }
                default -> c.pos += (int) ClpsColumn.fixedBytes(type, n);
            }
            if (node == d.logEventIdxNode) order = col;
            cols[i] = col;
        }
        if (cols.length == 0 && n > d.maxTemplateOps) {
            // Tables without columns ({} or only nulls) take no bytes, so nothing bounds their count but this.
            throw new ClpsDecodeException(meta.offset(), "table " + meta.index() + " has no columns yet claims " + n + " records");
        }
        if (c.pos != end) {
            throw new ClpsDecodeException(c.pos, "table " + meta.index() + ": its columns take " + (c.pos - meta.offset()) + " of its "
                    + meta.length() + " bytes");
        }
        return new ClpsTable(meta, tpl, stream, n, cols, order);
    }

    private static long[] runningSums(byte[] b, int at, int n) {
        long[] v = new long[n];
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += (long) ClpsCursor.I64.get(b, at + 8 * i);
            v[i] = s;
        }
        return v;
    }

    /** The record's original index (log_event_idx), or -1 when the table has none. */
    long logEventIdx(int row) {
        if (order == null) return -1;
        return order.values != null ? order.values[row] : (long) ClpsCursor.I64.get(data, order.base + 8 * row);
    }

    /** Appends record {@code row} as one JSON line (with its newline). */
    void render(int row, ClpsDecoding d, ClpsJsonOut out, ClpsJsonOut scratch) throws ClpsDecodeException {
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

    private void value(int op, ClpsColumn col, int row, ClpsDecoding d, ClpsJsonOut out, ClpsJsonOut scratch) throws ClpsDecodeException {
        switch (op) {
            case ClpsTemplate.INT -> out.decimal((long) ClpsCursor.I64.get(data, col.base + 8 * row));
            case ClpsTemplate.DELTA -> out.decimal(col.values[row]);
            case ClpsTemplate.FLOAT -> out.ascii(ClpsNumberText.fixed6((double) ClpsCursor.F64.get(data, col.base + 8 * row)));
            case ClpsTemplate.FORMATTED -> {
                if (col.type == ClpsNodeType.DICTIONARY_FLOAT) {
                    d.strings.dict((long) ClpsCursor.I64.get(data, col.base + 8 * row), out);
                } else if (col.type == ClpsNodeType.FORMATTED_FLOAT) {
                    double v = (double) ClpsCursor.F64.get(data, col.base + 8 * row);
                    int fmt = ((short) ClpsCursor.I16.get(data, col.second + 2 * row)) & 0xffff;
                    String text = ClpsNumberText.formatted(v, fmt);
                    if (text == null) throw new ClpsDecodeException(col.base + 8L * row, "FormattedFloat value " + v + " is not a JSON number");
                    out.ascii(text);
                } else {
                    out.ascii(ClpsNumberText.fixed6((double) ClpsCursor.F64.get(data, col.base + 8 * row)));
                }
            }
            case ClpsTemplate.BOOL -> out.ascii(data[col.base + row] != 0 ? "true" : "false");
            case ClpsTemplate.NULL -> out.ascii("null");
            case ClpsTemplate.STRING -> {
                out.put((byte) '"');
                switch (col.type) {
                    case ClpsNodeType.VAR_STRING -> d.strings.dictEscaped((long) ClpsCursor.I64.get(data, col.base + 8 * row), out);
                    case ClpsNodeType.CLP_STRING -> {
                        scratch.reset();
                        expand(d.strings, col, row, scratch);
                        out.escaped(scratch.buf, 0, scratch.len);
                    }
                    default -> {
                        long ms = (long) ClpsCursor.I64.get(data, col.base + 8 * row);
                        long id = (long) ClpsCursor.I64.get(data, col.second + 8 * row);
                        scratch.reset();
                        timestamp(d, ms, id, true, scratch);
                        out.escaped(scratch.buf, 0, scratch.len);
                    }
                }
                out.put((byte) '"');
            }
            case ClpsTemplate.RAW_ARRAY -> expand(d.arrays, col, row, out);
            case ClpsTemplate.LITERAL -> {
                long id = (long) ClpsCursor.I64.get(data, col.second + 8 * row);
                timestamp(d, col.values[row], id, false, out);
            }
            default -> throw new ClpsDecodeException(-1, "unknown template operation " + op);
        }
    }

    private void expand(ClpsVarDecoder dec, ClpsColumn col, int row, ClpsJsonOut out) throws ClpsDecodeException {
        long ref = (long) ClpsCursor.I64.get(data, col.base + 8 * row);
        ClpsLogType t = dec.logType(ref & 0xFFFFFF, "record " + row + " of table " + meta.index());
        long first = ref >>> 24;
        if (first + t.variables() > col.varCount) {
            throw new ClpsDecodeException(col.base + 8L * row, "record " + row + " of table " + meta.index() + " needs encoded variables "
                    + first + ".." + (first + t.variables()) + " but the column has " + col.varCount);
        }
        dec.expand(t, data, col.second + 8 * (int) first, out);
    }

    private static void timestamp(ClpsDecoding d, long value, long patternId, boolean deprecated, ClpsJsonOut out) throws ClpsDecodeException {
        ClpsTimestampText.Pattern p = d.patterns.get(patternId);
        if (p == null) throw new ClpsDecodeException(-1, "timestamp pattern id " + patternId + " is not in the timestamp dictionary");
        int start = out.len;
        try {
            if (deprecated) ClpsTimestampText.appendDeprecated(out, value, p.text());
            else ClpsTimestampText.appendModern(out, value, p);
        } catch (ClpsTimestampText.BadPattern e) {
            out.len = start;
            throw new ClpsDecodeException(-1, "timestamp " + value + " with pattern \"" + p.text() + "\": " + e.getMessage());
        }
    }
}
