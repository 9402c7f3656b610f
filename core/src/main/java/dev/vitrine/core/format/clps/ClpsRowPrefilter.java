package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.clps.kql.KqlPrefilter;
import dev.vitrine.core.format.clps.kql.KqlQuery;
import dev.vitrine.core.format.clps.kql.KqlTemplate;
import dev.vitrine.core.io.LittleEndian;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A query's {@link KqlPrefilter} for each schema, made from the schema's nodes the first time a
 * table of it is rendered, so records the query cannot match are skipped before they are rebuilt
 * as JSON. Shared by the rendering threads.
 */
final class ClpsRowPrefilter {
    private final KqlQuery query;
    private final dev.vitrine.core.format.clps.kql.KqlContext context;
    private final ConcurrentHashMap<Integer, Optional<KqlPrefilter>> bySchema = new ConcurrentHashMap<>();

    ClpsRowPrefilter(KqlQuery query, dev.vitrine.core.format.clps.kql.KqlContext context) {
        this.query = query;
        this.context = context;
    }

    /** The prefilter of {@code t}'s schema: {@link KqlPrefilter#NONE} when none of its records can match, null when any may. */
    KqlPrefilter forTable(ClpsTable t, ClpsDecoding d) {
        return forSchema(t.meta.schemaId(), d);
    }

    /** The prefilter of a schema, from the schema alone (no table of it need be decoded). */
    KqlPrefilter forSchema(int schemaId, ClpsDecoding d) {
        return bySchema.computeIfAbsent(schemaId, id -> Optional.ofNullable(query.prefilter(nodes(id, d), context)))
                .orElse(null);
    }

    private volatile java.util.BitSet ruledOut;

    /**
     * The tables none of whose records can match, by their schema alone: their streams need not
     * be decoded for the query. Worked out once (an archive's tables do not change); do not modify.
     */
    java.util.BitSet ruledOut(ClpsTableMetadata tm, ClpsDecoding d) {
        java.util.BitSet r = ruledOut;
        if (r == null) {
            r = new java.util.BitSet();
            for (ClpsTableMetadata.Table t : tm.tables)
                if (forSchema(t.schemaId(), d) == KqlPrefilter.NONE) r.set(t.index());
            ruledOut = r;
        }
        return r;
    }

    /** Makes {@link #ruledOut} also give {@code more} (tables ruled out since, e.g. by the dictionaries). */
    synchronized void ruleOut(java.util.BitSet more) {
        java.util.BitSet r = (java.util.BitSet) ruledOut.clone();
        r.or(more);
        ruledOut = r;
    }

    /** Whether reading the variable dictionary before any table may rule tables out ({@link #ruledOutByDictionary}). */
    boolean looksUpDictionary() {
        return query.looksForVarStrings();
    }

    /**
     * Of the tables in {@code candidates}, those the query cannot match once its var-string values are looked up
     * in the variable dictionary {@code vars} (as clp-s does before it opens a table): nothing of them is decoded.
     * {@code shape} gives the schemas; the dictionaries need not be loaded.
     */
    java.util.BitSet ruledOutByDictionary(
            ClpsTableMetadata tm,
            ClpsDecoding shape,
            java.util.BitSet candidates,
            dev.vitrine.core.format.clps.kql.KqlVarDictionary.Entries vars) {
        dev.vitrine.core.format.clps.kql.KqlVarDictionary dict =
                new dev.vitrine.core.format.clps.kql.KqlVarDictionary(vars);
        return ruledOutBySchema(tm, candidates, id -> query.prefilter(nodes(id, shape), context, dict));
    }

    /** Of the tables in {@code candidates}, those whose schema's prefilter (made once per schema) is {@link KqlPrefilter#NONE}. */
    private static java.util.BitSet ruledOutBySchema(
            ClpsTableMetadata tm, java.util.BitSet candidates, java.util.function.IntFunction<KqlPrefilter> prefilter) {
        java.util.Map<Integer, Boolean> none = new java.util.HashMap<>();
        java.util.BitSet out = new java.util.BitSet();
        for (ClpsTableMetadata.Table t : tm.tables) {
            if (!candidates.get(t.index())) continue;
            if (none.computeIfAbsent(t.schemaId(), id -> prefilter.apply(id) == KqlPrefilter.NONE)) out.set(t.index());
        }
        return out;
    }

    /** Whether reading the log types before any table may rule tables out ({@link #ruledOutByLogTypes}). */
    boolean looksUpLogTypes() {
        return query.looksForClpStrings();
    }

    /**
     * Of the tables in {@code candidates}, those the query cannot match because no log type of
     * {@code logs} (the archive's log.dict) can give a CLP string it looks for, as clp-s finds before
     * it opens a table. Whether a variable can hold a space or a double quote is given (from var.dict).
     */
    java.util.BitSet ruledOutByLogTypes(
            ClpsTableMetadata tm,
            ClpsDecoding shape,
            java.util.BitSet candidates,
            ClpsVarDecoder logs,
            boolean spaceless,
            boolean quoteless) {
        KqlPrefilter.LogTypes logTypes = new KqlPrefilter.LogTypes() {
            @Override
            public int size() {
                return logs.logTypes();
            }

            @Override
            public KqlTemplate template(int id) {
                return ClpsRowPrefilter.template(logs, id, spaceless, quoteless);
            }
        };
        return ruledOutBySchema(tm, candidates, id -> query.prefilter(nodes(id, shape), context, logTypes));
    }

    /** Log type {@code id} of {@code dec} as the checks see it, or null when it cannot be read. */
    static KqlTemplate template(ClpsVarDecoder dec, int id) {
        // Variables are tokens of CLP's encoder: never a space, unless the dictionary they come from holds one.
        return dec == null ? null : template(dec, id, !dec.vars.anySpace(), !dec.vars.anyQuote());
    }

    /** As {@link #template(ClpsVarDecoder, int)}, with whether a variable's text can hold a space or a double quote given. */
    private static KqlTemplate template(ClpsVarDecoder dec, int id, boolean spaceless, boolean quoteless) {
        try {
            ClpsLogType t = dec.known(id);
            if (t == null) return null;
            boolean backslashFree = (t.at.length == 0 || !dec.vars.anyBackslash()) && !holds(t.constant, (byte) '\\');
            return new KqlTemplate(t.constant, t.at, spaceless, quoteless, backslashFree);
        } catch (ClpsDecodeException | RuntimeException e) {
            return null; // rendering reports it
        }
    }

    private static boolean holds(byte[] b, byte x) {
        for (byte c : b) if (c == x) return true;
        return false;
    }

    /** Every node of the table's records below the record root (leaves and the objects above them), with its column. */
    private static List<KqlPrefilter.Node> nodes(int schemaId, ClpsDecoding d) {
        ClpsSchemaTree tree = d.tree;
        ClpsSchemaMap.Schema s = d.schemas.schemas.get(schemaId);
        ClpsTemplate template;
        try {
            template = d.template(schemaId);
        } catch (ClpsDecodeException e) {
            template = null;
        }
        if (s == null || template == null)
            return List.of(new KqlPrefilter.Node(
                    List.of(""), KqlPrefilter.Kind.OTHER, -1)); // rendering reports it; never rule out
        Set<Integer> ids = new LinkedHashSet<>();
        int[] e = s.entries();
        for (int i = 0; i < e.length; i++) {
            if (i >= s.numOrdered() && ClpsSchemaMap.isDelimiter(e[i])) continue;
            for (int p = e[i], steps = 0;
                    p >= 0 && p != tree.objectRoot && steps <= tree.size();
                    p = tree.parent[p], steps++) ids.add(p);
        }
        List<KqlPrefilter.Node> out = new ArrayList<>();
        for (int id : ids) {
            List<String> path = ClpsQueryFilter.keyPath(tree, id);
            if (path == null) continue; // metadata (log_event_idx), not record content
            int column = -1;
            for (int c = 0; c < template.columnNodes.length; c++) if (template.columnNodes[c] == id) column = c;
            out.add(new KqlPrefilter.Node(path, kind(tree.type[id]), column));
        }
        return out;
    }

    private static KqlPrefilter.Kind kind(int nodeType) {
        return switch (nodeType) {
            case ClpsNodeType.OBJECT -> KqlPrefilter.Kind.OBJECT;
            case ClpsNodeType.INTEGER, ClpsNodeType.DELTA_INTEGER -> KqlPrefilter.Kind.INTEGER;
            case ClpsNodeType.VAR_STRING -> KqlPrefilter.Kind.VAR_STRING;
            case ClpsNodeType.CLP_STRING -> KqlPrefilter.Kind.CLP_STRING;
            case ClpsNodeType.BOOLEAN -> KqlPrefilter.Kind.BOOLEAN;
            case ClpsNodeType.FLOAT, ClpsNodeType.FORMATTED_FLOAT, ClpsNodeType.DICTIONARY_FLOAT ->
                KqlPrefilter.Kind.FLOAT;
            case ClpsNodeType.NULL_VALUE -> KqlPrefilter.Kind.NULL;
            case ClpsNodeType.UNSTRUCTURED_ARRAY, ClpsNodeType.STRUCTURED_ARRAY -> KqlPrefilter.Kind.ARRAY;
            case ClpsNodeType.TIMESTAMP -> KqlPrefilter.Kind.TIMESTAMP;
            default -> KqlPrefilter.Kind.OTHER;
        };
    }

    /** Record {@code row} of {@code table} as the checks read it; reused for every record a thread renders. */
    static final class RowValues implements KqlPrefilter.Row {
        private final ClpsDecoding decoding;
        private final ClpsDictionary vars;
        private final ClpsJsonOut text = new ClpsJsonOut(256);
        private final ClpsJsonOut scratch = new ClpsJsonOut(64);
        ClpsTable table;
        /** The prefilter of {@link #table}, kept while consecutive records share it. */
        KqlPrefilter prefilter;

        int row;

        RowValues(ClpsDecoding d) {
            this.decoding = d;
            this.vars = d.strings.vars;
        }

        @Override
        public long value(int column) {
            ClpsColumn c = table.columns[column];
            if (inBlocks) {
                if (table != blockTable) startTable();
                int from = row & -BLOCK;
                if (stamps[column] != from) load(column, c, from);
                if (!direct[column]) return blocks[column][row - from];
            }
            return table.data.get(LittleEndian.U64, c.base + 8L * row);
        }

        /** Rows per block of a column copied out by {@link #readInBlocks}. */
        static final int BLOCK = 4096;

        private boolean inBlocks;
        private ClpsTable blockTable;
        /** Per column of {@link #blockTable}: the first row its block holds (-1: none yet), whether it is read in place, its values. */
        private int[] stamps = new int[0];

        private boolean[] direct = new boolean[0];
        private long[][] blocks = new long[0][];

        /**
         * Reads the values of a table's columns a block of rows at a time from now on, for a caller
         * that walks rows in order: one bulk copy per column and block instead of one read through
         * the memory segment per value, which the quick compiler leaves as a chain of calls (most of a
         * scan's time without the optimising compiler).
         */
        void readInBlocks() {
            inBlocks = true;
        }

        private void startTable() {
            blockTable = table;
            int n = table.columns.length;
            if (stamps.length < n) {
                stamps = new int[n];
                direct = new boolean[n];
                blocks = java.util.Arrays.copyOf(blocks, n);
            }
            java.util.Arrays.fill(stamps, 0, n, -1);
        }

        private void load(int column, ClpsColumn c, int from) {
            stamps[column] = from;
            int m = Math.min(BLOCK, table.records - from);
            long at = c.base + 8L * from;
            // A column of bytes, or one not wholly in the data (rendering reports it): read in place, as before.
            direct[column] = c.type == ClpsNodeType.BOOLEAN || m <= 0 || at < 0 || at + 8L * m > table.data.byteSize();
            if (direct[column]) return;
            if (blocks[column] == null) blocks[column] = new long[BLOCK];
            java.lang.foreign.MemorySegment.copy(table.data, LittleEndian.U64, at, blocks[column], 0, m);
        }

        @Override
        public byte[] varString(long id) {
            return id >= 0 && id < vars.size() ? vars.bytes((int) id) : null;
        }

        @Override
        public int varStrings() {
            return vars.size();
        }

        /**
         * What {@link #clpString} and {@link #valueText} gave for the current record, per column:
         * a query with many filters on one column (hundreds of {@code NOT k: N}) rebuilds it once.
         */
        private Object[] memo = new Object[0];

        private int memoRow = -1;
        private ClpsTable memoTable;
        private static final Object NONE = new Object();

        private Object memo(int slot) {
            if (memoRow != row || memoTable != table) {
                int n = 2 * table.columns.length;
                if (memo.length < n) memo = new Object[n];
                else java.util.Arrays.fill(memo, 0, n, null);
                memoRow = row;
                memoTable = table;
            }
            return memo[slot];
        }

        @Override
        public byte[] clpString(int column) {
            Object m = memo(2 * column);
            if (m != null) return m == NONE ? null : (byte[]) m;
            byte[] b = clpStringOnce(column);
            memo[2 * column] = b == null ? NONE : b;
            return b;
        }

        @Override
        public String valueText(int column) {
            Object m = memo(2 * column + 1);
            if (m != null) return m == NONE ? null : (String) m;
            String s = valueTextOnce(column);
            memo[2 * column + 1] = s == null ? NONE : s;
            return s;
        }

        @Override
        public boolean valueTextMayHold(int column, byte[] quoted) {
            if (memo(2 * column + 1) != null) return KqlPrefilter.Row.super.valueTextMayHold(column, quoted);
            if (!writeValueText(column)) {
                memo[2 * column + 1] = NONE;
                return true; // rendering reports it
            }
            if (!KqlPrefilter.Row.mayHold(text.buf, text.len, quoted)) return false;
            // kept: the caller asks valueText for it next, and it is not written twice
            memo[2 * column + 1] = writtenText();
            return true;
        }

        private byte[] clpStringOnce(int column) {
            text.reset();
            try {
                table.clpText(column, row, decoding, text);
            } catch (ClpsDecodeException | RuntimeException e) {
                return null; // rendering reports it
            }
            return java.util.Arrays.copyOf(text.buf, text.len);
        }

        private String valueTextOnce(int column) {
            return writeValueText(column) ? writtenText() : null;
        }

        /** Writes {@code column}'s value as the record's JSON does into {@link #text}; false when it cannot be (rendering reports it). */
        private boolean writeValueText(int column) {
            text.reset();
            try {
                table.valueText(column, row, decoding, text, scratch);
                return true;
            } catch (ClpsDecodeException | RuntimeException e) {
                return false;
            }
        }

        private String writtenText() {
            return new String(text.buf, 0, text.len, java.nio.charset.StandardCharsets.UTF_8);
        }

        @Override
        public boolean varStringIs(long id, byte[] value) {
            return id >= 0 && id < vars.size() && vars.is((int) id, value);
        }

        /** The log types of {@code column}'s values: a CLP string's, or an array's written whole; else null. */
        private ClpsVarDecoder templateDictionary(int column) {
            ClpsColumn c = table.columns[column];
            if (c.type == ClpsNodeType.CLP_STRING) return decoding.strings;
            if (c.type == ClpsNodeType.UNSTRUCTURED_ARRAY && table.template.columnOp[column] == ClpsTemplate.RAW_ARRAY)
                return decoding.arrays;
            return null;
        }

        @Override
        public int templateId(int column) {
            ClpsVarDecoder dec = templateDictionary(column);
            if (dec == null) return -1;
            long id = value(column) & 0xFFFFFF;
            return id < dec.logTypes() ? (int) id : -1;
        }

        @Override
        public double storedFloat(int column) {
            ClpsColumn c = table.columns[column];
            if (c.type != ClpsNodeType.FORMATTED_FLOAT || table.template.columnOp[column] != ClpsTemplate.FORMATTED)
                return Double.NaN;
            return Double.longBitsToDouble(value(column));
        }

        @Override
        public double storedFloatSlack(int column) {
            ClpsColumn c = table.columns[column];
            int format = table.data.get(LittleEndian.U16, c.second + 2L * row) & 0xffff;
            return ClpsNumberText.formattedSlack(Double.longBitsToDouble(value(column)), format);
        }

        @Override
        public int variables(int column) {
            ClpsColumn c = table.columns[column];
            if (c.type != ClpsNodeType.CLP_STRING) return -1;
            long ref = value(column);
            try {
                ClpsLogType t = decoding.strings.known(ref & 0xFFFFFF);
                // as rendering checks them; a record that fails it is rebuilt and left to rendering to report
                return t == null || (ref >>> 24) + t.variables() > c.varCount ? -1 : t.variables();
            } catch (ClpsDecodeException | RuntimeException e) {
                return -1;
            }
        }

        @Override
        public long variable(int column, int i) {
            ClpsColumn c = table.columns[column];
            return table.data.get(LittleEndian.U64, c.second + 8 * ((value(column) >>> 24) + i));
        }

        @Override
        public int templates(int column) {
            ClpsVarDecoder dec = templateDictionary(column);
            return dec == null ? 0 : dec.logTypes();
        }

        @Override
        public KqlTemplate template(int column, int id) {
            return ClpsRowPrefilter.template(templateDictionary(column), id);
        }

        @Override
        public boolean bool(int column) {
            return table.data.get(java.lang.foreign.ValueLayout.JAVA_BYTE, table.columns[column].base + row) != 0;
        }
    }
}
