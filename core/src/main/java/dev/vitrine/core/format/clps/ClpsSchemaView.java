package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.FilterableRecords;
import dev.vitrine.core.model.SchemaTree;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The schema tree, schemas and column sizes for the window's schema view; key paths for the records table. */
final class ClpsSchemaView implements SchemaTree {
    private final ClpsArchive a;
    private List<KeyNode> nodes;
    private List<Schema> schemas;

    ClpsSchemaView(ClpsArchive a) {
        this.a = a;
    }

    private ClpsSchemaTree tree() throws IOException {
        ClpsLoaded<ClpsSchemaTree> t = a.schemaTree();
        if (t.problem() != null) throw ClpsRecords.asException(t.problem());
        return t.value();
    }

    @Override
    public synchronized List<KeyNode> keyNodes() throws IOException {
        if (nodes != null) return nodes;
        ClpsSchemaTree t = tree();
        long[] records = new long[t.size()];
        ClpsSchemaMap m = a.schemaMap().value();
        ClpsTableMetadata tm = a.tableMetadata().value();
        if (m != null && tm != null) {
            Map<Integer, Long> perSchema = new HashMap<>();
            for (ClpsTableMetadata.Table tb : tm.tables) perSchema.merge(tb.schemaId(), tb.records(), Long::sum);
            int[] seen = new int[t.size()];
            int mark = 0;
            for (ClpsSchemaMap.Schema s : m.schemas.values()) {
                long n = perSchema.getOrDefault(s.id(), 0L);
                if (n == 0) continue;
                mark++;
                for (int j = 0; j < s.entries().length; j++) {
                    int e = s.entries()[j];
                    if (j >= s.numOrdered() && ClpsSchemaMap.isDelimiter(e)) continue;
                    int steps = 0;
                    for (int p = e; p >= 0 && p < t.size() && seen[p] != mark && steps++ <= t.size(); p = t.parent[p]) {
                        seen[p] = mark;
                        records[p] += n;
                    }
                }
            }
        }
        List<KeyNode> out = new ArrayList<>(t.size());
        for (int i = 0; i < t.size(); i++) {
            int root = i;
            int steps = 0;
            while (t.parent[root] >= 0 && steps++ <= t.size()) root = t.parent[root];
            boolean content = root != t.metadataRoot;
            out.add(new KeyNode(i, t.parent[i], t.keyText(i), ClpsNodeType.name(t.type[i]), content, records[i]));
        }
        return nodes = List.copyOf(out);
    }

    @Override
    public synchronized List<Schema> schemas() throws IOException {
        if (schemas != null) return schemas;
        tree();
        ClpsLoaded<ClpsSchemaMap> ml = a.schemaMap();
        if (ml.problem() != null) throw ClpsRecords.asException(ml.problem());
        ClpsTableMetadata tm = a.tableMetadata().value();
        Map<Integer, long[]> perSchema = new HashMap<>();
        if (tm != null) {
            for (ClpsTableMetadata.Table tb : tm.tables) {
                long[] c = perSchema.computeIfAbsent(tb.schemaId(), k -> new long[2]);
                c[0] += tb.records();
                c[1]++;
            }
        }
        List<Schema> out = new ArrayList<>();
        for (ClpsSchemaMap.Schema s : ml.value().schemas.values()) {
            List<Integer> leaves = new ArrayList<>();
            for (int j = 0; j < s.entries().length; j++) {
                if (j >= s.numOrdered() && ClpsSchemaMap.isDelimiter(s.entries()[j])) continue;
                leaves.add(s.entries()[j]);
            }
            long[] c = perSchema.getOrDefault(s.id(), new long[2]);
            out.add(new Schema(s.id(), List.copyOf(leaves), c[0], (int) c[1]));
        }
        return schemas = List.copyOf(out);
    }

    @Override
    public Map<Integer, Long> columnBytes() throws IOException {
        ClpsTables tables = a.records().decoded(true).tables();
        Map<Integer, Long> out = new HashMap<>();
        for (int t = 0; t < tables.size(); t++) {
            ClpsTable tb = tables.table(t);
            long end = tb.meta.offset() + tb.meta.length();
            for (int i = 0; i < tb.columns.length; i++) {
                long next = i + 1 < tb.columns.length ? tb.columns[i + 1].base : end;
                out.merge(tb.columns[i].node, next - tb.columns[i].base, Long::sum);
            }
        }
        return out;
    }

    /** Leaf key paths of record content (arrays and empty objects count as leaves), most frequent first. */
    List<FilterableRecords.KeyPath> keyPaths(int max) throws IOException {
        List<KeyNode> ns = keyNodes();
        ClpsSchemaTree t = tree();
        boolean[] hasChild = new boolean[ns.size()];
        for (KeyNode n : ns) if (n.parent() >= 0) hasChild[n.parent()] = true;
        Map<List<String>, long[]> paths = new LinkedHashMap<>();
        for (KeyNode n : ns) {
            if (!n.content() || n.parent() < 0 || n.records() == 0) continue;
            int type = t.type[n.id()];
            if (type == ClpsNodeType.OBJECT && hasChild[n.id()]) continue;
            List<String> keys = new ArrayList<>();
            boolean inArray = false;
            int steps = 0;
            for (int p = n.id(); p >= 0 && t.parent[p] >= 0 && steps++ <= t.size(); p = t.parent[p]) {
                if (p != n.id()
                        && (t.type[p] == ClpsNodeType.STRUCTURED_ARRAY || t.type[p] == ClpsNodeType.UNSTRUCTURED_ARRAY))
                    inArray = true;
                keys.addFirst(t.keyText(p));
            }
            if (inArray) continue;
            long[] c = paths.computeIfAbsent(List.copyOf(keys), k -> new long[] {0, n.id()});
            c[0] += n.records();
        }
        List<Map.Entry<List<String>, long[]>> es = new ArrayList<>(paths.entrySet());
        es.sort(Comparator.comparingLong((Map.Entry<List<String>, long[]> e) -> -e.getValue()[0])
                .thenComparingLong(e -> e.getValue()[1]));
        List<FilterableRecords.KeyPath> out = new ArrayList<>();
        for (var e : es) {
            if (out.size() >= max) break;
            out.add(new FilterableRecords.KeyPath(e.getKey(), e.getValue()[0]));
        }
        return out;
    }
}
