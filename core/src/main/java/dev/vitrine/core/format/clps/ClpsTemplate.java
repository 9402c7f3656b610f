package dev.vitrine.core.format.clps;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How one schema's records are written as JSON: a list of operations over the table's columns,
 * built the way clp-s builds its serializer template, so key order and nesting come out as
 * `clp-s x` writes them: ordered leaves grouped under their objects in first-appearance order
 * over ascending node ids, structured arrays after them, each array spelled out by the schema's
 * delimiter spans. One deliberate difference: an empty key clp-s drops is kept ({@link #intersect}).
 */
final class ClpsTemplate {
    static final int BEGIN_OBJECT = 0,
            END_OBJECT = 1,
            BEGIN_ARRAY = 2,
            END_ARRAY = 3,
            INT = 4,
            DELTA = 5,
            FLOAT = 6,
            FORMATTED = 7,
            BOOL = 8,
            STRING = 9,
            RAW_ARRAY = 10,
            NULL = 11,
            LITERAL = 12;

    final int[] op;
    final byte[][] key;
    final int[] column;
    /** Columns in table order; index i is the i-th column of the table's bytes. */
    final int[] columnNodes;

    /** For each column, the operation that writes its value (-1 for a column no operation reads, such as log_event_idx). */
    final int[] columnOp;

    private ClpsTemplate(int[] op, byte[][] key, int[] column, int[] columnNodes) {
        this.op = op;
        this.key = key;
        this.column = column;
        this.columnNodes = columnNodes;
        this.columnOp = new int[columnNodes.length];
        java.util.Arrays.fill(columnOp, -1);
        for (int k = 0; k < op.length; k++)
            if (column[k] >= 0 && column[k] < columnOp.length) columnOp[column[k]] = op[k];
    }

    /** Whether a node of {@code type} at schema position {@code ordered} has a column in the table. */
    static boolean hasColumn(int type, boolean ordered) {
        return switch (type) {
            case ClpsNodeType.INTEGER,
                    ClpsNodeType.DELTA_INTEGER,
                    ClpsNodeType.FLOAT,
                    ClpsNodeType.FORMATTED_FLOAT,
                    ClpsNodeType.DICTIONARY_FLOAT,
                    ClpsNodeType.CLP_STRING,
                    ClpsNodeType.VAR_STRING,
                    ClpsNodeType.BOOLEAN -> true;
            case ClpsNodeType.UNSTRUCTURED_ARRAY, ClpsNodeType.DATE_STRING, ClpsNodeType.TIMESTAMP -> ordered;
            default -> false;
        };
    }

    /** The column nodes of a schema in table order. */
    static int[] columnNodes(ClpsSchemaMap.Schema s, ClpsSchemaTree tree) {
        List<Integer> out = new ArrayList<>();
        int[] e = s.entries();
        for (int i = 0; i < e.length; i++) {
            boolean ordered = i < s.numOrdered();
            if (!ordered && ClpsSchemaMap.isDelimiter(e[i])) continue;
            if (hasColumn(tree.type[e[i]], ordered)) out.add(e[i]);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static final class Builder {
        final ClpsSchemaTree t;
        final List<Integer> ops = new ArrayList<>();
        final List<byte[]> keys = new ArrayList<>();
        final List<Integer> cols = new ArrayList<>();
        final Map<Integer, Integer> columnOf = new HashMap<>();
        int budget;

        Builder(ClpsSchemaTree t, int budget) {
            this.t = t;
            this.budget = budget;
        }

        void add(int op, int node, int col) throws ClpsDecodeException {
            if (--budget < 0) throw new ClpsDecodeException(-1, "schema template grows without bound");
            ops.add(op);
            keys.add(keyBytes(node));
            cols.add(col);
        }

        byte[] keyBytes(int node) {
            if (node < 0) return null;
            ClpsJsonOut o = new ClpsJsonOut(t.key[node].length + 4);
            o.put((byte) '"');
            o.escaped(t.key[node]);
            o.put((byte) '"');
            o.put((byte) ':');
            return java.util.Arrays.copyOf(o.buf, o.len);
        }

        int col(int node) throws ClpsDecodeException {
            Integer c = columnOf.get(node);
            if (c == null) throw new ClpsDecodeException(-1, "schema node " + node + " has no column in its table");
            return c;
        }

        /** A named leaf or value op (node < 0 would be unnamed). */
        void leaf(int type, int node, boolean named, int col) throws ClpsDecodeException {
            int k = named ? node : -1;
            switch (type) {
                case ClpsNodeType.INTEGER -> add(INT, k, col);
                case ClpsNodeType.DELTA_INTEGER -> add(DELTA, k, col);
                case ClpsNodeType.FLOAT -> add(FLOAT, k, col);
                case ClpsNodeType.FORMATTED_FLOAT, ClpsNodeType.DICTIONARY_FLOAT -> add(FORMATTED, k, col);
                case ClpsNodeType.BOOLEAN -> add(BOOL, k, col);
                case ClpsNodeType.CLP_STRING, ClpsNodeType.VAR_STRING, ClpsNodeType.DATE_STRING -> add(STRING, k, col);
                case ClpsNodeType.UNSTRUCTURED_ARRAY -> add(RAW_ARRAY, k, col);
                case ClpsNodeType.TIMESTAMP -> add(LITERAL, k, col);
                default -> throw new IllegalStateException();
            }
        }
    }

    static ClpsTemplate build(ClpsSchemaMap.Schema s, ClpsSchemaTree t, int maxOps) throws ClpsDecodeException {
        int[] e = s.entries();
        int[] colNodes = columnNodes(s, t);
        Builder b = new Builder(t, maxOps);
        // Ordered columns by node; unordered spans by their subtree root (clp keeps the first).
        int colIdx = 0;
        TreeMap<Integer, int[]> unordered = new TreeMap<>();
        for (int i = 0; i < e.length; i++) {
            boolean ordered = i < s.numOrdered();
            if (!ordered && ClpsSchemaMap.isDelimiter(e[i])) {
                int len = ClpsSchemaMap.delimiterLength(e[i]);
                int first = firstColumn(e, i + 1, i + 1 + len);
                int root = first < 0 ? -1 : t.outermostOfType(-1, first, ClpsSchemaMap.delimiterType(e[i]));
                int start = colIdx;
                for (int j = i + 1; j < i + 1 + len; j++)
                    if (!ClpsSchemaMap.isDelimiter(e[j]) && hasColumn(t.type[e[j]], false)) colIdx++;
                if (root >= 0) unordered.putIfAbsent(root, new int[] {start, i + 1, i + 1 + len});
                i += len;
                continue;
            }
            if (!ordered) {
                unordered.putIfAbsent(e[i], new int[] {colIdx, i, i});
                continue;
            }
            if (hasColumn(t.type[e[i]], true)) b.columnOf.putIfAbsent(e[i], colIdx++);
        }
        // The record's local tree: each ordered leaf's path, then each structured array's path.
        Map<Integer, List<Integer>> children = new LinkedHashMap<>();
        java.util.Set<Integer> added = new java.util.HashSet<>();
        for (int i = 0; i < s.numOrdered(); i++) addPath(t, e[i], children, added);
        for (int root : unordered.keySet()) addPath(t, root, children, added);
        if (t.objectRoot >= 0 && added.contains(t.objectRoot)) object(b, t.objectRoot, children, unordered, e, 0);
        int n = b.ops.size();
        int[] op = new int[n], col = new int[n];
        byte[][] key = new byte[n][];
        for (int i = 0; i < n; i++) {
            op[i] = b.ops.get(i);
            key[i] = b.keys.get(i);
            col[i] = b.cols.get(i);
        }
        return new ClpsTemplate(op, key, col, colNodes);
    }

    private static int firstColumn(int[] e, int from, int to) {
        for (int i = from; i < to; i++) if (!ClpsSchemaMap.isDelimiter(e[i])) return e[i];
        return -1;
    }

    private static void addPath(
            ClpsSchemaTree t, int node, Map<Integer, List<Integer>> children, java.util.Set<Integer> added) {
        java.util.ArrayDeque<Integer> path = new java.util.ArrayDeque<>();
        for (int p = node; p >= 0 && !added.contains(p) && path.size() <= t.size(); p = t.parent[p]) path.push(p);
        while (!path.isEmpty()) {
            int x = path.pop();
            added.add(x);
            children.computeIfAbsent(t.parent[x], k -> new ArrayList<>()).add(x);
        }
    }

    private static void object(
            Builder b,
            int id,
            Map<Integer, List<Integer>> children,
            TreeMap<Integer, int[]> unordered,
            int[] e,
            int depth)
            throws ClpsDecodeException {
        if (depth > 10_000) throw new ClpsDecodeException(-1, "schema nests too deep");
        ClpsSchemaTree t = b.t;
        for (int child : children.getOrDefault(id, List.of())) {
            int type = t.type[child];
            switch (type) {
                case ClpsNodeType.OBJECT -> {
                    b.add(BEGIN_OBJECT, child, -1);
                    object(b, child, children, unordered, e, depth + 1);
                    b.add(END_OBJECT, -1, -1);
                }
                case ClpsNodeType.STRUCTURED_ARRAY -> {
                    b.add(BEGIN_ARRAY, child, -1);
                    int[] span = unordered.get(child);
                    if (span != null) structuredArray(b, child, span[0], e, span[1], span[2]);
                    b.add(END_ARRAY, -1, -1);
                }
                case ClpsNodeType.NULL_VALUE -> b.add(NULL, child, -1);
                case ClpsNodeType.METADATA, ClpsNodeType.UNKNOWN -> {}
                default -> b.leaf(type, child, true, b.col(child));
            }
        }
    }

    private static int structuredArray(Builder b, int arrayRoot, int colIdx, int[] e, int from, int to)
            throws ClpsDecodeException {
        ClpsSchemaTree t = b.t;
        List<Integer> path = new ArrayList<>();
        int depth = t.depth[arrayRoot];
        for (int i = from; i < to; i++) {
            int g = e[i];
            if (ClpsSchemaMap.isDelimiter(g)) {
                int type = ClpsSchemaMap.delimiterType(g);
                int len = ClpsSchemaMap.delimiterLength(g);
                int first = firstColumn(e, i + 1, i + 1 + len);
                if (type == ClpsNodeType.STRUCTURED_ARRAY) {
                    int sub = first < 0 ? -1 : t.outermostOfType(arrayRoot, first, ClpsNodeType.STRUCTURED_ARRAY);
                    b.add(BEGIN_ARRAY, -1, -1);
                    colIdx = structuredArray(b, checked(sub), colIdx, e, i + 1, i + 1 + len);
                    b.add(END_ARRAY, -1, -1);
                } else if (type == ClpsNodeType.OBJECT) {
                    int obj = first < 0 ? -1 : t.outermostOfType(arrayRoot, first, ClpsNodeType.OBJECT);
                    b.add(BEGIN_OBJECT, -1, -1);
                    colIdx = structuredObject(b, checked(obj), colIdx, e, i + 1, i + 1 + len);
                    b.add(END_OBJECT, -1, -1);
                }
                i += len;
                continue;
            }
            int type = t.type[g];
            switch (type) {
                case ClpsNodeType.OBJECT -> {
                    intersect(b, arrayRoot, g, path);
                    for (int j = 0; j < t.depth[g] - depth; j++) b.add(END_OBJECT, -1, -1);
                }
                case ClpsNodeType.STRUCTURED_ARRAY -> {
                    b.add(BEGIN_ARRAY, -1, -1);
                    b.add(END_ARRAY, -1, -1);
                }
                case ClpsNodeType.NULL_VALUE -> b.add(NULL, -1, -1);
                default -> {
                    if (hasColumn(type, false)) b.leaf(type, g, false, colIdx++);
                }
            }
        }
        return colIdx;
    }

    private static int structuredObject(Builder b, int objectRoot, int colIdx, int[] e, int from, int to)
            throws ClpsDecodeException {
        ClpsSchemaTree t = b.t;
        int root = objectRoot;
        List<Integer> path = new ArrayList<>();
        for (int i = from; i < to; i++) {
            int g = e[i];
            if (ClpsSchemaMap.isDelimiter(g)) {
                int len = ClpsSchemaMap.delimiterLength(g);
                int first = firstColumn(e, i + 1, i + 1 + len);
                int arrayRoot =
                        checked(first < 0 ? -1 : t.outermostOfType(objectRoot, first, ClpsNodeType.STRUCTURED_ARRAY));
                intersect(b, root, arrayRoot, path);
                colIdx = structuredArray(b, arrayRoot, colIdx, e, i + 1, i + 1 + len);
                b.add(END_ARRAY, -1, -1);
                i += len;
                root = t.parent[arrayRoot];
                continue;
            }
            int next = t.parent[g];
            intersect(b, root, next, path);
            root = next;
            int type = t.type[g];
            switch (type) {
                case ClpsNodeType.OBJECT -> {
                    b.add(BEGIN_OBJECT, g, -1);
                    b.add(END_OBJECT, -1, -1);
                }
                case ClpsNodeType.STRUCTURED_ARRAY -> {
                    b.add(BEGIN_ARRAY, g, -1);
                    b.add(END_ARRAY, -1, -1);
                }
                case ClpsNodeType.NULL_VALUE -> b.add(NULL, g, -1);
                default -> {
                    if (hasColumn(type, false)) b.leaf(type, g, true, colIdx++);
                }
            }
        }
        intersect(b, root, objectRoot, path);
        return colIdx;
    }

    private static int checked(int node) throws ClpsDecodeException {
        if (node < 0) throw new ClpsDecodeException(-1, "structured array span has no subtree root in the schema tree");
        return node;
    }

    /** Closes objects from {@code cur} up to the common parent with {@code next}, then opens the path down to {@code next}. */
    private static void intersect(Builder b, int cur, int next, List<Integer> path) throws ClpsDecodeException {
        ClpsSchemaTree t = b.t;
        int guard = 0;
        while (true) {
            if (cur < 0 || next < 0 || ++guard > 2 * t.size() + 2)
                throw new ClpsDecodeException(-1, "structured schema path leaves the schema tree");
            if (t.parent[cur] == t.parent[next]) break;
            if (t.depth[cur] > t.depth[next]) {
                cur = t.parent[cur];
                b.add(END_OBJECT, -1, -1);
            } else if (t.depth[cur] < t.depth[next]) {
                path.add(next);
                next = t.parent[next];
            } else {
                cur = t.parent[cur];
                b.add(END_OBJECT, -1, -1);
                path.add(next);
                next = t.parent[next];
            }
        }
        if (cur != next) {
            b.add(END_OBJECT, -1, -1);
            path.add(next);
        }
        for (int i = path.size() - 1; i >= 0; i--) {
            int n = path.get(i);
            // An array's elements have no key; an object's members always have one, even "".
            // clp-s tests the key's length instead, so it drops an empty key from an object in
            // an array ({"a":[{"":{"b":0}}]} comes out as {"a":[{{"b":0}}]}, not JSON): here
            // the record is written as it was ingested.
            int parent = t.parent[n];
            int named = parent >= 0 && t.type[parent] == ClpsNodeType.STRUCTURED_ARRAY ? -1 : n;
            if (t.type[n] == ClpsNodeType.OBJECT) b.add(BEGIN_OBJECT, named, -1);
            else if (t.type[n] == ClpsNodeType.STRUCTURED_ARRAY) b.add(BEGIN_ARRAY, named, -1);
        }
        path.clear();
    }
}
